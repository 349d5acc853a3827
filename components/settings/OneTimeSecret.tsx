"use client";
// A secret the server shows only once (an invitation link, an API key): readable, selectable, copyable, dismissable.
// `children` follow the secret (the agent snippets under a new API key).
import { KeyRound } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/Button";
import { CopyButton } from "@/components/ui/CopyButton";
import { Input } from "@/components/ui/Input";

export function OneTimeSecret({
  title,
  secret,
  onDone,
  children,
}: {
  title: string;
  secret: string;
  onDone: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-primary/30 bg-accent/40 p-4" role="status">
      <p className="flex items-center gap-2 text-sm">
        <KeyRound className="size-4 text-primary" aria-hidden />
        <span>
          <strong className="font-medium">{title}</strong> It is shown only this once; copy it now.
        </span>
      </p>
      <div className="flex gap-2">
        <Input
          readOnly
          value={secret}
          aria-label={title}
          className="font-mono text-sm"
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton text={secret} size="default" />
        <Button variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
      {children}
    </div>
  );
}
