import { describe, expect, it } from "vitest";

import { rankFromBm25, toFts5 } from "./fts5";
import { describe as describeNode, MAX_QUERY_DEPTH, parseQuery, type QueryNode } from "./query";
import { rankFromTsRank, toTsquery, tsqueryString } from "./tsquery";

function parsed(input: string): QueryNode {
  const result = parseQuery(input);
  if (!result.ok) throw new Error(`expected ${input} to parse: ${result.message}`);
  return result.query;
}

const t = (text: string, prefix = false): QueryNode => ({ kind: "term", text, prefix });

describe("parseQuery", () => {
  it("ANDs words implicitly and explicitly", () => {
    expect(parsed("dark mode")).toEqual({ kind: "and", include: [t("dark"), t("mode")], exclude: [] });
    expect(parsed("dark AND mode")).toEqual(parsed("dark mode"));
  });

  it("binds NOT tighter than AND and AND tighter than OR", () => {
    expect(parsed("a b OR c NOT d")).toEqual({
      kind: "or",
      anyOf: [
        { kind: "and", include: [t("a"), t("b")], exclude: [] },
        { kind: "and", include: [t("c")], exclude: [t("d")] },
      ],
    });
    expect(parsed("(a OR b) c")).toEqual({
      kind: "and",
      include: [{ kind: "or", anyOf: [t("a"), t("b")] }, t("c")],
      exclude: [],
    });
  });

  it("reads phrases, prefixes, and punctuation inside words", () => {
    expect(parsed('"dark mode" prefers')).toEqual({
      kind: "and",
      include: [{ kind: "phrase", words: ["dark", "mode"] }, t("prefers")],
      exclude: [],
    });
    expect(parsed("C++ node.js pref*")).toEqual({
      kind: "and",
      include: [t("C++"), t("node.js"), t("pref", true)],
      exclude: [],
    });
    expect(parsed('"single"')).toEqual(t("single"));
  });

  it("treats lower-case and/or/not as words", () => {
    expect(parsed("rock and roll")).toEqual({
      kind: "and",
      include: [t("rock"), t("and"), t("roll")],
      exclude: [],
    });
  });

  it("forgives an open quote, stray operators and parentheses, and says what it fixed", () => {
    const open = parseQuery('"dark mode');
    expect(open).toMatchObject({ ok: true, query: { kind: "phrase", words: ["dark", "mode"] } });
    expect(open.ok && open.notes).toEqual(["A quote was left open; the phrase runs to the end of the query."]);
    expect(parsed("OR dark AND")).toEqual(t("dark"));
    expect(parsed("dark OR OR mode")).toEqual({ kind: "or", anyOf: [t("dark"), t("mode")] });
    expect(parsed("dark NOT")).toEqual(t("dark"));
    expect(parsed("dark) (mode")).toEqual({ kind: "and", include: [t("dark"), t("mode")], exclude: [] });
    expect(parsed("dark - ++ ()")).toEqual(t("dark"));
    expect(parsed("NOT NOT dark")).toEqual(t("dark"));
  });

  it("refuses what cannot be searched, with a suggestion, and never throws", () => {
    for (const input of ["", "   ", "AND OR NOT", '""', "()", "- ++ &&"]) {
      expect(parseQuery(input)).toMatchObject({ ok: false, code: "empty_query" });
    }
    expect(parseQuery("NOT draft")).toMatchObject({
      ok: false,
      code: "only_negative",
      suggestion: 'Add a word to find, e.g. "report NOT draft".',
    });
    expect(parseQuery("a OR NOT b")).toMatchObject({ ok: false, code: "only_negative" });
    expect(parseQuery("x".repeat(1001))).toMatchObject({ ok: false, code: "too_long" });
    expect(parseQuery(Array.from({ length: 65 }, (_, i) => `w${i}`).join(" "))).toMatchObject({
      ok: false,
      code: "too_many_terms",
    });
  });

  it("stays shallow on deep parentheses", () => {
    const deep = "(".repeat(400) + "x" + ")".repeat(400);
    const result = parseQuery(deep);
    expect(result).toMatchObject({ ok: true, query: t("x") });
    expect(result.ok && result.notes).toContain(`Parentheses nested deeper than ${MAX_QUERY_DEPTH} were ignored.`);
  });

  it("never throws on arbitrary input", () => {
    const alphabet = ['"', "(", ")", " ", "AND", "OR", "NOT", "a", "b", "*", "C++", "'", "\\", ":", "é"];
    let seed = 7;
    for (let n = 0; n < 2000; n++) {
      let input = "";
      for (let k = 0; k < 12; k++) {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        input += alphabet[seed % alphabet.length] + (seed % 3 === 0 ? " " : "");
      }
      const result = parseQuery(input);
      if (result.ok) {
        expect(typeof toFts5(result.query)).toBe("string");
        expect(typeof toTsquery(result.query)).toBe("string");
        expect(typeof describeNode(result.query)).toBe("string");
      } else {
        expect(result.message.length).toBeGreaterThan(0);
      }
    }
  });
});

describe("compilers", () => {
  it("compile to FTS5 with every term quoted and every compound parenthesised", () => {
    expect(toFts5(parsed('"dark mode" AND pref* NOT light'))).toBe('(("dark mode" AND "pref"*) NOT "light")');
    expect(toFts5(parsed("a OR b NOT c NOT d"))).toBe('("a" OR ("b" NOT ("c" OR "d")))');
    expect(toFts5(parsed("C++"))).toBe('"C++"');
  });

  it("compile to to_tsquery with every term quoted", () => {
    expect(toTsquery(parsed('"dark mode" AND pref* NOT light'))).toBe("(('dark' <-> 'mode') & 'pref':* & !'light')");
    expect(toTsquery(parsed("a OR b NOT c NOT d"))).toBe("('a' | ('b' & !'c' & !'d'))");
  });

  it("neutralise the back ends' syntax typed as text", () => {
    expect(toFts5(parsed('title:x NEAR(a b) ^start say""hi'))).toBe(
      '("title:x" AND "NEAR" AND "a" AND "b" AND "^start" AND "say" AND "hi")',
    );
    expect(toFts5(parsed('"a ""b"'))).toBe('("a" AND "b")');
    expect(toTsquery(parsed("it's a\\b x&y !z <->w:*A well-kn*"))).toBe(
      "(('it' <-> 's') & ('a' <-> 'b') & ('x' <-> 'y') & 'z' & ('w' <-> 'a') & ('well' <-> 'kn':*))",
    );
    expect(tsqueryString("it's a\\b")).toBe("'it''s a\\\\b'");
    expect(toTsquery(parsed("Café ПРИВЕТ"))).toBe("('café' & 'привет')");
  });
});

describe("ranks", () => {
  it("map both back ends' scores into (0, 1), better stays higher", () => {
    expect(rankFromBm25(-3)).toBeCloseTo(0.75, 12); // r = 3: 3 / 4
    expect(rankFromBm25(-1)).toBeLessThan(rankFromBm25(-3));
    expect(rankFromBm25(0.2)).toBe(0);
    expect(rankFromTsRank(0.0607927)).toBeCloseTo(0.0607927 / 1.0607927, 12);
    expect(rankFromTsRank(Number.POSITIVE_INFINITY)).toBe(1);
  });
});
