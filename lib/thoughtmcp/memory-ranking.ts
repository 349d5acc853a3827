// recall's ranking (seed 003): score = 0.6·similarity + 0.2·salience + 0.1·recency + 0.1·linkWeight, every input in
// [0, 1], so the score is in [0, 1] too.
//
// Without a query text there is no similarity. We drop its term and divide the rest by what is left (0.4), giving
// 0.5·salience + 0.25·recency + 0.25·linkWeight: the same order as the bare 0.2/0.1/0.1 sum (dividing by a constant
// keeps order), but a score that still spans 0–1, so `score` means the same thing with and without a text (a memory
// perfect on every remaining signal scores 1, not 0.4) and a client's score threshold works for both.
//
// Recency decays linearly from 1 (just now) to 0 at one year (365 days) and stays 0 after: simple to reason about and
// to check by hand (half a year = 0.5), and a year-old memory still ranks by its other signals. Timestamps in the
// future (clock skew between hosts) count as now. Which timestamp: the service passes createdAt, so recall stays a
// read (lastAccessed would need a write on every recall, and would make results drift between identical calls).
//
// linkWeight rewards memories the waypoint graph holds together: the sum of the weights (similarities) of its links,
// divided by 3 (what a new memory gets at most: lib/thoughtmcp/memory-waypoints.ts), capped at 1. No links: 0; three
// links of 0.9: 0.9; a hub with ten strong links: 1.

export const RECALL_WEIGHTS = { similarity: 0.6, salience: 0.2, recency: 0.1, linkWeight: 0.1 } as const;

/** Days over which recency falls from 1 to 0. */
export const RECENCY_HORIZON_DAYS = 365;
const DAY_MS = 86_400_000;

/** Links that make linkWeight 1 at full weight. */
export const LINK_WEIGHT_SATURATION = 3;

export interface RecallSignals {
  /** Similarity to the query text, 0–1; undefined when recall has no text. */
  similarity?: number;
  salience: number;
  recency: number;
  linkWeight: number;
}

const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);

/** 1 at `now`, 0 at a year old and beyond. */
export function recency(timestampMs: number, nowMs: number): number {
  const ageDays = Math.max(0, nowMs - timestampMs) / DAY_MS;
  return clamp01(1 - ageDays / RECENCY_HORIZON_DAYS);
}

/** The link signal from the weights of a memory's waypoint links. */
export function linkWeight(weights: readonly number[]): number {
  let sum = 0;
  for (const w of weights) sum += clamp01(w);
  return clamp01(sum / LINK_WEIGHT_SATURATION);
}

/** The composite score; without `similarity` the other weights are renormalised to sum to 1. */
export function recallScore(signals: RecallSignals): number {
  const w = RECALL_WEIGHTS;
  const rest =
    w.salience * clamp01(signals.salience) +
    w.recency * clamp01(signals.recency) +
    w.linkWeight * clamp01(signals.linkWeight);
  if (signals.similarity === undefined) return rest / (w.salience + w.recency + w.linkWeight);
  return w.similarity * clamp01(signals.similarity) + rest;
}

export interface Ranked<T> {
  item: T;
  score: number;
}

/**
 * Orders scored items best first; equal scores fall back to `tieBreak` (e.g. newer first, then id) so pages with
 * `offset` never repeat or skip an item between calls.
 */
export function rankByScore<T>(
  items: readonly T[],
  score: (item: T) => number,
  tieBreak: (a: T, b: T) => number,
): Array<Ranked<T>> {
  return items
    .map((item) => ({ item, score: score(item) }))
    .sort((a, b) => b.score - a.score || tieBreak(a.item, b.item));
}

/**
 * The first `k` of rankByScore's order without sorting every item: the k-th best score is found on a typed array
 * (a numeric sort, no comparator), and only the items at or above it are sorted with the tie-break. Same result as
 * rankByScore(...).slice(0, k); recall ranks a user's thousands of matches for a page of ten.
 */
export function topByScore<T>(
  items: readonly T[],
  score: (item: T) => number,
  tieBreak: (a: T, b: T) => number,
  k: number,
): Array<Ranked<T>> {
  if (k <= 0) return [];
  const scores = Float64Array.from(items, score);
  const kth = scores.length > k ? Float64Array.from(scores).sort()[scores.length - k]! : -Infinity;
  const kept: Array<Ranked<T>> = [];
  for (const [i, item] of items.entries()) if (scores[i]! >= kth) kept.push({ item, score: scores[i]! });
  return kept.sort((a, b) => b.score - a.score || tieBreak(a.item, b.item)).slice(0, k);
}
