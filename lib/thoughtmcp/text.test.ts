import { describe, expect, it } from "vitest";

import { jaccard, shingles, tokenize, words } from "./text";

describe("text helpers", () => {
  it("tokenizes lower-case words with their offsets, keeping apostrophes", () => {
    expect(tokenize("Don’t STOP, now!")).toEqual([
      { word: "don't", start: 0, end: 5 },
      { word: "stop", start: 6, end: 10 },
      { word: "now", start: 12, end: 15 },
    ]);
  });

  it("splits words as tokenize does, with the same offsets, in one pass", () => {
    for (const text of ["Don’t STOP, now!", "it's o'neil's 5percent x_y -- 'quoted' end'", "Çafé 42nd İstanbul", ""]) {
      const starts: number[] = [];
      expect(words(text, starts)).toEqual(tokenize(text).map((t) => t.word));
      expect(starts).toEqual(tokenize(text).map((t) => t.start));
    }
  });

  it("builds word bigrams, or one shingle for a one-word text", () => {
    expect([...shingles("The cache is cold")]).toEqual(["the cache", "cache is", "is cold"]);
    expect([...shingles("Cache")]).toEqual(["cache"]);
    expect(shingles("").size).toBe(0);
  });

  it("computes Jaccard as shared over union, 0 for two empty sets", () => {
    // {a b, b c} vs {b c, c d}: 1 shared of 3.
    expect(jaccard(shingles("a b c"), shingles("b c d"))).toBeCloseTo(1 / 3);
    expect(jaccard(new Set(), new Set())).toBe(0);
    expect(jaccard(shingles("same words here"), shingles("same words here"))).toBe(1);
  });
});
