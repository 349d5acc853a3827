"use client";
// The sign-in and first-account forms: post to the cookie doors (server/http/routes/auth.ts), then go on to `next`.
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { Field, FormError } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";

export interface AuthFormProps {
  action: "/api/auth/login" | "/api/auth/signup";
  submitLabel: string;
  withName?: boolean;
  next: string;
}

interface ApiError {
  error?: { message?: string; field?: string; suggestion?: string };
}

export function AuthForm({ action, submitLabel, withName = false, next }: AuthFormProps) {
  const [error, setError] = useState<ApiError["error"] | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => {
      const v = form.get(name);
      return typeof v === "string" ? v : "";
    };
    const body: Record<string, string> = { email: field("email"), password: field("password") };
    const name = field("name").trim();
    if (withName && name) body.name = name;
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(action, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (res.ok) {
        window.location.assign(next);
        return;
      }
      setError(((await res.json().catch(() => ({}))) as ApiError).error ?? { message: `HTTP ${res.status}` });
    } catch {
      setError({ message: "The server could not be reached." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
      {withName && (
        <Field label="Name">
          <Input name="name" autoComplete="name" maxLength={100} />
        </Field>
      )}
      <Field label="Email">
        <Input name="email" type="email" required autoComplete="email" autoFocus />
      </Field>
      <Field label="Password" hint={withName ? "At least 8 characters." : undefined}>
        <Input
          name="password"
          type="password"
          required
          minLength={withName ? 8 : 1}
          autoComplete={withName ? "new-password" : "current-password"}
        />
      </Field>
      <FormError error={error} />
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? "…" : submitLabel}
      </Button>
    </form>
  );
}
