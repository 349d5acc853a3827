import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { similarity, tokenize, wordDiff, type DiffPart } from "./word-diff";

const side = (parts: DiffPart[], keep: "insert" | "delete") =>
  parts
    .filter((p) => p.op === "equal" || p.op === keep)
    .map((p) => p.text)
    .join("");

describe("word diff", () => {
  it("marks changed words only", () => {
    expect(wordDiff("The cache is stale.", "The cache is fresh.")).toEqual([
      { op: "equal", text: "The cache is " },
      { op: "delete", text: "stale" },
      { op: "insert", text: "fresh" },
      { op: "equal", text: "." },
    ]);
  });

  it("handles empty sides and identical texts", () => {
    expect(wordDiff("", "new text")).toEqual([{ op: "insert", text: "new text" }]);
    expect(wordDiff("old", "")).toEqual([{ op: "delete", text: "old" }]);
    expect(wordDiff("same", "same")).toEqual([{ op: "equal", text: "same" }]);
  });

  it("never splits a word", () => {
    expect(tokenize("don't re-run x_1, ok?")).toEqual(["don't", " ", "re-run", " ", "x_1", ",", " ", "ok", "?"]);
  });

  it("reconstructs both texts from the parts (property)", () => {
    const word = fc.constantFrom("a", "b", "cache", "the", "x", ".", ",", "é", "数据");
    const text = fc
      .array(fc.tuple(word, fc.constantFrom(" ", "\n", "")), { maxLength: 60 })
      .map((ws) => ws.map(([w, s]) => w + s).join(""));
    fc.assert(
      fc.property(text, text, (a, b) => {
        const parts = wordDiff(a, b);
        expect(side(parts, "delete")).toBe(a);
        expect(side(parts, "insert")).toBe(b);
      }),
      { numRuns: 300 },
    );
  });

  it("stays fast on a long thought with a small edit", () => {
    const long = Array.from({ length: 20_000 }, (_, i) => `w${i}`).join(" ");
    const edited = long.replace("w10000", "changed");
    const parts = wordDiff(long, edited);
    expect(parts.filter((p) => p.op !== "equal").map((p) => p.text)).toEqual(["w10000", "changed"]);
  });

  it("similarity counts shared words, not punctuation or pipes", () => {
    expect(similarity(wordDiff("| eu | ana |", "| api | 120 |"))).toBe(0);
    expect(similarity(wordDiff("the cache is stale", "the cache is fresh"))).toBe(0.75);
    expect(similarity(wordDiff("", ""))).toBe(1);
  });
});
