// How scores read on screen: a value in words and the short chip a graph node carries. Pure, shared by the
// detail panel, the graph and the sessions list.
import type { ScoreSummary, ThoughtScoreChip } from "@/lib/contracts/scores";

/** A number with at most two decimals, without trailing zeros (4.5, 0.67, 3). */
export function shortNumber(n: number): string {
  return String(Number(n.toFixed(2)));
}

/** A stored score as a person reads it: the label, "yes"/"no", the text, or the number. */
export function scoreValueText(score: { type: string; value: number | null; stringValue: string | null }): string {
  if (score.type === "boolean") return score.stringValue === "true" ? "yes" : "no";
  if (score.stringValue !== null) return score.stringValue;
  return score.value === null ? "—" : shortNumber(score.value);
}

/** The chip on a graph node: the first numeric config's mean when this thought has one, else the count. */
export function chipOf(chip: ThoughtScoreChip, meanOf: { name: string } | null): { text: string; title: string } {
  const scores = `${chip.count} score${chip.count === 1 ? "" : "s"}`;
  if (chip.mean !== null && meanOf) {
    return { text: `★ ${shortNumber(chip.mean)}`, title: `${meanOf.name}: mean ${shortNumber(chip.mean)} · ${scores}` };
  }
  return { text: `★ ${chip.count}`, title: scores };
}

/** One session's summaries for the sessions list: "quality 4.5 (2) · verdict 3×". */
export function summaryText(s: ScoreSummary): string {
  return s.mean !== null && s.type === "numeric"
    ? `${s.name} ${shortNumber(s.mean)} (${s.count})`
    : `${s.name} ${s.count}×`;
}
