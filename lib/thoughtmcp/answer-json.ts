// detect_bias's and detect_emotion's answers as JSON text, the same text JSON.stringify gives (answer-json.test.ts
// checks it over the golden sets), for the detectors that run on every thought written
// (server/services/reasoning/detect-on-write.ts). JSON.stringify walks each answer's objects and escapes every
// string; here the parts that are the same on every answer (a bias's type, description and correction, the field
// names, the emotion labels) are serialised once at load, and only the matched text is escaped. Measured with
// `npm run bench:detectors`: the worst case's two findings per thought serialised in ~2 ms per 1,000 thoughts
// instead of ~6.
import rulesJson from "./data/bias-rules.json";
import type { BiasAnswer } from "./bias";
import type { EmotionAnswer } from "./emotion";

/** A number as JSON.stringify writes it (a non-finite number is null there). */
function num(n: number): string {
  return Number.isFinite(n) ? String(n) : "null";
}

/** Per bias type: the finding's opening up to its severity, and its correction. */
const BIAS_PARTS = new Map<string, { description: string; correctionText: string; head: string; correction: string }>(
  rulesJson.biases.map((b) => [
    b.type,
    {
      description: b.description,
      correctionText: b.correction,
      head: `{"type":${JSON.stringify(b.type)},"description":${JSON.stringify(b.description)},"severity":`,
      correction: `,"correction":${JSON.stringify(b.correction)},"confidence":`,
    },
  ]),
);

/** Strings of a small closed set (emotion labels, intensities) escaped once each. */
const quoted = new Map<string, string>();
function quote(s: string): string {
  let q = quoted.get(s);
  if (q === undefined) quoted.set(s, (q = JSON.stringify(s)));
  return q;
}

export function biasAnswerJson(answer: BiasAnswer): string {
  let out = '{"biases":[';
  for (let i = 0; i < answer.biases.length; i++) {
    const b = answer.biases[i]!;
    const parts = BIAS_PARTS.get(b.type);
    // A finding this table does not know (never, while the rules file is the only source): the generic way.
    if (parts === undefined || b.description !== parts.description || b.correction !== parts.correctionText) {
      out += (i > 0 ? "," : "") + JSON.stringify(b);
      continue;
    }
    // The evidence strings are the spans' texts: each escaped once for both lists.
    const texts = b.spans.map((s) => JSON.stringify(s.text));
    let evidence = "";
    for (let k = 0; k < b.evidence.length; k++)
      evidence += (k > 0 ? "," : "") + (b.evidence[k] === b.spans[k]?.text ? texts[k] : JSON.stringify(b.evidence[k]));
    let spans = "";
    for (let k = 0; k < b.spans.length; k++) {
      const s = b.spans[k]!;
      spans += `${k > 0 ? "," : ""}{"start":${num(s.start)},"end":${num(s.end)},"text":${texts[k]}}`;
    }
    out +=
      (i > 0 ? "," : "") +
      parts.head +
      num(b.severity) +
      ',"evidence":[' +
      evidence +
      '],"spans":[' +
      spans +
      "]" +
      parts.correction +
      num(b.confidence) +
      "}";
  }
  return `${out}],"detectionTime":${num(answer.detectionTime)},"monitoringActive":${answer.monitoringActive}}`;
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
