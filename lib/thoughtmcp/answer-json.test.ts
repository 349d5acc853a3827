import { describe, expect, it } from "vitest";
import { compactBiasAnswerJson, emotionAnswerJson, expandBiasAnswer } from "./answer-json";
import { detectBias } from "./bias";
import biasGolden from "./data/golden/bias.json";
import emotionGolden from "./data/golden/emotion.json";
import { detectEmotion } from "./emotion";

/** Every text of a golden file, wherever it sits in the file's structure. */
function textsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value && typeof value === "object") return Object.values(value).flatMap(textsOf);
  return [];
}

const TEXTS = [
  ...textsOf(biasGolden),
  ...textsOf(emotionGolden),
  // Text JSON must escape inside a matched span: quotes, a backslash, a control character, non-ASCII.
  'We already invested "two years" in this \\ design\t— so we cannot abandon it now; I am so worried 😟!',
];

describe("answer-json", () => {
  it("stores detect_bias's answers compact and reads them back whole, fields in the same order", () => {
    let withBias = 0;
    for (const text of TEXTS) {
      for (const monitorContinuously of [false, true]) {
        const { data } = detectBias({ reasoning: text, monitorContinuously });
        if (data.biases.length > 0) withBias++;
        const stored = compactBiasAnswerJson(data);
        if (data.biases.length > 0) expect(stored.length).toBeLessThan(JSON.stringify(data).length);
        expect(JSON.stringify(expandBiasAnswer(JSON.parse(stored)))).toBe(JSON.stringify(data));
      }
    }
    // The golden set's biased sentences are most of it: the findings' path is what was compared.
    expect(withBias).toBeGreaterThan(40);
  });

  it("reads a whole stored bias answer (detect_bias called with a thought id) as it is", () => {
    const { data } = detectBias({ reasoning: "We already invested two years in it, so we cannot abandon it now." });
    expect(data.biases.length).toBeGreaterThan(0);
    const whole = JSON.parse(JSON.stringify(data)) as unknown;
    expect(expandBiasAnswer(whole)).toEqual(data);
    expect(expandBiasAnswer({ value: 1 })).toEqual({ value: 1 });
  });

  it("writes detect_emotion's answers exactly as JSON.stringify does, with and without the discrete emotions", () => {
    let withEmotion = 0;
    for (const text of TEXTS) {
      for (const includeDiscrete of [false, true]) {
        const { data } = detectEmotion({ text, includeDiscrete });
        if (data.discrete?.primary) withEmotion++;
        expect(emotionAnswerJson(data)).toBe(JSON.stringify(data));
      }
    }
    expect(withEmotion).toBeGreaterThan(11);
  });
});
