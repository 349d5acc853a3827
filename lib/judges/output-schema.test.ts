import { describe, expect, it } from "vitest";
import type { ScoreRule } from "../contracts/scores";
import { judgeFillProblem, judgeOutputSchema, readJudgeAnswer } from "./output-schema";

const numeric: ScoreRule = { name: "quality", type: "numeric", min: 1, max: 5, step: 1, categories: null };
const labels: ScoreRule = {
  name: "verdict",
  type: "categorical",
  min: null,
  max: null,
  step: null,
  categories: [
    { label: "bad", value: 0 },
    { label: "good", value: 1 },
  ],
};
const bool: ScoreRule = { name: "sound", type: "boolean", min: null, max: null, step: null, categories: null };
const text: ScoreRule = { name: "notes", type: "text", min: null, max: null, step: null, categories: null };

describe("judge output schema", () => {
  it("is built from the config: value bounds, labels, boolean; text configs answer in the rationale", () => {
    expect(judgeOutputSchema(numeric)).toMatchObject({
      type: "object",
      properties: { value: { type: "number", minimum: 1, maximum: 5 } },
      required: ["value", "rationale", "confidence"],
      additionalProperties: false,
    });
    expect(judgeOutputSchema(labels)).toMatchObject({
      properties: { value: { type: "string", enum: ["bad", "good"] } },
    });
    expect(judgeOutputSchema(bool)).toMatchObject({ properties: { value: { type: "boolean" } } });
    expect(judgeOutputSchema(text).required).toEqual(["rationale", "confidence"]);
  });

  it("reads an answer into what a score stores", () => {
    expect(readJudgeAnswer(numeric, { value: 4, rationale: " fine ", confidence: 0.9 })).toEqual({
      ok: true,
      value: { value: 4, stringValue: null, rationale: "fine", confidence: 0.9 },
    });
    expect(readJudgeAnswer(labels, { value: "good", rationale: "r", confidence: 1 })).toMatchObject({
      ok: true,
      value: { value: 1, stringValue: "good" },
    });
    expect(readJudgeAnswer(bool, { value: false, rationale: "r" })).toMatchObject({
      ok: true,
      value: { value: 0, stringValue: "false", confidence: null },
    });
    expect(readJudgeAnswer(text, { rationale: "Clear steps.", confidence: 0.5 })).toMatchObject({
      ok: true,
      value: { value: null, stringValue: "Clear steps.", rationale: "Clear steps." },
    });
  });

  it("refuses an answer outside the config, off its grid, of the wrong type, or without a rationale", () => {
    const problem = (rule: ScoreRule, answer: unknown) => {
      const r = readJudgeAnswer(rule, answer);
      return r.ok ? null : r.problem;
    };
    expect(problem(numeric, { value: 7, rationale: "r" })).toMatchObject({
      field: "answer.value",
      message: 'The model answered 7 for "quality", which takes a number from 1 to 5 in steps of 1.',
    });
    expect(problem(numeric, { value: 2.5, rationale: "r" })?.field).toBe("answer.value");
    expect(problem(numeric, { value: "4", rationale: "r" })?.message).toMatch(/answered "4"/);
    expect(problem(labels, { value: "great", rationale: "r" })?.message).toMatch(/one of the labels "bad", "good"/);
    expect(problem(bool, { value: "true", rationale: "r" })?.field).toBe("answer.value");
    expect(problem(numeric, { value: 3, rationale: "  " })?.field).toBe("answer.rationale");
    expect(problem(numeric, { value: 3, rationale: "r", confidence: 1.5 })?.field).toBe("answer.confidence");
    expect(problem(numeric, [1, 2])?.message).toMatch(/not a JSON object/);
  });

  it("says which configs a judge cannot fill", () => {
    expect(judgeFillProblem(numeric)).toBeNull();
    expect(judgeFillProblem({ ...numeric, max: null })?.message).toMatch(/a judge needs a scale with both ends/);
    expect(judgeFillProblem({ ...labels, archived: true })?.message).toMatch(/is archived/);
  });
});
