import { describe, expect, it } from "vitest";
import { uncertaintyOf, type JudgeScoreForUncertainty } from "./uncertainty";

const configs = new Map([
  ["num", { type: "numeric", min: 1, max: 5 }],
  ["cat", { type: "categorical", min: null, max: null }],
]);
const score = (s: Partial<JudgeScoreForUncertainty>): JudgeScoreForUncertainty => ({
  configId: "num",
  targetKey: "thought:a",
  authorKey: "judge:1",
  value: 3,
  stringValue: null,
  confidence: 0.9,
  ...s,
});

describe("judge uncertainty", () => {
  it("is null without judge scores, else the lowest confidence's complement", () => {
    expect(uncertaintyOf([], configs)).toBeNull();
    expect(uncertaintyOf([score({}), score({ targetKey: "thought:b", confidence: 0.25 })], configs)).toBeCloseTo(0.75);
    expect(uncertaintyOf([score({ confidence: null })], configs)).toBe(0);
  });

  it("counts disagreement between judges on one target: spread over the range, or differing labels", () => {
    const numeric = [score({ value: 2, confidence: 1 }), score({ authorKey: "judge:2", value: 5, confidence: 1 })];
    expect(uncertaintyOf(numeric, configs)).toBeCloseTo(0.75);
    const labels = [
      score({ configId: "cat", value: 1, stringValue: "good", confidence: 1 }),
      score({ configId: "cat", authorKey: "judge:2", value: 0, stringValue: "bad", confidence: 1 }),
    ];
    expect(uncertaintyOf(labels, configs)).toBe(1);
  });
});
