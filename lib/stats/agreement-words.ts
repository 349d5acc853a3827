// Agreement numbers in plain words, to show beside each statistic: "0.41: moderate agreement, 12 shared items".
// κ bands after Landis & Koch (1977); α thresholds after Krippendorff (2004: ≥ 0.8 reliable, ≥ 0.667 tentative);
// correlation bands are the usual rule of thumb (0.1 / 0.3 / 0.5 / 0.7).
// A statistic from fewer than 2 items, or one the maths leaves undefined, reads "not enough data (n = 1)": one item
// agrees with itself trivially, so its α (0 or less) must not read as "no agreement beyond chance".
import type { Stat } from "./agreement";

const fmt = (v: number) => v.toFixed(2);
/** What the sample count counts, singular and plural. */
export type Unit = readonly [one: string, many: string];
const SHARED: Unit = ["shared item", "shared items"];
const items = (n: number, [one, many]: Unit) => `${n} ${n === 1 ? one : many}`;

export function kappaWords(value: number): string {
  if (value < 0) return "less agreement than chance";
  if (value <= 0.2) return "slight agreement";
  if (value <= 0.4) return "fair agreement";
  if (value <= 0.6) return "moderate agreement";
  if (value <= 0.8) return "substantial agreement";
  return "almost perfect agreement";
}

export function alphaWords(value: number): string {
  if (value >= 0.8) return "reliable agreement";
  if (value >= 0.667) return "tentative agreement, good enough for rough conclusions";
  if (value > 0) return "agreement too low to rely on";
  return "no agreement beyond chance";
}

export function correlationWords(value: number): string {
  const size = Math.abs(value);
  const strength =
    size < 0.1 ? "no" : size < 0.3 ? "a weak" : size < 0.5 ? "a moderate" : size < 0.7 ? "a strong" : "a very strong";
  if (strength === "no") return "no correlation";
  return `${strength} ${value > 0 ? "positive" : "negative"} correlation`;
}

/** The fewest items a statistic is read from. */
const MIN_ITEMS = 2;

/** "0.41: moderate agreement, 12 shared items", or "not enough data (n = 1)". */
export function reading(stat: Stat, words: (v: number) => string, unit: Unit = SHARED): string {
  // "(n = 1)" with no-break spaces, so a narrow column never breaks it across lines.
  if (stat.value === null || stat.n < MIN_ITEMS) return `not enough data (n\u00a0=\u00a0${stat.n})`;
  return `${fmt(stat.value)}: ${words(stat.value)}, ${items(stat.n, unit)}`;
}

/** Why a statistic has no value, for a tooltip beside "not enough data"; null when it has one. */
export function readingWhy(stat: Stat): string | null {
  if (stat.value !== null && stat.n >= MIN_ITEMS) return null;
  return stat.reason ?? `It needs at least ${MIN_ITEMS} items; it has ${stat.n}.`;
}
