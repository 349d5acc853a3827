// A session's scores in the sessions list: one chip per config, its name truncated, its mean (count) or count× whole;
// the full list on hover.
import type { ScoreSummary } from "@/lib/contracts/scores";
import { summaryText, summaryValueText } from "@/components/scoring/score-format";
import { Badge } from "@/components/ui/Badge";

/** Chips drawn in the cell; the rest count as "+n" (every summary is in the cell's title). */
const SHOWN_CHIPS = 2;

export function ScoreChips({ summaries }: { summaries: ScoreSummary[] }) {
  if (summaries.length === 0) return <span className="text-muted-foreground">—</span>;
  const rest = summaries.length - SHOWN_CHIPS;
  return (
    <div className="flex min-w-0 items-center gap-1" title={summaries.map(summaryText).join("\n")}>
      {summaries.slice(0, SHOWN_CHIPS).map((s) => (
        <Badge key={s.configId} variant="secondary" className="min-w-0 shrink font-normal" data-testid="score-summary">
          <span className="min-w-0 truncate">{s.name}</span>{" "}
          <span className="font-medium tabular-nums">{summaryValueText(s)}</span>
        </Badge>
      ))}
      {rest > 0 ? (
        <Badge variant="outline" className="font-normal text-muted-foreground">
          +{rest}
        </Badge>
      ) : null}
    </div>
  );
}
