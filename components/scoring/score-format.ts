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

/** A summary in words, for a tooltip: "quality: mean 4.5 of 2 scores", "verdict: 67% yes of 3 scores". */
export function summaryText(s: ScoreSummary): string {
  const scores = `${s.count} score${s.count === 1 ? "" : "s"}`;
  if (s.mean !== null && s.type === "numeric") return `${s.name}: mean ${shortNumber(s.mean)} of ${scores}`;
  if (s.mean !== null && s.type === "boolean") return `${s.name}: ${Math.round(s.mean * 100)}% yes of ${scores}`;
  return `${s.name}: ${scores}`;
}

/**
 * A summary's value as the sessions list shows it beside the config's name: "3.6 (5)" for a numeric mean of five
 * scores, "67% yes (3)" for a boolean, else the count ("2 scores").
 */
export function summaryValueText(s: ScoreSummary): string {
  if (s.mean !== null && s.type === "numeric") return `${shortNumber(s.mean)} (${s.count})`;
  if (s.mean !== null && s.type === "boolean") return `${Math.round(s.mean * 100)}% yes (${s.count})`;
  return `${s.count} score${s.count === 1 ? "" : "s"}`;
}

/** The most values a numeric config shows as one row of stepped buttons in the detail panel's ~300 px: 11 is 0–10. */
export const MAX_STEP_BUTTONS = 11;

/**
 * Every value a bounded, stepped numeric config allows (1–5 in steps of 1: 1…5; 0–1 in steps of 0.25: 0, 0.25 … 1),
 * or null when it has no bounds or step, or more than MAX_STEP_BUTTONS values (a slider or a number field then).
 */
export function stepValues(config: {
  type: string;
  min: number | null;
  max: number | null;
  step: number | null;
}): number[] | null {
  const { min, max, step } = config;
  if (config.type !== "numeric" || min === null || max === null || !step || step <= 0 || max < min) return null;
  const count = Math.floor((max - min) / step + 1e-9) + 1;
  if (count > MAX_STEP_BUTTONS) return null;
  // toFixed(10) drops float noise: 0.1 + 2 × 0.1 is 0.30000000000000004.
  return Array.from({ length: count }, (_, i) => Number((min + i * step).toFixed(10)));
}
