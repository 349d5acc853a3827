// A session's scores in the sessions list: one line per config, its name (truncated only past the column's width)
// and its value ("3.6 (5)", "67% yes (3)", "2 scores"; under the name when both do not fit), the first SHOWN_LINES
// configs and "+n more"; every summary in words in the cell's tooltip. One line of chips side by side left each name
// a letter or two ("h… 1×") at 1440 px.
import type { ScoreSummary } from "@/lib/contracts/scores";
import { summaryText, summaryValueText } from "@/components/scoring/score-format";

/** Configs shown in the cell: two lines keep a row at most about as tall as a title with its key under it. */
const SHOWN_LINES = 2;

export function ScoreChips({ summaries }: { summaries: ScoreSummary[] }) {
  if (summaries.length === 0) return <span className="text-muted-foreground">—</span>;
  const rest = summaries.length - SHOWN_LINES;
  return (
    <ul className="flex min-w-0 flex-col gap-0.5 text-xs" title={summaries.map(summaryText).join("\n")}>
      {summaries.slice(0, SHOWN_LINES).map((s) => (
        <li key={s.configId} className="flex min-w-0 flex-wrap items-baseline gap-x-2" data-testid="score-summary">
          <span className="min-w-0 truncate text-muted-foreground" data-testid="score-name">
            {s.name}
          </span>{" "}
          <span className="ml-auto shrink-0 font-medium whitespace-nowrap tabular-nums">{summaryValueText(s)}</span>
        </li>
      ))}
      {rest > 0 ? <li className="text-muted-foreground">+{rest} more</li> : null}
    </ul>
  );
}
