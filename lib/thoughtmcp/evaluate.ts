// evaluate: reasoning quality from the same counted signals as assess_confidence, with strengths, weaknesses and
// recommendations chosen by threshold; optionally the confidence, bias and emotion answers. Methods: rules (+ lexicon
// when emotion is included). An optional Refiner (types.ts) may rewrite the recommendations server-side.
import { dimensionsOf, overallOf, readSignals, type ConfidenceDimensions } from "./confidence";
import type { BiasFinding } from "./bias";
import { detectEmotion, type EmotionAnswer } from "./emotion";
import { clamp, round2 } from "./text";
import type { EngineResult } from "./types";

export interface EvaluateInput {
  reasoning: string;
  includeConfidence?: boolean;
  includeBias?: boolean;
  includeEmotion?: boolean;
}

export interface EvaluateAnswer {
  quality: { coherence: number; completeness: number; logicalValidity: number; evidenceSupport: number };
  strengths: string[];
  weaknesses: string[];
  recommendations: string[];
  confidence?: { overallConfidence: number; dimensions: ConfidenceDimensions };
  biases?: BiasFinding[];
  emotion?: EmotionAnswer;
  /** Only when an LLM refined the evaluation (server/services/reasoning/llm-refiner.ts): its summary in words. */
  summary?: string;
}

/** A quality figure at or above this is a strength, below WEAK a weakness (between: neither). */
const STRONG = 0.7;
const WEAK = 0.5;

export function evaluate(input: EvaluateInput): EngineResult<EvaluateAnswer> {
  const s = readSignals(input.reasoning);
  const d = dimensionsOf(s);
  const quality = {
    coherence: d.reasoningCoherence,
    completeness: d.completeness,
    // Validity: inference steps help; fallacy phrases, absolutes and contradictions each cost.
    logicalValidity: round2(
      clamp(
        0.6 +
          0.07 * Math.min(4, s.connectives) -
          0.15 * s.fallacies.length -
          0.07 * s.absolutes.length -
          0.2 * s.contradictions.length,
        0.05,
        0.95,
      ),
    ),
    evidenceSupport: d.evidenceQuality,
  };
  const strengths: string[] = [];
  const weaknesses: string[] = [];
  const recommendations: string[] = [];
  const judge = (value: number, strong: string, weak: string, fix: string) => {
    if (value >= STRONG) strengths.push(strong);
    else if (value < WEAK) {
      weaknesses.push(weak);
      recommendations.push(fix);
    }
  };
  judge(
    quality.coherence,
    "Clear logical structure",
    "Few explicit inference steps",
    "Spell out why each step follows",
  );
  judge(
    quality.completeness,
    "Covers alternatives and risks",
    "Missing alternative perspectives",
    "Consider counterarguments and risks",
  );
  judge(
    quality.logicalValidity,
    "Sound inferences",
    "Overstated or fallacious steps",
    "Replace absolute claims with supported ones",
  );
  judge(quality.evidenceSupport, "Well-supported claims", "Limited evidence", "Gather more data");

  const answer: EvaluateAnswer = { quality, strengths, weaknesses, recommendations };
  const componentsUsed = ["rules"];
  if (input.includeConfidence !== false) answer.confidence = { overallConfidence: overallOf(d), dimensions: d };
  if (input.includeBias !== false) {
    answer.biases = s.biases;
    for (const bias of s.biases) recommendations.push(bias.correction);
  }
  if (input.includeEmotion === true) {
    answer.emotion = detectEmotion({ text: input.reasoning }).data;
    componentsUsed.push("lexicon");
  }
  return { data: answer, componentsUsed };
}
