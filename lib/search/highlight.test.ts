import { describe, expect, it } from "vitest";

import { highlight, mergeRanges, snippet } from "./highlight";
import { parseQuery, type QueryNode } from "./query";

function q(input: string): QueryNode {
  const result = parseQuery(input);
  if (!result.ok) throw new Error(result.message);
  return result.query;
}

/** The marked substrings, for readable expectations. */
function marked(text: string, input: string): string[] {
  return highlight(text, q(input)).ranges.map((r) => text.slice(r.start, r.end));
}

describe("highlight", () => {
  it("marks each term, case- and accent-insensitively, and lists matched terms in query order", () => {
    const text = "User prefers Dark mode; the dark théme is on.";
    expect(highlight(text, q("theme dark missing"))).toEqual({
      ranges: [
        { start: 13, end: 17 },
        { start: 28, end: 32 },
        { start: 33, end: 38 },
      ],
      matchedTerms: ["theme", "dark"],
    });
  });

  it("marks a phrase as one range, only where its words are adjacent and in order", () => {
    expect(marked("dark mode, mode dark, dark  mode", '"dark mode"')).toEqual(["dark mode", "dark  mode"]);
  });

  it("marks punctuated terms the way the tokenizer splits them, and prefixes", () => {
    expect(marked("I write C++ and node.js; nodes too", "C++ node.js node*")).toEqual(["C", "node.js", "nodes"]);
  });

  it("leaves terms under NOT unmarked and merges overlapping matches", () => {
    expect(highlight("dark mode light", q("dark NOT light"))).toEqual({
      ranges: [{ start: 0, end: 4 }],
      matchedTerms: ["dark"],
    });
    expect(marked("dark mode", 'dark "dark mode"')).toEqual(["dark mode"]);
  });

  it("returns ranges, never markup, whatever the text holds", () => {
    const text = "<script>alert(1)</script> alert";
    const result = highlight(text, q("alert"));
    expect(result.ranges).toEqual([
      { start: 8, end: 13 },
      { start: 26, end: 31 },
    ]);
    expect(JSON.stringify(result)).not.toContain("<");
  });

  it("merges touching and overlapping ranges", () => {
    expect(
      mergeRanges([
        { start: 5, end: 9 },
        { start: 0, end: 2 },
        { start: 2, end: 4 },
        { start: 8, end: 12 },
      ]),
    ).toEqual([
      { start: 0, end: 4 },
      { start: 5, end: 12 },
    ]);
  });
});

describe("snippet", () => {
  it("returns short text whole", () => {
    expect(snippet("short", [{ start: 0, end: 5 }])).toEqual({
      text: "short",
      ranges: [{ start: 0, end: 5 }],
      cutStart: false,
      cutEnd: false,
    });
  });

  it("cuts a window around the first match at word boundaries and shifts the ranges", () => {
    const text = `${"lorem ipsum ".repeat(20)}needle ${"dolor sit ".repeat(20)}`;
    const { ranges } = highlight(text, q("needle"));
    const s = snippet(text, ranges, 60);
    expect(s.cutStart && s.cutEnd).toBe(true);
    expect(s.text.length).toBeLessThanOrEqual(60);
    expect(s.ranges).toHaveLength(1);
    const [r] = s.ranges;
    expect(r && s.text.slice(r.start, r.end)).toBe("needle");
    expect(s.text.startsWith(" ") || s.text.endsWith(" ")).toBe(false);
  });
});
