// assess_confidence: five dimensions from counted signals (hedges, evidence markers, numbers, connectives,
// contradictions, absolutes) in data/confidence-rules.json, plus the bias detector for biasFreedom. Method: rules.
import { detectBias, type BiasFinding } from "./bias";
import rules from "./data/confidence-rules.json";
import { clamp, escapeRegExp, round2, tokenize } from "./text";
import type { EngineResult } from "./types";

export interface Signals {
  words: number;
  hedges: string[];
  evidenceMarkers: string[];
  connectives: number;
  contrasts: number;
  contradictions: string[];
  absolutes: string[];
  alternatives: number;
  risks: number;
  fallacies: string[];
  numbers: number;
  evidenceItems: number;
  biases: BiasFinding[];
}

function compile(list: string[]): RegExp[] {
  return list.map((p) => new RegExp(`(?<![\\w'])${escapeRegExp(p)}(?![\\w'])`, "gi"));
}
const LISTS = {
  hedges: compile(rules.hedges),
  evidenceMarkers: compile(rules.evidenceMarkers),
  connectives: compile(rules.connectives),
  contrasts: compile(rules.contrasts),
  contradictions: compile(rules.contradictions),
  absolutes: compile(rules.absolutes),
  alternatives: compile(rules.alternatives),
  risks: compile(rules.risks),
  fallacies: compile(rules.fallacies),
};

/** The phrases of a list found in the text, one entry per occurrence. */
function found(text: string, list: RegExp[]): string[] {
  return list.flatMap((regex) => [...text.matchAll(regex)].map((m) => m[0].toLowerCase()));
}

export function readSignals(text: string, evidence: string[] = []): Signals {
  const all = [text, ...evidence].join("\n");
  return {
    words: tokenize(text).length,
    hedges: found(text, LISTS.hedges),
    evidenceMarkers: found(all, LISTS.evidenceMarkers),
    connectives: found(text, LISTS.connectives).length,
    contrasts: found(text, LISTS.contrasts).length,
    contradictions: found(text, LISTS.contradictions),
    absolutes: found(text, LISTS.absolutes),
    alternatives: found(text, LISTS.alternatives).length,
    risks: found(text, LISTS.risks).length,
    fallacies: found(text, LISTS.fallacies),
    numbers: (all.match(/\d+(?:\.\d+)?\s?(?:%|ms|s|x|k|m|gb|mb)?/gi) ?? []).length,
    evidenceItems: evidence.filter((e) => e.trim().length > 0).length,
    biases: detectBias({ reasoning: text }).data.biases,
  };
}

export interface ConfidenceDimensions {
  evidenceQuality: number;
  reasoningCoherence: number;
  completeness: number;
  uncertaintyLevel: number;
  biasFreedom: number;
}

export interface ConfidenceAnswer {
  overallConfidence: number;
  dimensions: ConfidenceDimensions;
  interpretation: string;
  warnings: string[];
  recommendations: string[];
}

export function dimensionsOf(s: Signals): ConfidenceDimensions {
  return {
    // Evidence: markers in the text, listed evidence items (the strongest signal) and concrete numbers.
    evidenceQuality: round2(
      clamp(0.2 + 0.1 * s.evidenceMarkers.length + 0.15 * Math.min(4, s.evidenceItems) + 0.05 * s.numbers, 0, 0.95),
    ),
    // Coherence: explicit inference steps help; stated contradictions hurt more than contrasts, which are normal.
    reasoningCoherence: round2(
      clamp(
        0.55 + 0.08 * Math.min(4, s.connectives) - 0.2 * s.contradictions.length - 0.1 * s.fallacies.length,
        0.1,
        0.95,
      ),
    ),
    // Completeness: length up to ~60 words, alternatives weighed and risks named.
    completeness: round2(
      clamp(
        0.25 + Math.min(0.3, s.words / 200) + 0.1 * Math.min(2, s.alternatives) + 0.1 * Math.min(2, s.risks),
        0,
        0.95,
      ),
    ),
    // Uncertainty: each hedge raises it; concrete numbers lower it a little.
    uncertaintyLevel: round2(clamp(0.15 + 0.12 * s.hedges.length - 0.03 * s.numbers, 0.05, 0.95)),
    biasFreedom: round2(1 - Math.max(0, ...s.biases.map((b) => b.severity))),
  };
}

export function overallOf(d: ConfidenceDimensions): number {
  return round2(
    0.3 * d.evidenceQuality +
      0.25 * d.reasoningCoherence +
      0.2 * d.completeness +
      0.15 * (1 - d.uncertaintyLevel) +
      0.1 * d.biasFreedom,
  );
}

function interpret(overall: number): string {
  if (overall >= 0.75) return "High confidence - reasoning is well-supported";
  if (overall >= 0.55) return "Moderate confidence - reasoning is partly supported";
  if (overall >= 0.35) return "Low confidence - reasoning needs more support";
  return "Very low confidence - reasoning is largely unsupported";
}

export function assessConfidence(input: { reasoning: string; evidence?: string[] }): EngineResult<ConfidenceAnswer> {
  const s = readSignals(input.reasoning, input.evidence);
  const dimensions = dimensionsOf(s);
  const warnings: string[] = [];
  const recommendations: string[] = [];
  if (s.evidenceItems === 0 && s.evidenceMarkers.length === 0) {
    warnings.push("No evidence is cited");
    recommendations.push("Cite the data, tests or sources the claim rests on");
  }
  if (s.hedges.length >= 2) {
    warnings.push(`${s.hedges.length} hedging phrases (${[...new Set(s.hedges)].join(", ")}) signal uncertainty`);
    recommendations.push("Resolve the open questions behind the hedges or state the uncertainty as a range");
  }
  if (s.absolutes.length > 0) {
    warnings.push(`Absolute wording (${[...new Set(s.absolutes)].join(", ")}) overstates certainty`);
    recommendations.push("Replace absolute claims with measured ones and their conditions");
  }
  if (s.contradictions.length > 0) {
    warnings.push("The reasoning states a contradiction");
    recommendations.push("Resolve the contradiction before acting on the conclusion");
  }
  for (const bias of s.biases) {
    warnings.push(`Possible ${bias.type.replace("_", " ")} bias`);
    recommendations.push(bias.correction);
  }
  if (s.risks === 0) recommendations.push("Name the risks and edge cases the reasoning does not cover");
  if (s.alternatives === 0) recommendations.push("Compare at least one alternative");
  const overallConfidence = overallOf(dimensions);
  return {
    data: { overallConfidence, dimensions, interpretation: interpret(overallConfidence), warnings, recommendations },
    componentsUsed: ["rules"],
  };
}
