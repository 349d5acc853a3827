"use client";
// A judge's preview: pick a session (and a thought, for a thought judge), run the judge once, and read exactly what
// was sent (the system and user messages, the answer's schema) beside what came back: the value that would be stored,
// its rationale and confidence, or the provider's error. Nothing is stored; the call counts against the budget.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { JudgeView, PreviewResult } from "@/lib/contracts/judges";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Button } from "@/components/ui/Button";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/Collapsible";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/Dialog";
import { Field } from "@/components/ui/Field";
import { MutationError } from "@/components/ui/MutationError";
import { NativeSelect } from "@/components/ui/Select";
import { formatCost } from "./judge-words";

export function PreviewDialog({
  judge,
  open,
  onOpenChange,
}: {
  judge: JudgeView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const sessions = useQuery({
    ...trpc.sessions.table.queryOptions({ pageSize: 50, sort: "activity", order: "desc", page: 1 }),
    enabled: open,
  });
  const [sessionId, setSessionId] = useState("");
  const [thoughtId, setThoughtId] = useState("");
  const outline = useQuery({
    ...trpc.sessions.outline.queryOptions({ id: sessionId }),
    enabled: open && sessionId !== "" && judge.target === "thought",
  });
  const preview = useMutation(trpc.judges.preview.mutationOptions());
  const ready = sessionId !== "" && (judge.target === "session" || thoughtId !== "");

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-5xl">
        <DialogHeader>
          <DialogTitle>Preview &ldquo;{judge.name}&rdquo;</DialogTitle>
          <DialogDescription>
            Runs the judge once on what you pick and shows the exact prompt sent. Nothing is stored.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-end gap-3">
          <Field label="Session" className="min-w-64 flex-1">
            <NativeSelect
              value={sessionId}
              onChange={(e) => {
                setSessionId(e.target.value);
                setThoughtId("");
              }}
            >
              <option value="">Choose a session…</option>
              {(sessions.data?.sessions ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title ?? s.key ?? s.id} ({s.thoughtCount} thoughts)
                </option>
              ))}
            </NativeSelect>
          </Field>
          {judge.target === "thought" ? (
            <Field label="Thought" className="min-w-64 flex-1">
              <NativeSelect value={thoughtId} onChange={(e) => setThoughtId(e.target.value)} disabled={!outline.data}>
                <option value="">Choose a thought…</option>
                {(outline.data?.thoughts ?? []).map((t) => (
                  <option key={t.id} value={t.id}>
                    #{t.thoughtNumber}
                    {t.branchId ? ` [${t.branchId}]` : ""} {t.preview.slice(0, 80)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          ) : null}
          <Button
            disabled={!ready || preview.isPending}
            onClick={() =>
              preview.mutate({
                id: judge.id,
                target: judge.target === "thought" ? { thoughtId } : { sessionId },
              })
            }
          >
            {preview.isPending ? "Running…" : "Run preview"}
          </Button>
        </div>
        <MutationError error={preview.error} />
        {preview.data ? <PreviewOutput result={preview.data} /> : null}
      </DialogContent>
    </Dialog>
  );
}

const pre = "max-h-96 overflow-auto rounded-md border bg-muted/40 p-3 font-mono text-xs whitespace-pre-wrap";

function PreviewOutput({ result }: { result: PreviewResult }) {
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" data-testid="judge-preview">
      <section aria-label="Prompt sent" className="flex min-w-0 flex-col gap-2">
        <h3 className="text-sm font-semibold">Prompt sent to {result.model}</h3>
        {result.messages.map((m) => (
          <div key={m.role} className="flex flex-col gap-1">
            <span className="text-xs font-medium text-muted-foreground uppercase">{m.role}</span>
            {/* Focusable: a long prompt scrolls inside its box, and keyboard users must reach it too. */}
            <pre className={pre} data-testid={`prompt-${m.role}`} tabIndex={0} aria-label={`The ${m.role} message`}>
              {m.content}
            </pre>
          </div>
        ))}
        <Collapsible>
          <CollapsibleTrigger className="cursor-pointer text-xs font-medium text-muted-foreground hover:text-foreground">
            Answer schema
          </CollapsibleTrigger>
          <CollapsibleContent>
            <pre className={pre} tabIndex={0} aria-label="The answer schema">
              {JSON.stringify(result.schema, null, 2)}
            </pre>
          </CollapsibleContent>
        </Collapsible>
      </section>
      <section aria-label="Answer" className="flex min-w-0 flex-col gap-2">
        <h3 className="text-sm font-semibold">Answer</h3>
        {result.answer ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Value</dt>
            <dd data-testid="preview-value">{result.answer.stringValue ?? result.answer.value}</dd>
            <dt className="text-muted-foreground">Confidence</dt>
            <dd>{result.answer.confidence ?? "not given"}</dd>
            <dt className="text-muted-foreground">Rationale</dt>
            <dd className="whitespace-pre-wrap">{result.answer.rationale}</dd>
          </dl>
        ) : (
          <p role="alert" className="text-sm break-words text-destructive">
            {result.error}
          </p>
        )}
        <p className="text-xs text-muted-foreground">
          {result.latencyMs} ms · {result.inputTokens ?? "?"} tokens in, {result.outputTokens ?? "?"} out ·{" "}
          {formatCost(result.costUsd)}
        </p>
      </section>
    </div>
  );
}
