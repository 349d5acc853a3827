// analyze: picks one of the seed's eight frameworks by weighted problem features (data/frameworks.json), says how sure
// it is and why, lists the runners-up, and returns the framework's steps filled from a template. Methods: rules
// (selection) and template (steps). `preferredFramework` overrides the selection with confidence 1.
import frameworksJson from "./data/frameworks.json";
import { clamp, round2 } from "./text";
import type { EngineResult, ReasoningContext } from "./types";
import type { FrameworkId } from "./vocabulary";

interface Framework {
  id: FrameworkId;
  name: string;
  description: string;
  bestFor: string;
  features: { regex: RegExp; weight: number }[];
  steps: string[];
  insight: string;
  alternativeReason: string;
}

const FRAMEWORKS: Framework[] = frameworksJson.frameworks.map((f) => ({
  ...f,
  id: f.id as FrameworkId,
  features: f.features.map((x) => ({ regex: new RegExp(x.pattern, "i"), weight: x.weight })),
}));
const BY_ID = new Map(FRAMEWORKS.map((f) => [f.id, f]));
const DEFAULT_ID = frameworksJson.defaultFramework as FrameworkId;
/** A runner-up within 80 % of the winner's score makes the selection a hybrid of the two. */
const HYBRID_RATIO = 0.8;

export interface FrameworkScore {
  id: FrameworkId;
  score: number;
  matched: string[];
}

/** Each framework's summed feature weight for the problem text, highest first (ties keep the seed's order). */
export function scoreFrameworks(text: string): FrameworkScore[] {
  return FRAMEWORKS.map((f) => {
    const matched: string[] = [];
    let score = 0;
    for (const feature of f.features) {
      const m = feature.regex.exec(text);
      if (m) {
        score += feature.weight;
        matched.push(m[0].trim());
      }
    }
    return { id: f.id, score, matched };
  }).sort((a, b) => b.score - a.score);
}

export interface AnalyzeInput {
  problem: string;
  preferredFramework?: FrameworkId;
  context?: ReasoningContext;
}

export interface AnalyzeAnswer {
  framework: { id: FrameworkId; name: string; description: string };
  selection: { confidence: number; reason: string; isHybrid: boolean; scores: { id: FrameworkId; score: number }[] };
  result: { conclusion: string; steps: string[]; insights: string[]; confidence: number; processingTime: number };
  alternatives: { framework: { id: FrameworkId; name: string }; reason: string }[];
}

function frameworkOf(id: FrameworkId): Framework {
  const f = BY_ID.get(id);
  if (!f) throw new Error(`Unknown framework ${id}`);
  return f;
}

export function analyze(input: AnalyzeInput): EngineResult<AnalyzeAnswer> {
  const started = performance.now();
  // Only the problem and its background select the framework: goals and constraints describe the answer, not the kind
  // of problem.
  const scores = scoreFrameworks([input.problem, input.context?.background ?? ""].join("\n"));
  const top = scores[0]!;
  const second = scores[1]!;
  const total = scores.reduce((s, x) => s + x.score, 0);
  let chosen: FrameworkId;
  let confidence: number;
  let reason: string;
  let isHybrid = false;
  if (input.preferredFramework) {
    chosen = input.preferredFramework;
    confidence = 1;
    reason = "Chosen by preferredFramework";
  } else if (top.score === 0) {
    chosen = DEFAULT_ID;
    confidence = 0.4;
    reason = "No distinctive problem features; critical thinking is the general-purpose default";
  } else {
    chosen = top.id;
    // Share of all feature weight plus a little per distinct matched feature: one weak match ≈ 0.6, a clear winner
    // with three features ≈ 0.9.
    confidence = clamp(0.35 + 0.45 * (top.score / total) + 0.05 * Math.min(3, top.matched.length), 0, 0.95);
    isHybrid = second.score > 0 && second.score >= HYBRID_RATIO * top.score;
    reason = `Problem characteristics match ${frameworkOf(chosen).bestFor} (${top.matched.map((m) => `"${m}"`).join(", ")})`;
    if (isHybrid) reason += `; ${frameworkOf(second.id).name} scores close behind`;
  }
  const framework = frameworkOf(chosen);
  const steps = framework.steps.map((s) => s.replace("{problem}", input.problem));
  const insights = [framework.insight];
  for (const c of input.context?.constraints ?? []) insights.push(`Constraint to respect in every step: ${c}`);
  for (const g of input.context?.goals ?? []) insights.push(`Goal to judge the outcome by: ${g}`);
  const alternatives = scores
    .filter((s) => s.id !== chosen && s.score > 0)
    .slice(0, 2)
    .map((s) => ({
      framework: { id: s.id, name: frameworkOf(s.id).name },
      reason: frameworkOf(s.id).alternativeReason,
    }));
  if (alternatives.length === 0) {
    const fallback = chosen === DEFAULT_ID ? frameworkOf("first-principles") : frameworkOf(DEFAULT_ID);
    alternatives.push({ framework: { id: fallback.id, name: fallback.name }, reason: fallback.alternativeReason });
  }
  return {
    data: {
      framework: { id: framework.id, name: framework.name, description: framework.description },
      selection: {
        confidence: round2(confidence),
        reason,
        isHybrid,
        scores: scores.map(({ id, score }) => ({ id, score })),
      },
      result: {
        conclusion: `Apply ${framework.name} in ${steps.length} steps, starting with: ${steps[0]}`,
        steps,
        insights,
        // The template gives a procedure, not an answer: its confidence is the selection's, discounted by 10 %.
        confidence: round2(confidence * 0.9),
        processingTime: round2(performance.now() - started),
      },
      alternatives,
    },
    componentsUsed: ["rules", "template"],
  };
}
