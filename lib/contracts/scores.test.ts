import { describe, expect, it } from "vitest";
import { parseArguments } from "./parse";
import {
  describeScoreRule,
  MAX_TEXT_SCORE_CHARS,
  validateScoreValue,
  ZScoreConfigInput,
  ZScoreInput,
  type ScoreRule,
} from "./scores";

const rule = (patch: Partial<ScoreRule>): ScoreRule => ({
  name: "quality",
  type: "numeric",
  min: null,
  max: null,
  step: null,
  categories: null,
  ...patch,
});
const likert = rule({ min: 1, max: 5, step: 1 });
const fraction = rule({ name: "confidence", min: 0, max: 1, step: 0.1 });
const verdict = rule({
  name: "verdict",
  type: "categorical",
  categories: [
    { label: "wrong", value: 0 },
    { label: "partly right", value: 1 },
    { label: "right", value: 2 },
  ],
});
const flag = rule({ name: "hallucination", type: "boolean" });
const note = rule({ name: "note", type: "text" });

function accepted(r: ScoreRule, value: unknown) {
  const out = validateScoreValue(r, value);
  if (!out.ok) throw new Error(`expected ${JSON.stringify(value)} to be accepted: ${out.problem.message}`);
  return out.value;
}

function refused(r: ScoreRule, value: unknown) {
  const out = validateScoreValue(r, value);
  if (out.ok) throw new Error(`expected ${JSON.stringify(value)} to be refused`);
  expect(out.problem.field).toBe("value");
  return out.problem;
}

describe("validateScoreValue: numeric", () => {
  it.each([1, 3, 5, "4", " 2 "])("accepts %j on a 1..5 step 1 scale", (v) => {
    expect(accepted(likert, v)).toEqual({ value: Number(v), stringValue: null });
  });

  it.each([
    [0, /from 1 to 5 in steps of 1/],
    [6, /from 1 to 5/],
    [2.5, /steps of 1/],
    ["abc", /a number/],
    [true, /a number/],
    [null, /got nothing/],
    [Number.NaN, /a number/],
    [Number.POSITIVE_INFINITY, /a number/],
  ])("refuses %j, saying %s", (v, message) => {
    const p = refused(likert, v);
    expect(p.message).toMatch(message);
    expect(p.message).toContain('"quality"');
  });

  it("suggests the nearest value on the grid", () => {
    expect(refused(likert, 2.4).suggestion).toMatch(/e\.g\. 2\b/);
    expect(refused(fraction, 0.33).suggestion).toMatch(/e\.g\. 0\.3\b/);
  });

  it("treats floating-point neighbours of a grid point as on the grid", () => {
    for (const v of [0, 0.1, 0.2, 0.3, 0.7, 0.9, 1]) expect(accepted(fraction, v).value).toBe(v);
    expect(accepted(rule({ min: -1, max: 1, step: 0.05 }), 0.15).value).toBe(0.15);
  });

  it("counts the grid from min, or from 0 without one", () => {
    const odd = rule({ min: 1, max: 9, step: 2 });
    expect(accepted(odd, 7).value).toBe(7);
    refused(odd, 2);
    const halves = rule({ step: 0.5 });
    expect(accepted(halves, -1.5).value).toBe(-1.5);
    expect(refused(halves, 0.2).message).toMatch(/steps of 0\.5 \(counted from 0\)/);
  });

  it("takes any number without bounds or step, and honours one bound alone", () => {
    expect(accepted(rule({}), -1234.5678).value).toBe(-1234.5678);
    expect(refused(rule({ min: 0 }), -1).message).toMatch(/≥ 0/);
    expect(refused(rule({ max: 10 }), 11).message).toMatch(/≤ 10/);
  });
});

describe("validateScoreValue: categorical", () => {
  it("stores the label and its value", () => {
    expect(accepted(verdict, "partly right")).toEqual({ value: 1, stringValue: "partly right" });
  });

  it("accepts a label in another case or with spaces around it, storing the config's spelling", () => {
    expect(accepted(verdict, "  RIGHT ")).toEqual({ value: 2, stringValue: "right" });
  });

  it.each(["great", "", 2, true, ["right"]])("refuses %j, listing the labels", (v) => {
    expect(refused(verdict, v).message).toContain('one of the labels "wrong", "partly right", "right"');
  });

  it("accepts a number only when it is a label", () => {
    const stars = rule({
      name: "stars",
      type: "categorical",
      categories: [
        { label: "1", value: 1 },
        { label: "2", value: 2 },
      ],
    });
    expect(accepted(stars, 2)).toEqual({ value: 2, stringValue: "2" });
  });

  it("refuses a case-insensitive match that is ambiguous", () => {
    const ab = rule({
      type: "categorical",
      categories: [
        { label: "Yes", value: 0 },
        { label: "YES", value: 1 },
      ],
    });
    refused(ab, "yes");
    expect(accepted(ab, "YES").value).toBe(1);
  });
});

describe("validateScoreValue: boolean and text", () => {
  it.each([
    [true, 1],
    [false, 0],
    ["true", 1],
    ["FALSE", 0],
  ])("boolean %j is stored as %d", (v, n) => {
    expect(accepted(flag, v)).toEqual({ value: n, stringValue: n === 1 ? "true" : "false" });
  });

  it.each([1, 0, "yes", "", null])("boolean refuses %j", (v) => {
    expect(refused(flag, v).message).toMatch(/true or false/);
  });

  it("text takes a string up to the limit", () => {
    expect(accepted(note, "clear and correct")).toEqual({ value: null, stringValue: "clear and correct" });
    expect(accepted(note, "x".repeat(MAX_TEXT_SCORE_CHARS)).stringValue).toHaveLength(MAX_TEXT_SCORE_CHARS);
  });

  it.each([["x".repeat(MAX_TEXT_SCORE_CHARS + 1)], ["   "], [42], [{ text: "x" }]])("text refuses %#", (v) => {
    expect(refused(note, v).message).toMatch(/text of 1 to 10000 characters/);
  });
});

describe("describeScoreRule", () => {
  it("says what each type takes", () => {
    expect(describeScoreRule(likert)).toBe("a number from 1 to 5 in steps of 1");
    expect(describeScoreRule(rule({}))).toBe("a number");
    expect(describeScoreRule(flag)).toBe("true or false");
  });
});

function configProblem(raw: unknown) {
  const r = parseArguments(ZScoreConfigInput, raw);
  if (r.ok) throw new Error(`expected a problem with ${JSON.stringify(raw)}`);
  return r.problem;
}

describe("ZScoreConfigInput", () => {
  it("keeps what a label means", () => {
    const r = ZScoreConfigInput.parse({
      name: "verdict",
      type: "categorical",
      categories: [{ label: "good", description: "right and complete" }, "bad"],
    });
    expect(r.categories).toEqual([
      { label: "good", value: 0, description: "right and complete" },
      { label: "bad", value: 1 },
    ]);
  });

  it("normalises labels to {label, value} in order", () => {
    const r = ZScoreConfigInput.parse({ name: " verdict ", type: "categorical", categories: ["bad", "good"] });
    expect(r).toEqual({
      name: "verdict",
      type: "categorical",
      categories: [
        { label: "bad", value: 0 },
        { label: "good", value: 1 },
      ],
    });
    const mixed = ZScoreConfigInput.parse({
      name: "v",
      type: "categorical",
      categories: [{ label: "low", value: 10 }, "mid", { label: "high", value: "30" }],
    });
    expect(mixed.categories).toEqual([
      { label: "low", value: 10 },
      { label: "mid", value: 1 },
      { label: "high", value: 30 },
    ]);
  });

  it("accepts numbers as strings and snake_case keys", () => {
    const r = parseArguments(ZScoreConfigInput, { name: "q", type: "numeric", min: "1", max: "5", step: "1" });
    expect(r).toEqual({ ok: true, value: { name: "q", type: "numeric", min: 1, max: 5, step: 1 } });
  });

  it.each([
    [{ type: "numeric" }, "name", /name/],
    [{ name: "", type: "numeric" }, "name", /must not be empty/],
    [{ name: "q" }, "type", /numeric, categorical, boolean or text/],
    [{ name: "q", type: "stars" }, "type", /numeric, categorical, boolean or text/],
    [{ name: "q", type: "numeric", min: 5, max: 5 }, "max", /greater than min/],
    [{ name: "q", type: "numeric", min: 5, max: 1 }, "max", /greater than min/],
    [{ name: "q", type: "numeric", step: 0 }, "step", /greater than 0/],
    [{ name: "q", type: "numeric", step: -1 }, "step", /greater than 0/],
    [{ name: "q", type: "numeric", min: 0, max: 1, step: 2 }, "step", /at most max − min/],
    [{ name: "q", type: "numeric", min: "low" }, "min", /must be a number/],
    [{ name: "q", type: "numeric", categories: ["a", "b"] }, "categories", /only to categorical/],
    [{ name: "q", type: "categorical" }, "categories", /at least 2 distinct labels/],
    [{ name: "q", type: "categorical", categories: ["a"] }, "categories", /at least 2 distinct labels/],
    [{ name: "q", type: "categorical", categories: ["a", "A"] }, "categories", /at least 2 distinct labels/],
    [{ name: "q", type: "categorical", categories: ["a", "b", "A"] }, "categories", /"A" appears twice/],
    [
      {
        name: "q",
        type: "categorical",
        categories: [
          { label: "a", value: 1 },
          { label: "b", value: 1 },
        ],
      },
      "categories",
      /distinct values/,
    ],
    [
      { name: "q", type: "categorical", categories: ["a", 3] },
      "categories.1",
      /label or \{label, value, description\}/,
    ],
    [{ name: "q", type: "categorical", categories: ["a", "b"], min: 0 }, "min", /only to numeric/],
    [{ name: "q", type: "boolean", max: 1 }, "max", /only to numeric/],
    [{ name: "q", type: "text", categories: ["a", "b"] }, "categories", /only to categorical/],
    [{ name: "q", type: "text", colour: "red" }, "colour", /Unknown field/],
    [{ name: "x".repeat(101), type: "text" }, "name", /at most 100/],
  ])("%j → %s", (raw, field, message) => {
    const p = configProblem(raw);
    expect(p.field).toBe(field);
    expect(p.message).toMatch(message);
  });
});

function scoreProblem(raw: unknown) {
  const r = parseArguments(ZScoreInput, raw);
  if (r.ok) throw new Error(`expected a problem with ${JSON.stringify(raw)}`);
  return r.problem;
}

describe("ZScoreInput", () => {
  it("takes a thought or a session, a name or a config id, snake_case too", () => {
    expect(parseArguments(ZScoreInput, { thought_id: "t1", name: "q", value: 3, comment: "ok" })).toEqual({
      ok: true,
      value: { thoughtId: "t1", name: "q", value: 3, comment: "ok" },
    });
    expect(parseArguments(ZScoreInput, { sessionId: "s1", config_id: "c1", value: "good" }).ok).toBe(true);
    expect(parseArguments(ZScoreInput, { sessionId: "s1", thoughtId: null, name: "q", value: false }).ok).toBe(true);
  });

  it.each([
    [{ name: "q", value: 1 }, "thoughtId", /thoughtId or sessionId is required/],
    [{ thoughtId: "t", sessionId: "s", name: "q", value: 1 }, "sessionId", /not both/],
    [{ thoughtId: "t", value: 1 }, "name", /name is required/],
    [{ thoughtId: "t", name: "q", configId: "c", value: 1 }, "configId", /not both/],
    [{ thoughtId: "t", name: "q" }, "value", /value is required/],
    [{ thoughtId: "t", name: "q", value: null }, "value", /value is required/],
    [{ thoughtId: "t", name: "q", value: 1, score: 2 }, "score", /Unknown field/],
    [{ thoughtId: "t", name: "q", value: 1, comment: 5 }, "comment", /must be a string/],
    [{ thoughtId: "", name: "q", value: 1 }, "thoughtId", /must not be empty/],
    [{ thoughtId: "t", name: "q", value: 1, comment: "x".repeat(10_001) }, "comment", /at most 10000/],
  ])("%j → %s", (raw, field, message) => {
    const p = scoreProblem(raw);
    expect(p.field).toBe(field);
    expect(p.message).toMatch(message);
  });
});
