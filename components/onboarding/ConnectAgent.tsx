"use client";
// The first-run page of an empty project: create a key in place, copy a set-up snippet for the agent's client
// (filled in with this server's URL and the new key), and wait: the sessions list (components/sessions/
// SessionsTable.tsx) watches the project's activity and opens the first session as its first thought arrives.
import { useMutation, useQuery } from "@tanstack/react-query";
import { Check, KeyRound, Radio, Terminal } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import { can } from "@/lib/auth/roles";
import { MAX_KEY_NAME_CHARS } from "@/lib/contracts/zod-free";
import { AgentSnippets } from "@/components/onboarding/AgentSnippets";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Button } from "@/components/ui/Button";
import { cn } from "@/components/ui/cn";
import { CopyButton } from "@/components/ui/CopyButton";
import { Input } from "@/components/ui/Input";
import { MutationError } from "@/components/ui/MutationError";

function Step({
  n,
  title,
  done,
  children,
  icon,
}: {
  n: number;
  title: string;
  done?: boolean;
  children: ReactNode;
  icon: ReactNode;
}) {
  return (
    <li className="relative flex gap-4 pb-8 last:pb-0">
      <span aria-hidden className="absolute top-8 bottom-0 left-4 w-px bg-border [li:last-child>&]:hidden" />
      <span
        className={cn(
          "z-10 flex size-8 shrink-0 items-center justify-center rounded-full border bg-background text-sm font-semibold",
          done && "border-primary bg-primary text-primary-foreground",
        )}
      >
        {done ? <Check className="size-4" aria-label={`Step ${n} done`} /> : icon}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-3 pt-1">
        <h2 className="text-lg font-semibold">{title}</h2>
        {children}
      </div>
    </li>
  );
}

export function ConnectAgent() {
  const trpc = useTRPC();
  const current = useQuery(trpc.project.current.queryOptions());
  const mayCreate = current.data ? can(current.data.role, "keys.manage") : false;
  const [key, setKey] = useState<string | null>(null);
  const create = useMutation(trpc.project.createKey.mutationOptions({ onSuccess: (answer) => setKey(answer.key) }));

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const name = new FormData(e.currentTarget).get("name");
    create.mutate({ name: typeof name === "string" ? name : "", scope: "write" });
  };

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">Connect an agent</h1>
        <p className="text-base text-muted-foreground">
          {current.data ? <strong className="font-medium text-foreground">{current.data.name}</strong> : "This project"}{" "}
          has no sessions yet. Give an agent a key and one of the snippets below; its reasoning appears here as a live
          graph of thoughts, branches and revisions.
        </p>
      </header>
      <ol className="flex flex-col">
        <Step n={1} title="Create an API key" done={key !== null} icon={<KeyRound className="size-4" aria-hidden />}>
          {key ? (
            <div role="status" className="flex flex-col gap-2 rounded-lg border border-primary/30 bg-accent/50 p-3">
              <p className="text-sm">
                <strong className="font-medium">Your new write key.</strong> It is shown only this once and is filled
                into the snippets below.
              </p>
              <div className="flex gap-2">
                <Input
                  readOnly
                  value={key}
                  aria-label="New API key"
                  className="font-mono text-sm"
                  onFocus={(e) => e.currentTarget.select()}
                />
                <CopyButton text={key} />
              </div>
            </div>
          ) : mayCreate ? (
            <form aria-label="New API key" className="flex flex-wrap items-start gap-2" onSubmit={onSubmit}>
              <Input
                name="name"
                aria-label="Key name"
                required
                maxLength={MAX_KEY_NAME_CHARS}
                defaultValue="my agent"
                className="w-56"
              />
              <Button type="submit" disabled={create.isPending}>
                <KeyRound aria-hidden />
                Create key
              </Button>
              <p className="basis-full text-sm text-muted-foreground">
                A write key records thoughts and scores. Manage keys later in Settings.
              </p>
              <MutationError error={create.error} className="basis-full" />
            </form>
          ) : (
            <p className="text-sm text-muted-foreground">
              Only owners and admins create keys. Ask one for a write key, and paste it where the snippets say
              YOUR_API_KEY.
            </p>
          )}
        </Step>
        <Step n={2} title="Point your agent at this server" icon={<Terminal className="size-4" aria-hidden />}>
          <AgentSnippets apiKey={key} />
        </Step>
        <Step n={3} title="Watch it think" icon={<Radio className="size-4" aria-hidden />}>
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <span className="relative flex size-2">
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-primary opacity-60" />
              <span className="relative inline-flex size-2 rounded-full bg-primary" />
            </span>
            Waiting for the first thought. Its session opens here as soon as it arrives.
          </p>
        </Step>
      </ol>
    </div>
  );
}
