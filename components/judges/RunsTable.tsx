"use client";
// Judge runs, newest first: what each covered, its state (a paused run says why on hover and on its page), progress,
// tokens and cost. Refreshes every 2 s while any run is under way.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { RunStatus } from "@/lib/contracts/judges";
import { formatCount } from "@/lib/words/count-of";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Badge } from "@/components/ui/Badge";
import { RelativeTime } from "@/components/ui/RelativeTime";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/Table";
import { formatCost, RUN_KIND_WORDS, RUN_STATUS_WORDS } from "./judge-words";

export const STATUS_VARIANT: Record<RunStatus, "accent" | "warning" | "success" | "secondary"> = {
  running: "accent",
  paused: "warning",
  done: "success",
  cancelled: "secondary",
};

export function RunsTable({ judgeId }: { judgeId?: string }) {
  const trpc = useTRPC();
  const runs = useQuery({
    ...trpc.judges.runs.queryOptions(judgeId ? { judgeId, limit: 50 } : { limit: 50 }),
    refetchInterval: (q) => (q.state.data?.some((r) => r.status === "running") ? 2_000 : 10_000),
  });
  if (runs.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load runs: {runs.error.message}
      </p>
    );
  }
  if (!runs.data) return <SkeletonRows rows={3} label="Loading runs" />;
  if (runs.data.length === 0) return <p className="text-sm text-muted-foreground">No runs yet.</p>;
  return (
    <div className="overflow-x-auto rounded-md border">
      <Table aria-label="Judge runs">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Judge</TableHead>
            <TableHead>Over</TableHead>
            <TableHead>State</TableHead>
            <TableHead className="text-right">Done</TableHead>
            <TableHead className="text-right">Failed</TableHead>
            <TableHead className="text-right">Tokens</TableHead>
            <TableHead className="text-right">Cost</TableHead>
            <TableHead>Started</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {runs.data.map((r) => (
            <TableRow key={r.id} data-testid="run-row" data-status={r.status}>
              <TableCell className="font-medium">
                <Link href={`/judges/runs/${r.id}`} prefetch={false}>
                  {r.judgeName}
                </Link>
              </TableCell>
              <TableCell>{RUN_KIND_WORDS[r.kind]}</TableCell>
              <TableCell>
                <Badge variant={STATUS_VARIANT[r.status]} title={r.pausedReason ?? undefined}>
                  {RUN_STATUS_WORDS[r.status]}
                </Badge>
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {formatCount(r.done)} / {formatCount(r.total)}
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatCount(r.failed)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatCount(r.inputTokens + r.outputTokens)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatCost(r.costUsd)}</TableCell>
              <TableCell className="text-muted-foreground">
                <RelativeTime at={r.createdAt} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
