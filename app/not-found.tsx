// The branded 404, inside the app shell when the visitor is signed in (unknown URLs, a share link that was revoked,
// a session or queue id that does not exist once a page calls notFound()).
import { FileQuestion } from "lucide-react";
import Link from "next/link";
import { AppShell } from "@/components/shell/AppShell";
import { Button } from "@/components/ui/Button";
import { Page } from "@/components/ui/Page";
import { meView } from "@/server/auth/actor";
import { pageActor } from "@/server/auth/page-actor";
import { getDb } from "@/server/db/client";

export default async function NotFound() {
  const { actor } = await pageActor();
  const me = actor ? await meView(getDb(), actor) : null;
  return (
    <AppShell me={me}>
      <Page width="narrow" className="flex-1 items-center justify-center text-center">
        <div className="flex flex-col items-center gap-3 py-16">
          <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <FileQuestion className="size-6" aria-hidden />
          </span>
          <p className="text-sm font-medium text-muted-foreground">404</p>
          <h1 className="text-2xl font-semibold tracking-tight">This page does not exist</h1>
          <p className="max-w-md text-base text-muted-foreground">
            The link may be mistyped, or what it pointed to was deleted or is no longer shared.
          </p>
          <div className="mt-2 flex gap-2">
            <Button asChild>
              <Link href="/">Go to sessions</Link>
            </Button>
            {me ? (
              <Button asChild variant="outline">
                <Link href="/queues">Annotation queues</Link>
              </Button>
            ) : null}
          </div>
        </div>
      </Page>
    </AppShell>
  );
}
