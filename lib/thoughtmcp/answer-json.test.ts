import { describe, expect, it } from "vitest";
import { biasAnswerJson, emotionAnswerJson } from "./answer-json";
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
  it("writes detect_bias's answers exactly as JSON.stringify does", () => {
    let withBias = 0;
    for (const text of TEXTS) {
      for (const monitorContinuously of [false, true]) {
        const { data } = detectBias({ reasoning: text, monitorContinuously });
        if (data.biases.length > 0) withBias++;
        expect(biasAnswerJson(data)).toBe(JSON.stringify(data));
      }
    }
    // The golden set's biased sentences are most of it: the findings' path is what was compared.
    expect(withBias).toBeGreaterThan(40);
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
