import { describe, expect, it } from "vitest";

import { assessConfidence } from "./confidence";
import { evaluate } from "./evaluate";

const SUPPORTED =
  "Based on benchmark results, the optimization will improve throughput by 40% because the hot loop no longer allocates, so the risk is limited to the edge cases compared in the tests.";
const HEDGED = "Maybe this could be faster, I guess, but it is unclear and probably will always fail.";

describe("assessConfidence", () => {
  it("rates evidenced reasoning above hedged reasoning on every dimension that matters", () => {
    const good = assessConfidence({
      reasoning: SUPPORTED,
      evidence: ["Benchmark results showing 40% improvement", "Load test data"],
    });
    const weak = assessConfidence({ reasoning: HEDGED });
    expect(good.componentsUsed).toEqual(["rules"]);
    expect(good.data.overallConfidence).toBeGreaterThan(weak.data.overallConfidence);
    expect(good.data.dimensions.evidenceQuality).toBeGreaterThan(weak.data.dimensions.evidenceQuality);
    expect(good.data.dimensions.uncertaintyLevel).toBeLessThan(weak.data.dimensions.uncertaintyLevel);
    expect(good.data.interpretation).toMatch(/^(High|Moderate) confidence/);
    expect(weak.data.interpretation).toMatch(/^(Low|Very low) confidence/);
  });

  it("warns about hedges, absolutes, missing evidence and a stated contradiction", () => {
    const { warnings } = assessConfidence({ reasoning: HEDGED + " This contradicts the earlier plan." }).data;
    expect(warnings).toContain("No evidence is cited");
    expect(warnings.some((w) => w.includes("hedging phrases"))).toBe(true);
    expect(warnings.some((w) => w.startsWith("Absolute wording (always)"))).toBe(true);
    expect(warnings).toContain("The reasoning states a contradiction");
  });

  it('counts hedges as whole words only ("mayor" is not "may")', () => {
    const { dimensions } = assessConfidence({ reasoning: "The mayor appeared at the meeting." }).data;
    expect(dimensions.uncertaintyLevel).toBe(0.15);
  });

  it("lowers biasFreedom by the strongest bias found", () => {
    const { dimensions, warnings } = assessConfidence({ reasoning: "We have invested too much to stop now." }).data;
    // Two sunk-cost rules match: strongest 0.8 + 0.1 for the second span = severity 0.9, so freedom 0.1.
    expect(dimensions.biasFreedom).toBe(0.1);
    expect(warnings).toContain("Possible sunk cost bias");
  });
});

describe("evaluate", () => {
  it("returns the four quality figures, strengths or weaknesses, confidence and biases by default", () => {
    const result = evaluate({ reasoning: SUPPORTED });
    expect(result.componentsUsed).toEqual(["rules"]);
    expect(Object.keys(result.data.quality).sort()).toEqual([
      "coherence",
      "completeness",
      "evidenceSupport",
      "logicalValidity",
    ]);
    expect(result.data.strengths).toEqual([
      "Clear logical structure",
      "Covers alternatives and risks",
      "Sound inferences",
    ]);
    expect(result.data.weaknesses).toEqual([]);
    expect(result.data.confidence?.overallConfidence).toBeGreaterThan(0.5);
    expect(result.data.biases).toEqual([]);
    expect(result.data.emotion).toBeUndefined();
  });

  it("names weaknesses with a recommendation each and adds emotion on request", () => {
    const result = evaluate({
      reasoning: "Everyone knows it is obvious. It will always work.",
      includeEmotion: true,
      includeConfidence: false,
    });
    expect(result.componentsUsed).toEqual(["rules", "lexicon"]);
    expect(result.data.weaknesses).toContain("Overstated or fallacious steps");
    expect(result.data.weaknesses).toContain("Limited evidence");
    expect(result.data.recommendations.length).toBeGreaterThanOrEqual(result.data.weaknesses.length);
    expect(result.data.confidence).toBeUndefined();
    expect(result.data.emotion?.circumplex).toBeDefined();
  });
});
