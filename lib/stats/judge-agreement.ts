// Judges as raters (issue "Judges"): how far each judge agrees with each person and with the people's consensus, with
// the statistics the agreement page computes for people (lib/stats/agreement.ts) and their 95 % confidence intervals
// where they have one; and a judge's agreement with the consensus over time. Pure, shared by server and browser.
//
// Consensus of the people on one target: categorical and boolean, the label most of them gave (a tie has no consensus
// and the target is left out); numeric, their mean. A target one person scored has that person's score as consensus.
//
// Intervals (95 %, two-sided, z = 1.96):
//   κ: κ ± z·SE with the large-sample SE = √(p_o(1 − p_o) / (n(1 − p_e)²)) (Cohen 1960), clipped to [−1, 1];
//   Pearson r: Fisher's z, tanh(atanh r ± z/√(n − 3)), n ≥ 4;
//   Spearman ρ: Fisher's z with the variance 1.06/(n − 3) (Fieller, Hartley & Pearson 1957), n ≥ 4;
//   Krippendorff's α: the 2.5th and 97.5th percentiles of α over 1,000 resamples of the items, with a fixed seed so
//   the same data always gives the same interval (Hayes & Krippendorff 2007 resample the same way, by unit).
import {
  cohensKappa,
  krippendorffAlpha,
  pearson,
  spearman,
  type AlphaStat,
  type ConfigType,
  type KappaStat,
  type Label,
  type ScoreForAgreement,
  type Stat,
} from "./agreement";

export interface Interval {
  low: number;
  high: number;
}

export type WithInterval<S extends Stat> = S & { ci: Interval | null };

const Z = 1.96;
export const BOOTSTRAP_RESAMPLES = 1_000;

const clip = (x: number) => Math.max(-1, Math.min(1, x));

export function kappaInterval(k: KappaStat): Interval | null {
  if (k.value === null || k.observed === undefined || k.expected === undefined || k.expected >= 1) return null;
  const se = Math.sqrt((k.observed * (1 - k.observed)) / (k.n * (1 - k.expected) ** 2));
  return { low: clip(k.value - Z * se), high: clip(k.value + Z * se) };
}

export function fisherInterval(s: Stat, variance = 1): Interval | null {
  if (s.value === null || s.n < 4) return null;
  if (Math.abs(s.value) >= 1) return { low: s.value, high: s.value };
  const z = Math.atanh(s.value);
  const half = Z * Math.sqrt(variance / (s.n - 3));
  return { low: Math.tanh(z - half), high: Math.tanh(z + half) };
}

/** mulberry32: a small seeded generator, so a bootstrap interval is the same on every read of the same data. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function alphaInterval(
  units: readonly (readonly Label[])[],
  metric: "nominal" | "interval",
  resamples = BOOTSTRAP_RESAMPLES,
): Interval | null {
  const pairable = units.filter((u) => u.length >= 2);
  if (pairable.length < 2) return null;
  const random = seeded(pairable.length * 7919 + resamples);
  const alphas: number[] = [];
  for (let r = 0; r < resamples; r++) {
    const sample = Array.from({ length: pairable.length }, () => pairable[Math.floor(random() * pairable.length)]!);
    const a = krippendorffAlpha(sample, { metric }).value;
    if (a !== null) alphas.push(a);
  }
  if (alphas.length < resamples / 2) return null;
  alphas.sort((x, y) => x - y);
  const at = (q: number) => alphas[Math.min(alphas.length - 1, Math.max(0, Math.floor(q * alphas.length)))]!;
  return { low: at(0.025), high: at(0.975) };
}

/** Two raters' scores compared the way the page compares people, with intervals. */
export type PairComparison =
  | {
      configType: "categorical" | "boolean";
      n: number;
      kappa: WithInterval<KappaStat>;
      alpha: WithInterval<AlphaStat>;
    }
  | {
      configType: "numeric";
      n: number;
      pearson: WithInterval<Stat>;
      spearman: WithInterval<Stat>;
      alpha: WithInterval<AlphaStat>;
    };

/** Compares two raters on the targets both scored (`a` and `b`: target → value). */
export function comparePair(
  configType: ConfigType,
  a: ReadonlyMap<string, Label>,
  b: ReadonlyMap<string, Label>,
  options: { alphaInterval?: boolean } = {},
): PairComparison {
  const xs: Label[] = [];
  const ys: Label[] = [];
  for (const [target, value] of a) {
    const other = b.get(target);
    if (other === undefined) continue;
    xs.push(value);
    ys.push(other);
  }
  const units = xs.map((x, i) => [x, ys[i]!]);
  const metric = configType === "numeric" ? "interval" : "nominal";
  const alpha = krippendorffAlpha(units, { metric });
  const alphaCi = options.alphaInterval ? alphaInterval(units, metric) : null;
  if (configType === "numeric") {
    const p = pearson(xs as number[], ys as number[]);
    const s = spearman(xs as number[], ys as number[]);
    return {
      configType,
      n: xs.length,
      pearson: { ...p, ci: fisherInterval(p) },
      spearman: { ...s, ci: fisherInterval(s, 1.06) },
      alpha: { ...alpha, ci: alphaCi },
    };
  }
  const kappa = cohensKappa(xs.map((x, i) => [x, ys[i]!] as const));
  return { configType, n: xs.length, kappa: { ...kappa, ci: kappaInterval(kappa) }, alpha: { ...alpha, ci: alphaCi } };
}

/** The people's consensus per target (see the file header). */
export function consensus(
  configType: ConfigType,
  scores: readonly ScoreForAgreement[],
  isPerson: (rater: string) => boolean,
): Map<string, Label> {
  const byTarget = new Map<string, Label[]>();
  for (const s of scores) {
    if (!isPerson(s.authorId)) continue;
    byTarget.set(s.targetId, [...(byTarget.get(s.targetId) ?? []), s.value]);
  }
  const out = new Map<string, Label>();
  for (const [target, values] of byTarget) {
    if (configType === "numeric") {
      const xs = values.filter((v): v is number => typeof v === "number" && Number.isFinite(v));
      if (xs.length > 0) out.set(target, xs.reduce((s, x) => s + x, 0) / xs.length);
      continue;
    }
    const counts = new Map<Label, number>();
    for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
    const top = Math.max(...counts.values());
    const leaders = [...counts].filter(([, c]) => c === top);
    if (leaders.length === 1) out.set(target, leaders[0]![0]);
  }
  return out;
}

export interface TrendPoint {
  /** The period's first day (UTC, YYYY-MM-DD). */
  from: string;
  /** Judgments in the period compared with the consensus. */
  n: number;
  /** κ (categorical, boolean) or Pearson r (numeric) against the consensus; null when undefined for the data. */
  value: number | null;
  /** Share of exact matches (categorical, boolean) or mean absolute difference (numeric). */
  agreement: number | null;
}

export interface TimedJudgment {
  targetId: string;
  value: Label;
  at: string;
}

const DAY_MS = 86_400_000;

/** The UTC day, or the Monday of its ISO week, of an ISO time. */
function periodStart(at: string, weekly: boolean): string {
  const d = new Date(at);
  const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  if (!weekly) return new Date(day).toISOString().slice(0, 10);
  const monday = day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS;
  return new Date(monday).toISOString().slice(0, 10);
}

/**
 * A judge's agreement with the consensus over time: its judgments grouped by day (by week when they span more than
 * 14 days), each period's latest judgment per target compared with the consensus as it stands.
 */
export function trendAgainst(
  configType: ConfigType,
  judgments: readonly TimedJudgment[],
  reference: ReadonlyMap<string, Label>,
): TrendPoint[] {
  if (judgments.length === 0) return [];
  const times = judgments.map((j) => Date.parse(j.at));
  const weekly = Math.max(...times) - Math.min(...times) > 14 * DAY_MS;
  const periods = new Map<string, Map<string, TimedJudgment>>();
  for (const j of [...judgments].sort((x, y) => x.at.localeCompare(y.at))) {
    const key = periodStart(j.at, weekly);
    const period = periods.get(key) ?? new Map<string, TimedJudgment>();
    period.set(j.targetId, j);
    periods.set(key, period);
  }
  return [...periods]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([from, latest]) => {
      const mine = new Map([...latest.values()].map((j) => [j.targetId, j.value]));
      const pair = comparePair(configType, mine, reference);
      const xs: Label[] = [];
      const ys: Label[] = [];
      for (const [t, v] of mine) {
        const r = reference.get(t);
        if (r !== undefined) {
          xs.push(v);
          ys.push(r);
        }
      }
      const agreement =
        xs.length === 0
          ? null
          : configType === "numeric"
            ? xs.reduce<number>((s, x, i) => s + Math.abs((x as number) - (ys[i] as number)), 0) / xs.length
            : xs.filter((x, i) => x === ys[i]).length / xs.length;
      return {
        from,
        n: pair.n,
        value: pair.configType === "numeric" ? pair.pearson.value : pair.kappa.value,
        agreement,
      };
    });
}
