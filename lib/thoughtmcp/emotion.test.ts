import { describe, expect, it } from "vitest";

import golden from "./data/golden/emotion.json";
import { detectEmotion } from "./emotion";
import { DISCRETE_EMOTIONS } from "./vocabulary";

describe("detectEmotion golden set", () => {
  it.each(golden.signs)("gives valence of the right sign: $text", ({ text, valence }) => {
    const answer = detectEmotion({ text }).data;
    expect(Math.sign(answer.circumplex.valence)).toBe(valence);
  });

  it("reaches all 11 discrete emotions as the primary label", () => {
    const labels = golden.labels as Record<string, string>;
    expect(Object.keys(labels).sort()).toEqual([...DISCRETE_EMOTIONS].sort());
    const wrong = DISCRETE_EMOTIONS.map((emotion) => ({
      emotion,
      primary: detectEmotion({ text: labels[emotion]! }).data.discrete?.primary,
    })).filter((x) => x.primary !== x.emotion);
    expect(wrong).toEqual([]);
  });
});

describe("detectEmotion shape and modifiers", () => {
  it("answers the seed's example with high valence, high arousal and joy first, by the lexicon method", () => {
    const result = detectEmotion({ text: "I'm really excited about this new project! It's going to be amazing!" });
    expect(result.componentsUsed).toEqual(["lexicon"]);
    const { circumplex, discrete } = result.data;
    expect(circumplex.valence).toBeGreaterThan(0.6);
    expect(circumplex.arousal).toBeGreaterThan(0.7);
    expect(circumplex.dominance).toBeGreaterThanOrEqual(-1);
    expect(circumplex.dominance).toBeLessThanOrEqual(1);
    expect(discrete?.primary).toBe("joy");
    expect(discrete?.emotions[0]).toMatchObject({ emotion: "joy", intensity: "high" });
  });

  it("scales with intensifiers and diminishers", () => {
    const plain = detectEmotion({ text: "The result is good." }).data.circumplex.valence;
    const very = detectEmotion({ text: "The result is very good." }).data.circumplex.valence;
    const slightly = detectEmotion({ text: "The result is slightly good." }).data.circumplex.valence;
    expect(very).toBeGreaterThan(plain);
    expect(slightly).toBeLessThan(plain);
    expect(slightly).toBeGreaterThan(0);
  });

  it("drops a negated emotion word from the discrete emotions and omits them when asked", () => {
    expect(detectEmotion({ text: "I am not happy." }).data.discrete?.emotions).toEqual([]);
    expect(detectEmotion({ text: "I am happy.", includeDiscrete: false }).data.discrete).toBeUndefined();
  });

  it("gives a neutral, low-confidence answer for text without affect words", () => {
    const answer = detectEmotion({ text: "The table has three columns." }).data;
    expect(answer.circumplex).toMatchObject({ valence: 0, arousal: 0.3, dominance: 0, confidence: 0.3 });
    expect(answer.discrete).toMatchObject({ primary: null, emotions: [], confidence: 0.2 });
  });
});
