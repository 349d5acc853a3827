"use client";
// Accepting an invitation link (the /invite/<token> page): a signed-in person joins with one button; a visitor
// without an account creates one here and is signed in. Both post to the cookie door
// POST /api/auth/invitations/accept, which checks the link again and writes everything in one transaction.
import { useState, type FormEvent } from "react";
import { MIN_PASSWORD } from "@/lib/contracts/zod-free";
import type { AcceptInvitationResult } from "@/lib/contracts/settings";
import type { Role } from "@/lib/auth/roles";
import { Button } from "@/components/ui/Button";
import { Field, FormError } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";

export interface InviteAcceptProps {
  token: string;
  projectName: string;
  role: Role;
  /** The only email that may accept, if the link is restricted. */
  email: string | null;
  /** Whether the visitor is signed in (then they join as themselves). */
  signedIn: boolean;
}

interface ApiError {
  error?: { message?: string; suggestion?: string };
}

async function accept(body: Record<string, string>): Promise<AcceptInvitationResult | ApiError["error"]> {
  try {
    const res = await fetch("/api/auth/invitations/accept", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = (await res.json().catch(() => ({}))) as AcceptInvitationResult & ApiError;
    return res.ok ? answer : (answer.error ?? { message: `HTTP ${res.status}` });
  } catch {
    return { message: "The server could not be reached." };
  }
}

export function InviteAccept({ token, projectName, role, email, signedIn }: InviteAcceptProps) {
  const [error, setError] = useState<ApiError["error"] | null>(null);
  const [already, setAlready] = useState<Role | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(body: Record<string, string>) {
    setBusy(true);
    setError(null);
    const answer = await accept({ token, ...body });
    setBusy(false);
    if (answer && "ok" in answer) {
      if (answer.alreadyMember) setAlready(answer.role);
      else window.location.assign("/");
      return;
    }
    setError(answer ?? { message: "Unknown error." });
  }

  function submitAccount(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => {
      const v = form.get(name);
      return typeof v === "string" ? v : "";
    };
    const name = field("name").trim();
    void send({ email: email ?? field("email"), password: field("password"), ...(name ? { name } : {}) });
  }

  if (already) {
    return (
      <p role="status" className="text-base">
        You were a member of {projectName} already; your role there is {already}.{" "}
        <a href="/" className="font-medium text-primary hover:underline">
          Open it
        </a>
        .
      </p>
    );
  }

  const problem = <FormError error={error} />;

  if (signedIn) {
    return (
      <div className="flex flex-col gap-4">
        {problem}
        <Button disabled={busy} onClick={() => void send({})} className="w-full">
          {busy ? "…" : `Join ${projectName} as ${role}`}
        </Button>
      </div>
    );
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={submitAccount} aria-label="Create your account">
      <Field label="Email">
        {email ? (
          <Input name="email" type="email" value={email} readOnly />
        ) : (
          <Input name="email" type="email" required autoComplete="email" autoFocus />
        )}
      </Field>
      <Field label="Name">
        <Input name="name" autoComplete="name" maxLength={100} />
      </Field>
      <Field label="Password" hint={`At least ${MIN_PASSWORD} characters.`}>
        <Input name="password" type="password" required minLength={MIN_PASSWORD} autoComplete="new-password" />
      </Field>
      {problem}
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? "…" : `Create account and join as ${role}`}
      </Button>
    </form>
  );
}
