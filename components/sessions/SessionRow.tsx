"use client";
// One session in the sessions table: its title (the link to the session), agent, status, counts, scores, health and
// last activity.
import { TriangleAlert } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import type { SessionSummary } from "@/lib/contracts/session";
import type { ScoreSummary } from "@/lib/contracts/scores";
import type { HealthCells } from "@/lib/contracts/session-health";
import { HealthCell } from "@/components/reasoning/HealthCell";
import { Badge } from "@/components/ui/Badge";
import { cn } from "@/components/ui/cn";
import { RelativeTime } from "@/components/ui/RelativeTime";
import { TableCell, TableRow } from "@/components/ui/Table";
import { countOf, formatCount } from "@/lib/words/count-of";
import { ScoreChips } from "./ScoreChips";
import { AGENT_WIDTH, ROOMY_ONLY, SCORES_WIDTH, WIDE_ONLY } from "./table-columns";

/** What a row shows of a session. */
type RowSession = Pick<
  SessionSummary,
  "id" | "title" | "key" | "agent" | "status" | "thoughtCount" | "branchCount" | "revisionCount" | "flagCount"
> & { lastActivityAt: string };

export function SessionRow({
  session: s,
  scores,
  health,
  scoreConfigChosen,
}: {
  session: RowSession;
  scores: ScoreSummary[];
  health: HealthCells | undefined;
  /** A score config is chosen to sort by: the scores show at every width (it is the sort asked for). */
  scoreConfigChosen: boolean;
}) {
  return (
    <TableRow data-testid="session-row">
      <TableCell className="max-w-0">
        <Link
          href={`/sessions/${s.id}`}
          className="block truncate font-medium text-foreground outline-none hover:text-primary hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          title={s.title ?? "Untitled"}
        >
          {s.title ?? "Untitled"}
        </Link>
        {s.key ? <div className="truncate font-mono text-xs text-muted-foreground">{s.key}</div> : null}
      </TableCell>
      <TableCell className={cn(AGENT_WIDTH, "text-muted-foreground")}>
        <span className="block truncate" title={s.agent ?? undefined}>
          {s.agent ?? "—"}
        </span>
      </TableCell>
      <TableCell>
        <StatusBadge status={s.status} />
      </TableCell>
      <Num data-testid="row-thoughts">{formatCount(s.thoughtCount)}</Num>
      <Num className={ROOMY_ONLY}>{formatCount(s.branchCount)}</Num>
      <Num className={ROOMY_ONLY}>{formatCount(s.revisionCount)}</Num>
      <Num>
        {s.flagCount > 0 ? (
          <Badge variant="warning" title={countOf(s.flagCount, "flag")}>
            <TriangleAlert aria-hidden />
            {formatCount(s.flagCount)}
          </Badge>
        ) : (
          <span className="text-muted-foreground">0</span>
        )}
      </Num>
      {/* Below 1024 px the scores show only when a config is chosen (it is then the sort asked for). */}
      <TableCell data-testid="row-scores" className={cn(SCORES_WIDTH, !scoreConfigChosen && WIDE_ONLY)}>
        <ScoreChips summaries={scores} />
      </TableCell>
      <TableCell className="text-right">
        <HealthCell health={health} />
      </TableCell>
      <TableCell className="text-muted-foreground">
        <RelativeTime at={s.lastActivityAt} />
      </TableCell>
    </TableRow>
  );
}

function Num({ children, className, ...props }: { children: ReactNode; className?: string; "data-testid"?: string }) {
  return (
    <TableCell className={cn("text-right tabular-nums", className)} {...props}>
      {children}
    </TableCell>
  );
}

function StatusBadge({ status }: { status: string }) {
  const variant = status === "active" ? "success" : status === "cleared" ? "outline" : "secondary";
  return (
    <Badge variant={variant}>
      {status === "active" ? <span className="size-1.5 rounded-full bg-current" aria-hidden /> : null}
      {status}
    </Badge>
  );
}
