// think: one stream's template (analytical, creative, critical, synthetic) or, in parallel mode, ponder's four streams
// with ponder's answer shape, as the seed answers each mode. Method: template.
import { ponder, type PonderAnswer } from "./ponder";
import { runStream } from "./streams";
import { clamp, round2 } from "./text";
import type { EngineResult, ReasoningContext } from "./types";
import type { StreamName, ThinkMode } from "./vocabulary";

export interface ThinkSingleAnswer {
  mode: StreamName;
  conclusion: string;
  reasoning: string[];
  insights: string[];
  confidence: number;
  processingTime: number;
  status: "completed";
}

export type ThinkAnswer = ThinkSingleAnswer | (PonderAnswer & { mode: "parallel" });

export interface ThinkInput {
  problem: string;
  mode: ThinkMode;
  context?: ReasoningContext;
}

export function think(input: ThinkInput): EngineResult<ThinkAnswer> {
  if (input.mode === "parallel") {
    const result = ponder({ problem: input.problem, context: input.context });
    return { data: { ...result.data, mode: "parallel" }, componentsUsed: result.componentsUsed };
  }
  const started = performance.now();
  const out = runStream(input.mode, input.problem, input.context);
  const mean = out.insights.reduce((s, i) => s + i.confidence, 0) / Math.max(1, out.insights.length);
  return {
    data: {
      mode: input.mode,
      conclusion: out.conclusion,
      reasoning: out.steps,
      insights: out.insights.map((i) => i.content),
      // A template answer with no filled insight has little to stand on: 0.5 at most.
      confidence: round2(out.insights.length ? clamp(mean, 0, 0.9) : 0.5),
      processingTime: round2(performance.now() - started),
      status: "completed",
    },
    componentsUsed: out.usedBiasRules ? ["template", "rules"] : ["template"],
  };
}
