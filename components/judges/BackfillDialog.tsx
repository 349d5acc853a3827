"use client";
// A backfill: run a judge over every session matching a sessions-list filter. The count, tokens and cost come first
// (an estimate from the sessions' text and the connection's prices, beside what is left of today's budget); the run
// starts only when confirmed.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import type { JudgeView, RunEstimate } from "@/lib/contracts/judges";
import type { QueueFilter } from "@/lib/contracts/queues";
import { SESSION_STATUSES } from "@/lib/contracts/zod-free";
import { countOf, formatCount } from "@/lib/words/count-of";
import { formText } from "@/components/settings/settings-words";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Button } from "@/components/ui/Button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/Dialog";
import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import { MutationError } from "@/components/ui/MutationError";
import { NativeSelect } from "@/components/ui/Select";
import { formatCost, formatTokens } from "./judge-words";

/** The filter from the form: empty fields are left out; dates cover whole days. */
function filterOf(data: FormData): QueueFilter {
  const text = (name: string) => formText(data, name).trim();
  const status = text("status");
  const scored = text("scored");
  return {
    ...(status ? { status: status as QueueFilter["status"] } : {}),
    ...(text("agent") ? { agent: text("agent") } : {}),
    ...(text("tag") ? { tag: text("tag") } : {}),
    ...(text("q") ? { q: text("q") } : {}),
    ...(scored ? { scored: scored === "yes" } : {}),
    ...(text("from") ? { from: new Date(`${text("from")}T00:00:00Z`).toISOString() } : {}),
    ...(text("to") ? { to: new Date(`${text("to")}T23:59:59.999Z`).toISOString() } : {}),
  };
}

export function BackfillDialog({
  judge,
  open,
  onOpenChange,
}: {
  judge: JudgeView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<QueueFilter | null>(null);
  const estimate = useMutation(trpc.judges.estimate.mutationOptions());
  const run = useMutation(
    trpc.judges.run.mutationOptions({
      onSuccess: async ({ runId }) => {
        await queryClient.invalidateQueries({ queryKey: trpc.judges.runs.queryKey() });
        onOpenChange(false);
        router.push(`/judges/runs/${runId}`);
      },
    }),
  );

  const onEstimate = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const next = filterOf(new FormData(e.currentTarget));
    setFilter(next);
    estimate.mutate({ id: judge.id, target: { filter: next } });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          estimate.reset();
          setFilter(null);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Backfill &ldquo;{judge.name}&rdquo;</DialogTitle>
          <DialogDescription>
            Judge every session matching a filter (
            {judge.target === "thought" ? "each of their thoughts" : "each session"}
            ). See what it would cost before it starts.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-3 sm:grid-cols-2" aria-label="Backfill filter" onSubmit={onEstimate}>
          <Field label="Status">
            <NativeSelect name="status" defaultValue="completed">
              <option value="">any</option>
              {SESSION_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Already scored">
            <NativeSelect name="scored" defaultValue="">
              <option value="">either</option>
              <option value="no">not yet scored</option>
              <option value="yes">scored</option>
            </NativeSelect>
          </Field>
          <Field label="Agent">
            <Input name="agent" maxLength={200} placeholder="any" />
          </Field>
          <Field label="Tag">
            <Input name="tag" maxLength={100} placeholder="any" />
          </Field>
          <Field label="Active from">
            <Input name="from" type="date" />
          </Field>
          <Field label="Active until">
            <Input name="to" type="date" />
          </Field>
          <Field label="Text" className="sm:col-span-2">
            <Input name="q" maxLength={200} placeholder="words in titles or thoughts" />
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit" variant="outline" disabled={estimate.isPending}>
              {estimate.isPending ? "Counting…" : "Estimate"}
            </Button>
          </div>
        </form>
        <MutationError error={estimate.error} />
        {estimate.data ? <EstimateLines estimate={estimate.data} /> : null}
        <MutationError error={run.error} />
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            disabled={!estimate.data || estimate.data.targets === 0 || filter === null || run.isPending}
            onClick={() => filter && run.mutate({ id: judge.id, target: { filter } })}
          >
            {estimate.data ? `Start ${countOf(estimate.data.targets, "call")}` : "Start"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function EstimateLines({ estimate: e }: { estimate: RunEstimate }) {
  const overCalls = e.callsLeftToday !== null && e.targets > e.callsLeftToday;
  return (
    <div role="status" data-testid="estimate" className="flex flex-col gap-1 rounded-md border bg-muted/30 p-3 text-sm">
      <p>
        <strong>{countOf(e.sessions, "session")}</strong>, <strong>{countOf(e.targets, "call")}</strong>: about{" "}
        {formatTokens(e.estimatedInputTokens)} in and {formatTokens(e.estimatedOutputTokens)} out,{" "}
        <strong>{formatCost(e.estimatedCostUsd)}</strong>.
      </p>
      <p className="text-muted-foreground">
        Today&apos;s budget left:{" "}
        {e.callsLeftToday === null ? "calls unlimited" : `${formatCount(e.callsLeftToday)} calls`},{" "}
        {e.tokensLeftToday === null ? "tokens unlimited" : formatTokens(e.tokensLeftToday)}.
        {overCalls ? " The run will pause when the budget is spent and go on tomorrow." : ""}
      </p>
    </div>
  );
}
