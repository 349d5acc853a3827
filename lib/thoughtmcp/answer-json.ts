// detect_bias's and detect_emotion's answers as JSON text for the detectors that run on every thought written
// (server/services/reasoning/detect-on-write.ts). JSON.stringify walks each answer's objects and escapes every
// string; here the parts that are the same on every answer (field names, emotion labels) are serialised once at load
// and only the matched text is escaped. The emotion's text is JSON.stringify's; the bias answer is stored compact and
// read back whole by expandBiasAnswer (answer-json.test.ts checks both over the golden sets). Measured with
// `npm run bench:detectors`: both findings of the worst case serialised in ~1.5 ms per 1,000 thoughts instead of ~6.
import rulesJson from "./data/bias-rules.json";
import type { BiasAnswer, BiasFinding } from "./bias";
import type { EmotionAnswer } from "./emotion";

/** A number as JSON.stringify writes it (a non-finite number is null there). */
function num(n: number): string {
  return Number.isFinite(n) ? String(n) : "null";
}

interface BiasParts {
  description: string;
  correction: string;
  /** The compact finding's opening up to its severity. */
  type: string;
}

/** Per bias type: what the rules file says of every finding of it. */
const BIAS_PARTS = new Map<string, BiasParts>(
  rulesJson.biases.map((b) => [
    b.type,
    { description: b.description, correction: b.correction, type: `{"type":${JSON.stringify(b.type)},"severity":` },
  ]),
);

/** Strings of a small closed set (emotion labels, intensities) escaped once each. */
const quoted = new Map<string, string>();
function quote(s: string): string {
  let q = quoted.get(s);
  if (q === undefined) quoted.set(s, (q = JSON.stringify(s)));
  return q;
}

/**
 * detect_bias's answer for the detectors on every thought, stored compact: per finding its type, severity, evidence,
 * the spans as [start, end] (their text is the evidence, in the same order) and confidence; the description and
 * correction, the same for every finding of a type, are left to expandBiasAnswer when the row is read. The worst
 * case's finding is ~230 bytes instead of ~600: the findings of 1,000 thoughts add ~0.45 MB to the WAL instead of
 * ~0.8 MB, which the write thread writes and the checkpointer copies again.
 */
export function compactBiasAnswerJson(answer: BiasAnswer): string {
  let out = '{"biases":[';
  for (let i = 0; i < answer.biases.length; i++) {
    const b = answer.biases[i]!;
    const parts = BIAS_PARTS.get(b.type);
    // A finding that does not read back as it is (never, while detectBias builds them from the rules file): whole.
    if (parts === undefined || !expandable(b, parts)) {
      out += (i > 0 ? "," : "") + JSON.stringify(b);
      continue;
    }
    let evidence = "";
    let spans = "";
    for (let k = 0; k < b.spans.length; k++) {
      const span = b.spans[k]!;
      evidence += (k > 0 ? "," : "") + JSON.stringify(span.text);
      spans += `${k > 0 ? "," : ""}[${num(span.start)},${num(span.end)}]`;
    }
    out +=
      (i > 0 ? "," : "") +
      parts.type +
      num(b.severity) +
      ',"evidence":[' +
      evidence +
      '],"spans":[' +
      spans +
      '],"confidence":' +
      num(b.confidence) +
      "}";
  }
  return `${out}],"detectionTime":${num(answer.detectionTime)},"monitoringActive":${answer.monitoringActive}}`;
}

function expandable(b: BiasFinding, parts: BiasParts): boolean {
  if (b.description !== parts.description || b.correction !== parts.correction) return false;
  if (b.evidence.length !== b.spans.length) return false;
  for (let k = 0; k < b.spans.length; k++) if (b.evidence[k] !== b.spans[k]!.text) return false;
  return true;
}

/**
 * A stored bias result as detect_bias answered it: a compact one (compactBiasAnswerJson) gets its findings'
 * descriptions, corrections and span texts back; a whole one (a detect_bias call with a thought id) is returned as
 * it is.
 */
export function expandBiasAnswer(stored: unknown): unknown {
  const biases = (stored as { biases?: unknown } | null)?.biases;
  if (!Array.isArray(biases)) return stored;
  return {
    ...(stored as object),
    biases: biases.map((b: Record<string, unknown>) => {
      const parts = BIAS_PARTS.get(b.type as string);
      if (b.description !== undefined || parts === undefined || !Array.isArray(b.spans) || !Array.isArray(b.evidence))
        return b;
      const evidence = b.evidence as string[];
      return {
        type: b.type,
        description: parts.description,
        severity: b.severity,
        evidence,
        spans: (b.spans as [number, number][]).map(([start, end], k) => ({ start, end, text: evidence[k] })),
        correction: parts.correction,
        confidence: b.confidence,
      };
    }),
  };
}

export function emotionAnswerJson(answer: EmotionAnswer): string {
  const c = answer.circumplex;
  let out =
    `{"circumplex":{"valence":${num(c.valence)},"arousal":${num(c.arousal)},"dominance":${num(c.dominance)},` +
    `"confidence":${num(c.confidence)}},"detectionTime":${num(answer.detectionTime)}`;
  const d = answer.discrete;
  if (d !== undefined) {
    out += `,"discrete":{"primary":${d.primary === null ? "null" : quote(d.primary)},"emotions":[`;
    for (let i = 0; i < d.emotions.length; i++) {
      const e = d.emotions[i]!;
      out += `${i > 0 ? "," : ""}{"emotion":${quote(e.emotion)},"score":${num(e.score)},"intensity":${quote(e.intensity)}}`;
    }
    out += `],"confidence":${num(d.confidence)}}`;
  }
  return `${out}}`;
}
