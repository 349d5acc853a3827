"use client";
// One judge run: its state (paused says why), progress, tokens and cost, and every failed target with the provider's
// error; owners and admins can cancel it while it runs.
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatCount } from "@/lib/words/count-of";
import { useCan } from "@/components/auth/useCan";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Badge } from "@/components/ui/Badge";
import { ConfirmButton } from "@/components/ui/ConfirmButton";
import { MutationError } from "@/components/ui/MutationError";
import { PageHeader } from "@/components/ui/Page";
import { RelativeTime } from "@/components/ui/RelativeTime";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/Table";
import { BackLink } from "@/components/ui/BackLink";
import { formatCost, formatTokens, RUN_KIND_WORDS, RUN_STATUS_WORDS } from "./judge-words";
import { STATUS_VARIANT } from "./RunsTable";

export function RunDetail({ runId }: { runId: string }) {
  const trpc = useTRPC();
  const manage = useCan("judges.manage");
  const run = useQuery({
    ...trpc.judges.runDetail.queryOptions({ id: runId }),
    refetchInterval: (q) => (q.state.data?.status === "running" ? 1_000 : 10_000),
  });
  const cancel = useMutation(trpc.judges.cancelRun.mutationOptions({ onSuccess: () => void run.refetch() }));
  if (run.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load this run: {run.error.message}
      </p>
    );
  }
  if (!run.data) return <SkeletonRows rows={6} label="Loading run" />;
  const r = run.data;
  const left = r.queued + r.running;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={`${r.judgeName}: ${RUN_KIND_WORDS[r.kind]}`}
        description={
          <>
            Started <RelativeTime at={r.createdAt} />
            {r.finishedAt ? (
              <>
                , finished <RelativeTime at={r.finishedAt} />
              </>
            ) : null}
            .
          </>
        }
        actions={
          manage && left > 0 && r.cancelledAt === null ? (
            <ConfirmButton
              title="Cancel this run?"
              description={`${formatCount(left)} calls not yet made are dropped; scores already written stay.`}
              confirmLabel="Cancel run"
              onConfirm={() => cancel.mutate({ id: r.id })}
            >
              Cancel run
            </ConfirmButton>
          ) : null
        }
      >
        <BackLink href="/judges" className="mb-1">
          Judges
        </BackLink>
      </PageHeader>
      <MutationError error={cancel.error} />
      <section aria-label="Progress" className="flex flex-col gap-2 rounded-lg border bg-card p-5 shadow-xs">
        <div className="flex items-center gap-2">
          <Badge variant={STATUS_VARIANT[r.status]} data-testid="run-status">
            {RUN_STATUS_WORDS[r.status]}
          </Badge>
          <span className="text-sm tabular-nums" data-testid="run-counts">
            {formatCount(r.done)} judged, {formatCount(r.failed)} failed, {formatCount(r.cancelled)} cancelled,{" "}
            {formatCount(left)} left of {formatCount(r.total)}
          </span>
        </div>
        {r.pausedReason ? (
          <p role="status" className="text-sm text-warning">
            {r.pausedReason}
          </p>
        ) : null}
        <p className="text-sm text-muted-foreground">
          {formatTokens(r.inputTokens)} in, {formatTokens(r.outputTokens)} out · {formatCost(r.costUsd)}
        </p>
      </section>
      <section aria-labelledby="failures-heading" className="flex flex-col gap-2">
        <h2 id="failures-heading" className="text-lg font-semibold">
          Failures
        </h2>
        {r.failures.length === 0 ? (
          <p className="text-sm text-muted-foreground">None.</p>
        ) : (
          <div className="overflow-x-auto rounded-md border">
            <Table aria-label="Failures">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>Target</TableHead>
                  <TableHead className="text-right">Calls</TableHead>
                  <TableHead>HTTP status</TableHead>
                  <TableHead>Why it failed</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {r.failures.map((f) => (
                  <TableRow key={f.jobId} data-testid="failure-row">
                    <TableCell>
                      <Link
                        href={`/sessions/${f.sessionId}${f.thoughtId ? `?thought=${f.thoughtId}` : ""}`}
                        prefetch={false}
                      >
                        {f.thoughtId ? "thought" : "session"}
                      </Link>
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{f.attempts}</TableCell>
                    <TableCell>{f.status ?? "—"}</TableCell>
                    <TableCell className="max-w-xl text-sm break-words whitespace-pre-wrap">{f.error}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </section>
    </div>
  );
}
