"use client";
// A page that failed on the server (most often: its database is restarting or out of reach), instead of Next's bare
// "Application error". Production hides the cause from the browser, so the screen says what usually happened and tries
// the page again by itself every few seconds; "Try again now" does it at once.
import { ServerCrash } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/Button";
import { Page } from "@/components/ui/Page";

const RETRY_EVERY_S = 5;

export default function PageError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  const [left, setLeft] = useState(RETRY_EVERY_S);
  useEffect(() => {
    const tick = setTimeout(() => {
      if (left > 1) return setLeft(left - 1);
      setLeft(RETRY_EVERY_S);
      retry();
    }, 1_000);
    return () => clearTimeout(tick);
  }, [left, retry]);
  return (
    <Page width="narrow" className="flex-1 items-center justify-center text-center">
      <div role="alert" className="flex flex-col items-center gap-3 py-16">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <ServerCrash className="size-6" aria-hidden />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight">This page could not be loaded</h1>
        <p className="max-w-md text-base text-muted-foreground">
          The server could not finish it, most often because its database is restarting or out of reach.
        </p>
        <p className="text-sm text-muted-foreground">Trying again in {left} s.</p>
        <Button className="mt-2" onClick={() => retry()}>
          Try again now
        </Button>
        {error.digest ? <p className="text-xs text-muted-foreground">Reference: {error.digest}</p> : null}
      </div>
    </Page>
  );
}
