// Inter-annotator agreement per score config: Cohen's κ between two reviewers and
// Krippendorff's α across any number of them for categorical and boolean configs, Pearson and Spearman per reviewer
// pair for numeric configs, each with its sample count, plus the distributions the charts draw. Pure, no
// dependencies; shared by the server and the browser.
//
// Every statistic answers `{ value, n, reason? }`. `value` is null, never NaN, when the statistic is undefined for
// the data (too few samples, a constant series, a single category used by everyone); `reason` then says why, in a
// sentence fit to show next to the number.

/** A score value: a categorical label, a boolean, or a number. */
export type Label = string | number | boolean;
/** A missing rating in the array form of Krippendorff's α. */
export type Missing = null | undefined;
export type ConfigType = "numeric" | "categorical" | "boolean";

export interface Stat {
  /** The statistic, or null when it is undefined for the data (see `reason`). */
  value: number | null;
  /** Sample count: pairs for κ, Pearson and Spearman; pairable units for α. */
  n: number;
  /** Why `value` is null; absent when it is a number. */
  reason?: string;
}

export interface KappaStat extends Stat {
  /** Observed agreement p_o (share of pairs with equal labels); absent when there are no pairs. */
  observed?: number;
  /** Agreement expected by chance from the two raters' marginals, p_e; absent when there are no pairs. */
  expected?: number;
}

export type AlphaMetric = "nominal" | "interval";

export interface AlphaStat extends Stat {
  metric: AlphaMetric;
  /** Pairable values: the ratings inside the pairable units (Krippendorff's n.. ). */
  values: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Cohen's κ

/**
 * Cohen's κ for two raters labelling the same items: κ = (p_o − p_e) / (1 − p_e), with p_e from each rater's
 * marginal label frequencies. Labels compare by SameValueZero (so `"1"` and `1` are different labels).
 *
 * Degenerate cases: fewer than 2 pairs → null; both raters using one and the same single label → p_e = 1 and κ is
 * 0/0 → null (agreement is perfect but says nothing beyond chance; `observed` is still 1).
 */
export function cohensKappa(pairs: readonly (readonly [Label, Label])[]): KappaStat {
  const n = pairs.length;
  if (n === 0) return { value: null, n, reason: "No items were rated by both reviewers." };
  const countsA = new Map<Label, number>();
  const countsB = new Map<Label, number>();
  let agree = 0;
  for (const [a, b] of pairs) {
    countsA.set(a, (countsA.get(a) ?? 0) + 1);
    countsB.set(b, (countsB.get(b) ?? 0) + 1);
    if (a === b || (Number.isNaN(a) && Number.isNaN(b))) agree++;
  }
  // In counts, κ = (n·agree − E) / (n² − E) with E = Σ_c a_c·b_c: integers all the way to one division.
  let chance = 0;
  for (const [label, a] of countsA) chance += a * (countsB.get(label) ?? 0);
  const observed = agree / n;
  const expected = chance / (n * n);
  if (n < 2) return { value: null, n, observed, expected, reason: "κ needs at least 2 items rated by both reviewers." };
  if (chance === n * n) {
    return {
      value: null,
      n,
      observed,
      expected,
      reason: "Both reviewers gave every item the same single label, so κ is undefined (chance agreement is 1).",
    };
  }
  return { value: (n * agree - chance) / (n * n - chance), n, observed, expected };
}

// ---------------------------------------------------------------------------------------------------------------
// Krippendorff's α

/**
 * Units to rate, in either form:
 * - a map from unit id to a map from rater id to that rater's label (a missing rater, or a null/undefined label,
 *   is a missing rating);
 * - an array with one row per unit holding the labels the raters gave it, null/undefined where missing (the
 *   column order does not matter to α).
 */
export type AlphaUnits =
  ReadonlyMap<string, ReadonlyMap<string, Label | Missing>> | readonly (readonly (Label | Missing)[])[];

function isUnitMap(units: AlphaUnits): units is ReadonlyMap<string, ReadonlyMap<string, Label | Missing>> {
  return units instanceof Map;
}

function unitValues(units: AlphaUnits): Label[][] {
  const rows: Iterable<Iterable<Label | Missing>> = isUnitMap(units)
    ? [...units.values()].map((row) => row.values())
    : units;
  const out: Label[][] = [];
  for (const row of rows) {
    const values: Label[] = [];
    for (const v of row) if (v !== null && v !== undefined) values.push(v);
    out.push(values);
  }
  return out;
}

/**
 * Krippendorff's α = 1 − D_o / D_e for any number of raters with missing ratings, from the coincidence matrix:
 * α = 1 − (n.. − 1) · Σ_{c,k} o_ck δ²_ck / Σ_{c,k} n_c n_k δ²_ck, where o_ck counts the ordered pairs of values
 * (c, k) inside each unit weighted by 1/(m_u − 1), n_c the pairable values equal to c, and n.. their total.
 * Units with fewer than 2 ratings are not pairable and are left out.
 *
 * `metric`: "nominal" (δ = 0 if equal, else 1; any labels) or "interval" (δ = c − k; finite numbers only).
 * Null when no unit is pairable, or when the expected disagreement is 0 (every pairable value is the same).
 */
export function krippendorffAlpha(units: AlphaUnits, options: { metric?: AlphaMetric } = {}): AlphaStat {
  const metric = options.metric ?? "nominal";
  const pairable = unitValues(units).filter((values) => values.length >= 2);
  const n = pairable.length;
  const total = pairable.reduce((sum, values) => sum + values.length, 0);
  const stat = (value: number | null, reason?: string): AlphaStat =>
    reason === undefined ? { value, n, metric, values: total } : { value, n, metric, values: total, reason };
  if (n === 0) return stat(null, "No item was rated by two or more reviewers.");

  // Σ_{c,k} o_ck δ²_ck (observed) and Σ_{c,k} n_c n_k δ²_ck (expected), both over ordered pairs.
  let observed = 0;
  let expected = 0;
  if (metric === "nominal") {
    // Per unit Σ_{c≠k} n_uc n_uk / (m_u − 1) = (m_u² − Σ_c n_uc²) / (m_u − 1); overall n..² − Σ_c n_c².
    const overall = new Map<Label, number>();
    for (const values of pairable) {
      const inUnit = new Map<Label, number>();
      for (const v of values) {
        inUnit.set(v, (inUnit.get(v) ?? 0) + 1);
        overall.set(v, (overall.get(v) ?? 0) + 1);
      }
      const m = values.length;
      let same = 0;
      for (const c of inUnit.values()) same += c * c;
      observed += (m * m - same) / (m - 1);
    }
    let same = 0;
    for (const c of overall.values()) same += c * c;
    expected = total * total - same;
  } else {
    // Squared differences: Σ_{i≠j} (x_i − x_j)² = 2m · Σ_i (x_i − x̄)², per unit (÷ (m_u − 1)) and overall.
    const all: number[] = [];
    for (const values of pairable) {
      const xs: number[] = [];
      for (const v of values) {
        if (typeof v !== "number" || !Number.isFinite(v)) {
          return stat(null, "Interval α needs finite numeric values.");
        }
        xs.push(v);
        all.push(v);
      }
      observed += (2 * xs.length * sumSquaredDeviations(xs)) / (xs.length - 1);
    }
    expected = allEqual(all) ? 0 : 2 * total * sumSquaredDeviations(all);
  }
  if (expected === 0) {
    return stat(null, "Every rating has the same value, so α is undefined (no disagreement is expected).");
  }
  return stat(1 - ((total - 1) * observed) / expected);
}

// ---------------------------------------------------------------------------------------------------------------
// Correlations

function mean(xs: readonly number[]): number {
  let sum = 0;
  for (const x of xs) sum += x;
  return sum / xs.length;
}

function sumSquaredDeviations(xs: readonly number[]): number {
  const m = mean(xs);
  let sum = 0;
  for (const x of xs) sum += (x - m) * (x - m);
  return sum;
}

function allEqual(xs: readonly number[]): boolean {
  return xs.every((x) => x === xs[0]);
}

function checkSeries(xs: readonly number[], ys: readonly number[]): Stat | null {
  if (xs.length !== ys.length) {
    throw new RangeError(`Series differ in length (${xs.length} and ${ys.length}).`);
  }
  const n = xs.length;
  if (!xs.every(Number.isFinite) || !ys.every(Number.isFinite)) {
    return { value: null, n, reason: "The values must be finite numbers." };
  }
  if (n < 2) return { value: null, n, reason: "A correlation needs at least 2 items rated by both reviewers." };
  if (allEqual(xs) || allEqual(ys)) {
    return { value: null, n, reason: "One reviewer gave every item the same score, so the correlation is undefined." };
  }
  return null;
}

function correlation(xs: readonly number[], ys: readonly number[]): Stat {
  // Deviations scaled by their largest magnitude (r does not change), so squares of tiny or huge values neither
  // underflow to 0 nor overflow; the caller has ruled out constant series, so both scales are positive.
  const deviations = (vs: readonly number[]) => {
    const m = mean(vs);
    const d = vs.map((v) => v - m);
    const scale = d.reduce((max, v) => Math.max(max, Math.abs(v)), 0);
    return scale > 0 ? d.map((v) => v / scale) : d;
  };
  const dx = deviations(xs);
  const dy = deviations(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < dx.length; i++) {
    sxy += dx[i]! * dy[i]!;
    sxx += dx[i]! * dx[i]!;
    syy += dy[i]! * dy[i]!;
  }
  const n = xs.length;
  if (!(sxx > 0 && syy > 0)) return { value: null, n, reason: "A series has no variance." }; // not for finite input
  const r = sxy / (Math.sqrt(sxx) * Math.sqrt(syy));
  return { value: Math.max(-1, Math.min(1, r)), n }; // rounding can land just outside [−1, 1]
}

/** Pearson's r between two equally long series of finite numbers (throws a RangeError if the lengths differ). */
export function pearson(xs: readonly number[], ys: readonly number[]): Stat {
  return checkSeries(xs, ys) ?? correlation(xs, ys);
}

/** Ranks 1..n in the order of the values, tied values sharing the average of the ranks they span. */
export function averageRanks(xs: readonly number[]): number[] {
  const order = xs.map((x, i) => ({ x, i })).sort((a, b) => a.x - b.x);
  const ranks = new Array<number>(xs.length);
  for (let start = 0; start < order.length;) {
    let end = start + 1;
    while (end < order.length && order[end]!.x === order[start]!.x) end++;
    const rank = (start + 1 + end) / 2; // average of ranks start+1 .. end
    for (let j = start; j < end; j++) ranks[order[j]!.i] = rank;
    start = end;
  }
  return ranks;
}

/** Spearman's ρ: Pearson's r of the average ranks (correct with ties, unlike 1 − 6Σd²/(n(n²−1))). */
export function spearman(xs: readonly number[], ys: readonly number[]): Stat {
  return checkSeries(xs, ys) ?? correlation(averageRanks(xs), averageRanks(ys));
}

// ---------------------------------------------------------------------------------------------------------------
// Per score config

export interface ScoreForAgreement {
  targetId: string;
  authorId: string;
  value: Label;
}

export interface PairKappa {
  /** The two reviewers, in sorted order. */
  raters: [string, string];
  /** Targets both scored. */
  n: number;
  kappa: KappaStat;
}

export interface PairCorrelation {
  raters: [string, string];
  n: number;
  pearson: Stat;
  spearman: Stat;
}

interface ReportBase {
  /** Every reviewer with at least one counted score, sorted. */
  raters: string[];
  /** Distinct targets with at least one counted score. */
  targets: number;
  /** Scores left out: a numeric config's non-numeric or non-finite values. */
  ignored: number;
}

export type AgreementReport =
  | (ReportBase & {
      configType: "categorical" | "boolean";
      /** Cohen's κ for every pair of reviewers who scored at least one target in common. */
      pairs: PairKappa[];
      /** Nominal Krippendorff's α over all reviewers (n = targets scored by two or more). */
      alpha: AlphaStat;
    })
  | (ReportBase & {
      configType: "numeric";
      /** Pearson and Spearman for every pair of reviewers who scored at least one target in common. */
      pairs: PairCorrelation[];
      /** Interval Krippendorff's α over all reviewers (n = targets scored by two or more). */
      alpha: AlphaStat;
    });

/**
 * Agreement among the reviewers of one score config. Scores are grouped by target; a reviewer's later score for
 * the same target replaces an earlier one (the app keeps one score per config × target × person anyway).
 * Categorical and boolean: κ per reviewer pair on the targets both scored, plus nominal α over everyone.
 * Numeric: Pearson and Spearman per reviewer pair, plus interval α over everyone.
 */
export function agreementFor(configType: ConfigType, scores: readonly ScoreForAgreement[]): AgreementReport {
  const byTarget = new Map<string, Map<string, Label>>();
  let ignored = 0;
  for (const { targetId, authorId, value } of scores) {
    if (configType === "numeric" && (typeof value !== "number" || !Number.isFinite(value))) {
      ignored++;
      continue;
    }
    let row = byTarget.get(targetId);
    if (!row) byTarget.set(targetId, (row = new Map<string, Label>()));
    row.set(authorId, value);
  }

  const raterSet = new Set<string>();
  for (const row of byTarget.values()) for (const author of row.keys()) raterSet.add(author);
  const raters = [...raterSet].sort();

  // The labels each pair of reviewers gave the targets both scored, in one pass over the targets.
  const together = new Map<string, { raters: [string, string]; a: Label[]; b: Label[] }>();
  for (const row of byTarget.values()) {
    const authors = [...row.keys()].sort();
    for (let i = 0; i < authors.length; i++) {
      for (let j = i + 1; j < authors.length; j++) {
        const a = authors[i]!;
        const b = authors[j]!;
        const key = JSON.stringify([a, b]);
        let pair = together.get(key);
        if (!pair) together.set(key, (pair = { raters: [a, b], a: [], b: [] }));
        pair.a.push(row.get(a)!);
        pair.b.push(row.get(b)!);
      }
    }
  }
  const pairList = [...together.values()].sort(
    (p, q) => compare(p.raters[0], q.raters[0]) || compare(p.raters[1], q.raters[1]),
  );
  const base: ReportBase = { raters, targets: byTarget.size, ignored };

  if (configType === "numeric") {
    return {
      ...base,
      configType,
      pairs: pairList.map(({ raters: pr, a, b }) => {
        const xs = a as number[];
        const ys = b as number[];
        return { raters: pr, n: xs.length, pearson: pearson(xs, ys), spearman: spearman(xs, ys) };
      }),
      alpha: krippendorffAlpha(byTarget, { metric: "interval" }),
    };
  }
  return {
    ...base,
    configType,
    pairs: pairList.map(({ raters: pr, a, b }) => ({
      raters: pr,
      n: a.length,
      kappa: cohensKappa(a.map((x, i) => [x, b[i]!] as const)),
    })),
    alpha: krippendorffAlpha(byTarget, { metric: "nominal" }),
  };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Distributions for charts

export interface LabelCount {
  label: Label;
  count: number;
}

export interface HistogramBin {
  /** Lower edge; for a bin holding one exact value, that value. */
  from: number;
  /** Upper edge (exclusive, except for the last bin); for a bin holding one exact value, that value. */
  to: number;
  /** Axis label: the value, or "from–to". */
  label: string;
  count: number;
}

export type Distribution =
  | { kind: "counts"; total: number; counts: LabelCount[] }
  | { kind: "histogram"; total: number; bins: HistogramBin[]; outOfRange: number };

export interface DistributionOptions {
  /** Defaults to "numeric" when every value is a number, else "categorical". */
  type?: ConfigType;
  /** Categorical: the config's labels, listed first and in this order, zero counts included. */
  labels?: readonly Label[];
  /** Numeric: the config's range and step. */
  min?: number;
  max?: number;
  step?: number;
  /** Numeric: the number of bins for continuous values (default: Sturges' rule, ⌈log₂ n⌉ + 1, at most 20). */
  bins?: number;
}

/** At most this many bins of one exact value each (a 1–10 scale gets ten bars; a 0–100 scale gets ranges). */
const MAX_DISCRETE_BINS = 20;
const MAX_BINS = 20;

/**
 * Counts per label (categorical, boolean) or a histogram (numeric). Boolean counts list true then false. A numeric
 * config whose range and step give at most 20 possible values (or integer data spanning at most 20 values) gets one
 * bin per value; otherwise equal-width bins over the config range (or the data's). Numeric values outside the config
 * range are counted in `outOfRange`; non-finite ones are dropped.
 */
export function distribution(values: readonly Label[], options: DistributionOptions = {}): Distribution {
  const type =
    options.type ?? (values.length > 0 && values.every((v) => typeof v === "number") ? "numeric" : "categorical");
  if (type !== "numeric") {
    const counts = new Map<Label, number>();
    const preset = options.labels ?? (type === "boolean" ? [true, false] : []);
    for (const label of preset) counts.set(label, 0);
    for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
    return { kind: "counts", total: values.length, counts: [...counts].map(([label, count]) => ({ label, count })) };
  }
  const xs = values.filter((v): v is number => typeof v === "number" && Number.isFinite(v));
  return histogram(xs, options);
}

function decimals(x: number): number {
  const s = String(x);
  if (s.includes("e")) return Math.min(20, Math.max(0, -Math.floor(Math.log10(Math.abs(x))) + 15));
  const dot = s.indexOf(".");
  return dot < 0 ? 0 : s.length - dot - 1;
}

function histogram(xs: readonly number[], options: DistributionOptions): Distribution {
  const dataMin = xs.length > 0 ? xs.reduce((a, b) => Math.min(a, b)) : 0; // no spread: large arrays
  const dataMax = xs.length > 0 ? xs.reduce((a, b) => Math.max(a, b)) : 0;
  const lo = options.min ?? dataMin;
  const hi = options.max ?? dataMax;
  const inRange = xs.filter((x) => x >= lo && x <= hi);
  const outOfRange = xs.length - inRange.length;
  const total = xs.length;
  if (xs.length === 0 && options.min === undefined && options.max === undefined) {
    return { kind: "histogram", total, bins: [], outOfRange };
  }

  // One bin per possible value: from the config's step, or for integer data.
  let step = options.step;
  if (
    (step === undefined || !(step > 0)) &&
    Number.isInteger(lo) &&
    Number.isInteger(hi) &&
    inRange.every(Number.isInteger)
  ) {
    step = 1;
  }
  if (step !== undefined && step > 0 && hi >= lo) {
    const slots = Math.round((hi - lo) / step) + 1;
    if (slots <= MAX_DISCRETE_BINS) {
      const places = Math.max(decimals(lo), decimals(step));
      const bins: HistogramBin[] = Array.from({ length: slots }, (_, i) => {
        const v = Number((lo + i * step).toFixed(places));
        return { from: v, to: v, label: String(v), count: 0 };
      });
      for (const x of inRange) bins[Math.min(slots - 1, Math.max(0, Math.round((x - lo) / step)))]!.count++;
      return { kind: "histogram", total, bins, outOfRange };
    }
  }

  // A range too narrow to split (subnormal values: hi − lo underflows to 0 when divided) or too wide to measure
  // (hi − lo overflows) is one bin, like a single value.
  if (hi <= lo || !((hi - lo) / MAX_BINS > 0) || !Number.isFinite(hi - lo)) {
    return {
      kind: "histogram",
      total,
      bins: [{ from: lo, to: lo, label: String(lo), count: inRange.length }],
      outOfRange,
    };
  }
  const k = Math.max(
    1,
    Math.min(MAX_BINS, Math.floor(options.bins ?? Math.ceil(Math.log2(Math.max(1, inRange.length))) + 1)),
  );
  const width = (hi - lo) / k;
  const edge = (i: number) => (i === k ? hi : lo + i * width);
  const fmt = (x: number) => String(Number(x.toPrecision(4)));
  const bins: HistogramBin[] = Array.from({ length: k }, (_, i) => ({
    from: edge(i),
    to: edge(i + 1),
    label: `${fmt(edge(i))}–${fmt(edge(i + 1))}`,
    count: 0,
  }));
  for (const x of inRange) bins[Math.min(k - 1, Math.floor((x - lo) / width))]!.count++;
  return { kind: "histogram", total, bins, outOfRange };
}
