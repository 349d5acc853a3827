"use client";
// "Use another account" on the consent page: signs out and goes through the sign-in page back to the same request,
// so a person at a browser someone else signed in to approves the app as themselves.
import { useState } from "react";
import { Button } from "@/components/ui/Button";

export function SwitchAccount({ returnTo }: { returnTo: string }) {
  const [pending, setPending] = useState(false);
  const switchAccount = async () => {
    setPending(true);
    await fetch("/api/auth/logout", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    location.assign(`/login?next=${encodeURIComponent(returnTo)}`);
  };
  return (
    <Button variant="link" className="h-auto p-0 text-sm" disabled={pending} onClick={() => void switchAccount()}>
      Use another account
    </Button>
  );
}
