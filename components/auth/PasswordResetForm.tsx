"use client";
// The form of a password reset link (the /reset-password/<token> page): a new password for the member the link was
// made for, posted with the token to POST /api/auth/password-reset, which checks the link again, sets the password
// and signs the member in here.
import { useState, type FormEvent } from "react";
import { MIN_PASSWORD } from "@/lib/contracts/zod-free";
import { Button } from "@/components/ui/Button";
import { Field, FormError } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";

interface ApiError {
  message?: string;
  suggestion?: string;
}

export function PasswordResetForm({ token, email }: { token: string; email: string }) {
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => {
      const v = form.get(name);
      return typeof v === "string" ? v : "";
    };
    const password = field("password");
    if (password !== field("again")) {
      setError({ message: "The two passwords differ.", suggestion: "Type the same new password in both fields." });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await fetch("/api/auth/password-reset", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token, password }),
      });
      if (res.ok) {
        window.location.assign("/");
        return;
      }
      const answer = (await res.json().catch(() => ({}))) as { error?: ApiError };
      setError(answer.error ?? { message: `HTTP ${res.status}` });
    } catch {
      setError({ message: "The server could not be reached." });
    }
    setBusy(false);
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} aria-label="Set a new password">
      <Field label="Email">
        <Input name="email" type="email" value={email} readOnly autoComplete="username" />
      </Field>
      <Field label="New password" hint={`At least ${MIN_PASSWORD} characters.`}>
        <Input
          name="password"
          type="password"
          required
          minLength={MIN_PASSWORD}
          autoComplete="new-password"
          autoFocus
        />
      </Field>
      <Field label="New password again">
        <Input name="again" type="password" required minLength={MIN_PASSWORD} autoComplete="new-password" />
      </Field>
      <FormError error={error} />
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? "…" : "Set password and sign in"}
      </Button>
    </form>
  );
}
