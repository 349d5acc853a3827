import { describe, expect, it } from "vitest";

import { firstProblem } from "./errors";
import { parseArguments } from "./parse";
import {
  ZAnalyzeRequest,
  ZBreakdownRequest,
  ZDetectBiasRequest,
  ZDetectEmotionRequest,
  ZEvaluateRequest,
  ZPonderRequest,
  ZThinkRequest,
} from "./thoughtmcp-reasoning";

function problemOf(schema: Parameters<typeof parseArguments>[0], raw: unknown) {
  const result = parseArguments(schema, raw);
  if (result.ok) throw new Error("expected a field problem");
  return result.problem;
}

describe("thoughtmcp reasoning contracts", () => {
  it("fills the seed's defaults", () => {
    expect(ZBreakdownRequest.parse({ problem: "Build it" }).maxDepth).toBe(3);
    expect(ZPonderRequest.parse({ problem: "Plan Q1" }).timeout).toBe(30000);
    expect(ZDetectBiasRequest.parse({ reasoning: "x" }).monitorContinuously).toBe(false);
    expect(ZDetectEmotionRequest.parse({ text: "x" }).includeDiscrete).toBe(true);
    expect(ZEvaluateRequest.parse({ reasoning: "x" })).toMatchObject({
      includeConfidence: true,
      includeBias: true,
      includeEmotion: false,
    });
  });

  it("names the field and the fix for bounds, enums and missing text", () => {
    expect(problemOf(ZBreakdownRequest, { problem: "x", maxDepth: 6 })).toEqual({
      field: "maxDepth",
      message: "maxDepth must be at most 5",
      suggestion: "e.g. 3",
    });
    expect(problemOf(ZPonderRequest, { problem: "x", timeout: 500 })).toMatchObject({
      field: "timeout",
      message: "timeout must be at least 1000 ms",
    });
    expect(problemOf(ZThinkRequest, { problem: "x", mode: "lateral" })).toMatchObject({
      field: "mode",
      message: "mode is required and must be one of analytical, creative, critical, synthetic, parallel",
    });
    expect(problemOf(ZThinkRequest, { mode: "analytical", problem: "  " })).toMatchObject({
      field: "problem",
      message: "problem cannot be empty",
    });
    expect(problemOf(ZAnalyzeRequest, { problem: "x", preferredFramework: "swot" }).field).toBe("preferredFramework");
    expect(problemOf(ZAnalyzeRequest, { problem: "x", context: { goals: "fast" } })).toMatchObject({
      field: "context.goals",
      suggestion: 'e.g. ["No schema changes"]',
    });
  });

  it("accepts snake_case, string numbers and booleans as agents send them", () => {
    const parsed = parseArguments(ZBreakdownRequest, { problem: "x", max_depth: "2" });
    expect(parsed).toEqual({ ok: true, value: { problem: "x", maxDepth: 2 } });
    expect(ZEvaluateRequest.parse({ reasoning: "x", includeEmotion: "TRUE" }).includeEmotion).toBe(true);
  });

  it("takes a thoughtId instead of the text for the metacognitive tools, and asks for one of them", () => {
    expect(ZDetectBiasRequest.parse({ thoughtId: "t1" })).toMatchObject({ thoughtId: "t1" });
    const result = ZDetectEmotionRequest.safeParse({});
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(firstProblem(result.error)).toMatchObject({ field: "text", message: "text is required (or a thoughtId)" });
    }
  });
});
