import { describe, expect, it } from "vitest";

import { linkWeight, rankByScore, recallScore, recency, topByScore } from "./memory-ranking";

const NOW = Date.UTC(2026, 0, 1);
const DAY = 86_400_000;

describe("recency", () => {
  it("decays linearly over a year: 1 now, 0.5 at half a year, 0 at a year and after", () => {
    expect(recency(NOW, NOW)).toBe(1);
    expect(recency(NOW - 73 * DAY, NOW)).toBeCloseTo(0.8, 12); // 1 − 73/365
    expect(recency(NOW - 182.5 * DAY, NOW)).toBeCloseTo(0.5, 12);
    expect(recency(NOW - 365 * DAY, NOW)).toBe(0);
    expect(recency(NOW - 900 * DAY, NOW)).toBe(0);
  });

  it("counts a future timestamp as now", () => {
    expect(recency(NOW + 5 * DAY, NOW)).toBe(1);
  });
});

describe("linkWeight", () => {
  it("sums link weights over 3, capped at 1", () => {
    expect(linkWeight([])).toBe(0);
    expect(linkWeight([0.9])).toBeCloseTo(0.3, 12);
    expect(linkWeight([0.9, 0.9, 0.9])).toBeCloseTo(0.9, 12);
    expect(linkWeight([0.8, 0.8, 0.8, 0.8])).toBe(1);
  });
});

describe("recallScore", () => {
  it("is 0.6·similarity + 0.2·salience + 0.1·recency + 0.1·linkWeight with a query text", () => {
    // 0.6·0.9 + 0.2·0.75 + 0.1·0.8 + 0.1·0.3 = 0.54 + 0.15 + 0.08 + 0.03 = 0.80
    expect(recallScore({ similarity: 0.9, salience: 0.75, recency: 0.8, linkWeight: 0.3 })).toBeCloseTo(0.8, 12);
    // similarity 0 still counts as a text query: 0.2·1 + 0.1·1 + 0.1·1 = 0.4
    expect(recallScore({ similarity: 0, salience: 1, recency: 1, linkWeight: 1 })).toBeCloseTo(0.4, 12);
  });

  it("renormalises salience, recency and links to 0.5/0.25/0.25 without a text", () => {
    // (0.2·0.75 + 0.1·0.8 + 0.1·0.3) / 0.4 = 0.26 / 0.4 = 0.65 = 0.5·0.75 + 0.25·0.8 + 0.25·0.3
    expect(recallScore({ salience: 0.75, recency: 0.8, linkWeight: 0.3 })).toBeCloseTo(0.65, 12);
    expect(recallScore({ salience: 1, recency: 1, linkWeight: 1 })).toBeCloseTo(1, 12);
  });

  it("clamps signals outside 0–1 and NaN", () => {
    expect(recallScore({ similarity: 2, salience: -1, recency: Number.NaN, linkWeight: 1 })).toBeCloseTo(0.7, 12);
  });
});

describe("rankByScore", () => {
  it("orders best first and breaks ties stably", () => {
    const items = [
      { id: "b", s: 0.5 },
      { id: "a", s: 0.5 },
      { id: "c", s: 0.9 },
    ];
    const ranked = rankByScore(
      items,
      (i) => i.s,
      (x, y) => x.id.localeCompare(y.id),
    );
    expect(ranked.map((r) => r.item.id)).toEqual(["c", "a", "b"]);
  });
});

describe("topByScore", () => {
  it("gives rankByScore's first k, ties at the cut included in tie-break order", () => {
    // Scores from a small set, so many ties fall at every cut.
    const items = Array.from({ length: 200 }, (_, i) => ({ id: `m${(i * 37) % 200}`, s: ((i * 7) % 5) / 4 }));
    const tieBreak = (x: { id: string }, y: { id: string }) => x.id.localeCompare(y.id);
    const full = rankByScore(items, (i) => i.s, tieBreak);
    for (const k of [1, 3, 10, 41, 199, 200, 500]) {
      expect(topByScore(items, (i) => i.s, tieBreak, k)).toEqual(full.slice(0, k));
    }
    expect(topByScore(items, (i) => i.s, tieBreak, 0)).toEqual([]);
  });
});
