// Judges' scores on a thought or a session, beside the people's and marked as a judge's: the value, the judge and its
// model, its confidence, and its rationale in full.
import { Gavel } from "lucide-react";
import type { ReviewScore } from "@/lib/contracts/scores";
import { scoreValueText } from "@/components/scoring/score-format";

export function JudgeScores({ scores }: { scores: ReviewScore[] }) {
  if (scores.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1.5 text-sm" aria-label="Scores by judges">
      {scores.map((s) => (
        <li
          key={s.id}
          data-testid="judge-score"
          className="flex flex-col gap-0.5 rounded-md border border-dashed border-border bg-muted/30 px-2.5 py-2"
        >
          <div className="flex flex-wrap items-center gap-x-1.5">
            <span className="inline-flex items-center gap-1 rounded bg-accent px-1 text-xs font-medium text-accent-foreground">
              <Gavel className="size-3" aria-hidden />
              judge
            </span>
            <strong className="font-medium">{s.name}</strong> {s.type === "text" ? null : scoreValueText(s)}
            <span className="text-muted-foreground">· {s.judge?.name ?? s.authorLabel}</span>
            {s.judge ? (
              <span className="text-xs text-muted-foreground" title={`${s.judge.latencyMs} ms`}>
                ({s.judge.model}
                {s.judge.confidence !== null ? `, confidence ${Math.round(s.judge.confidence * 100)}%` : ""})
              </span>
            ) : null}
          </div>
          {s.comment ? (
            <p className="text-xs whitespace-pre-wrap text-muted-foreground" data-testid="judge-rationale">
              {s.comment}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
