"use client";
// One session in the sessions table: its box for selection, its title (the link to the session), agent (and who
// recorded it, when a connector did), status, counts, scores, health and last activity. A click anywhere on the row
// but its box opens the session (with Ctrl or Cmd, or the middle button, in a new tab); the title stays the row's one
// link, so keyboards and screen readers meet one control per row and no control inside another.
import { TriangleAlert } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { MouseEvent, ReactNode } from "react";
import type { SessionSummary } from "@/lib/contracts/session";
import type { ScoreSummary } from "@/lib/contracts/scores";
import type { HealthCells } from "@/lib/contracts/session-health";
import { HealthCell } from "@/components/reasoning/HealthCell";
import { CostCell, TokensCell } from "@/components/usage/UsageCells";
import type { UsageTotals } from "@/lib/contracts/usage";
import type { ConnectorAttribution } from "@/lib/contracts/oauth";
import { RecordedBy } from "@/components/oauth/RecordedBy";
import { Badge } from "@/components/ui/Badge";
import { Checkbox } from "@/components/ui/Checkbox";
import { cn } from "@/components/ui/cn";
import { RelativeTime } from "@/components/ui/RelativeTime";
import { TableCell, TableRow } from "@/components/ui/Table";
import { countOf, formatCount } from "@/lib/words/count-of";
import { ScoreChips } from "./ScoreChips";
import { AGENT_WIDTH, ROOMY_ONLY, SCORES_WIDTH, USAGE_ONLY, WIDE_ONLY } from "./table-columns";

/** What a row shows of a session. */
type RowSession = Pick<
  SessionSummary,
  "id" | "title" | "key" | "agent" | "status" | "thoughtCount" | "branchCount" | "revisionCount" | "flagCount"
> & { lastActivityAt: string };

export function SessionRow({
  session: s,
  scores,
  health,
  usage,
  connector,
  showUsage,
  scoreConfigChosen,
  selected,
  onSelect,
}: {
  session: RowSession;
  scores: ScoreSummary[];
  health: HealthCells | undefined;
  usage: UsageTotals | undefined;
  /** Who recorded it through a connector (OAuth); absent for an API key. */
  connector: ConnectorAttribution | undefined;
  /** Tokens and cost columns (./table-columns.ts USAGE_ONLY). */
  showUsage: boolean;
  /** A score config is chosen to sort by: the scores show at every width (it is the sort asked for). */
  scoreConfigChosen: boolean;
  selected: boolean;
  /** A click on the row's box; `range`: shift was held. */
  onSelect: (range: boolean) => void;
}) {
  const router = useRouter();
  const href = `/sessions/${s.id}`;
  const open = (e: MouseEvent<HTMLTableRowElement>) => {
    if (e.defaultPrevented || (e.button !== 0 && e.button !== 1)) return;
    // Controls handle their own clicks (the title link, the box and its label), and a drag that selected text is
    // not a click on the row.
    if ((e.target as Element).closest("a, button, input, label, select, textarea")) return;
    if (window.getSelection()?.toString()) return;
    if (e.button === 1 || e.metaKey || e.ctrlKey) window.open(href, "_blank", "noopener");
    else router.push(href);
  };
  const title = s.title ?? "Untitled";
  return (
    <TableRow
      data-testid="session-row"
      data-state={selected ? "selected" : undefined}
      className="cursor-pointer"
      onClick={open}
      onAuxClick={open}
    >
      <TableCell className="w-10 p-0">
        {/* The whole cell is the box's label, so it is an easy target; shift-click selects a range. */}
        <label
          className="flex h-full cursor-pointer items-center justify-center px-3 py-3"
          onMouseDown={(e) => {
            if (e.shiftKey) e.preventDefault(); // no text selection across rows on a shift-click
          }}
        >
          <Checkbox
            aria-label={`Select ${title}`}
            checked={selected}
            onChange={(e) => onSelect((e.nativeEvent as { shiftKey?: boolean }).shiftKey === true)}
          />
        </label>
      </TableCell>
      <TableCell className="max-w-0">
        <Link
          href={href}
          className="block truncate font-medium text-foreground outline-none hover:text-primary hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          title={title}
        >
          {title}
        </Link>
        {s.key ? <div className="truncate font-mono text-xs text-muted-foreground">{s.key}</div> : null}
      </TableCell>
      <TableCell className={cn(AGENT_WIDTH, "text-muted-foreground")}>
        <span className="block truncate" title={s.agent ?? undefined}>
          {s.agent ?? "—"}
        </span>
        {connector ? <RecordedBy connector={connector} stacked className="text-xs" /> : null}
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
      {showUsage ? (
        <Num className={USAGE_ONLY} data-testid="row-tokens">
          <TokensCell usage={usage} />
        </Num>
      ) : null}
      {showUsage ? (
        <Num className={USAGE_ONLY} data-testid="row-cost">
          <CostCell usage={usage} />
        </Num>
      ) : null}
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
