"use client";
// The judges page: the project's judges (what each fills, with which model, whether it runs by itself), each with
// preview, backfill, edit and delete for owners and admins; the daily budget; and the latest runs with their
// progress, cost and state (paused runs say why).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Gavel, Plus } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import type { JudgeView } from "@/lib/contracts/judges";
import { useCan } from "@/components/auth/useCan";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { ConfirmButton } from "@/components/ui/ConfirmButton";
import { MutationError } from "@/components/ui/MutationError";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { BackfillDialog } from "./BackfillDialog";
import { BudgetCard } from "./BudgetCard";
import { JudgeForm } from "./JudgeForm";
import { PreviewDialog } from "./PreviewDialog";
import { RunsTable } from "./RunsTable";

const card = "flex min-w-0 flex-col gap-3 rounded-lg border bg-card p-5 shadow-xs";

export function JudgesView() {
  const trpc = useTRPC();
  const judges = useQuery(trpc.judges.list.queryOptions());
  const manage = useCan("judges.manage");
  const [creating, setCreating] = useState(false);

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="judges-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="judges-heading" className="text-lg font-semibold">
            Judges
          </h2>
          {manage ? (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden />
              New judge
            </Button>
          ) : null}
        </div>
        {judges.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load judges: {judges.error.message}
          </p>
        ) : !judges.data ? (
          <SkeletonRows rows={3} label="Loading judges" />
        ) : judges.data.length === 0 ? (
          <p className="rounded-lg border border-dashed px-6 py-10 text-center text-sm text-muted-foreground">
            No judges yet.{" "}
            {manage ? (
              <>
                Add a model connection in{" "}
                <Link href="/settings#model-connections-heading" prefetch={false}>
                  Settings
                </Link>
                , then create a judge that fills one of your score configs.
              </>
            ) : (
              "Owners and admins create them."
            )}
          </p>
        ) : (
          <ul className="grid gap-3 lg:grid-cols-2" aria-label="Judges">
            {judges.data.map((j) => (
              <JudgeCard key={j.id} judge={j} manage={manage} />
            ))}
          </ul>
        )}
      </section>
      <BudgetCard manage={manage} />
      <section aria-labelledby="runs-heading" className={card}>
        <h2 id="runs-heading" className="text-lg font-semibold">
          Runs
        </h2>
        <RunsTable />
      </section>
      {manage ? <JudgeForm open={creating} onOpenChange={setCreating} /> : null}
    </div>
  );
}

function JudgeCard({ judge: j, manage }: { judge: JudgeView; manage: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<"edit" | "preview" | "backfill" | null>(null);
  const remove = useMutation(
    trpc.judges.delete.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.judges.pathKey() }),
    }),
  );
  const open = (which: typeof dialog) => (next: boolean) => setDialog(next ? which : null);
  return (
    <li className={card} data-testid="judge-card" data-judge={j.name}>
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 className="flex items-center gap-2 text-base font-semibold">
            <Gavel className="size-4 text-muted-foreground" aria-hidden />
            <span className="truncate">{j.name}</span>
          </h3>
          <p className="text-sm text-muted-foreground">
            Fills <strong className="font-medium text-foreground">{j.configName}</strong> ({j.configType}) for{" "}
            {j.target === "thought" ? "each thought" : "each session"} with{" "}
            <code className="rounded bg-muted px-1 text-xs">{j.model}</code> on {j.connectionName}.
          </p>
        </div>
        {j.autoRun ? (
          <Badge variant="accent" title="Judges completed sessions as they complete">
            auto · {Math.round(j.sampleRate * 1000) / 10}%
          </Badge>
        ) : (
          <Badge variant="secondary">on demand</Badge>
        )}
      </div>
      {manage ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setDialog("preview")}>
            Preview
          </Button>
          <Button variant="outline" size="sm" onClick={() => setDialog("backfill")}>
            Backfill…
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setDialog("edit")}>
            Edit
          </Button>
          <ConfirmButton
            variant="ghost"
            aria-label={`Delete ${j.name}`}
            title={`Delete judge "${j.name}"?`}
            description="It stops, and its queued calls are cancelled. Its scores stay, marked as this judge's."
            confirmLabel="Delete judge"
            onConfirm={() => remove.mutate({ id: j.id })}
          >
            Delete
          </ConfirmButton>
        </div>
      ) : null}
      <MutationError error={remove.error} />
      {manage && dialog === "edit" ? <JudgeForm judge={j} open onOpenChange={open("edit")} /> : null}
      {manage && dialog === "preview" ? <PreviewDialog judge={j} open onOpenChange={open("preview")} /> : null}
      {manage && dialog === "backfill" ? <BackfillDialog judge={j} open onOpenChange={open("backfill")} /> : null}
    </li>
  );
}
