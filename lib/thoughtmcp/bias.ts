// detect_bias: the seed's eight bias types as phrase rules (data/bias-rules.json). Each finding names the spans it
// matched (offsets into the input), a severity and a correction. Method: rules.
import rulesJson from "./data/bias-rules.json";
import { clamp, round2 } from "./text";
import type { EngineResult } from "./types";
import type { BiasType } from "./vocabulary";

export interface EvidenceSpan {
  start: number;
  end: number;
  text: string;
}

export interface BiasFinding {
  type: BiasType;
  description: string;
  severity: number;
  /** The matched phrases, as the seed lists evidence (strings). */
  evidence: string[];
  /** The same matches with their offsets into `reasoning`, for highlighting. */
  spans: EvidenceSpan[];
  correction: string;
  confidence: number;
}

export interface BiasAnswer {
  biases: BiasFinding[];
  detectionTime: number;
  monitoringActive: boolean;
}

interface CompiledBias {
  type: BiasType;
  description: string;
  correction: string;
  rules: { regex: RegExp; weight: number }[];
}

// Compiled once at module load: 44 expressions; a detector run is then one pass of each over the text.
const COMPILED: CompiledBias[] = rulesJson.biases.map((bias) => ({
  type: bias.type as BiasType,
  description: bias.description,
  correction: bias.correction,
  rules: bias.rules.map((rule) => ({ regex: new RegExp(rule.pattern, "gi"), weight: rule.weight })),
}));

export interface BiasInput {
  reasoning: string;
  monitorContinuously?: boolean;
}

export function detectBias(input: BiasInput): EngineResult<BiasAnswer> {
  const started = performance.now();
  const biases: BiasFinding[] = [];
  for (const bias of COMPILED) {
    const spans: EvidenceSpan[] = [];
    let strongest = 0;
    for (const rule of bias.rules) {
      for (const match of input.reasoning.matchAll(rule.regex)) {
        spans.push({ start: match.index, end: match.index + match[0].length, text: match[0] });
        strongest = Math.max(strongest, rule.weight);
      }
    }
    if (spans.length === 0) continue;
    spans.sort((a, b) => a.start - b.start);
    biases.push({
      type: bias.type,
      description: bias.description,
      severity: round2(clamp(strongest + 0.1 * (spans.length - 1), 0, 1)),
      evidence: spans.map((s) => s.text),
      spans,
      correction: bias.correction,
      // One phrase is suggestive; three or more agreeing phrases make the finding fairly certain.
      confidence: round2(clamp(0.55 + 0.15 * (spans.length - 1), 0, 0.95)),
    });
  }
  biases.sort((a, b) => b.severity - a.severity);
  return {
    data: {
      biases,
      detectionTime: round2(performance.now() - started),
      // Continuous monitoring is a session setting in thoughtgraph (the detectors run on every thought when the
      // project turns them on); a single call reports whether the caller asked for it.
      monitoringActive: input.monitorContinuously === true,
    },
    componentsUsed: ["rules"],
  };
}
