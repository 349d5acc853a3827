import { describe, expect, it } from "vitest";
import { detectBias } from "../thoughtmcp/bias";
import { badgeKey, nodeBadges } from "./node-badges";

describe("nodeBadges", () => {
  it("shows the most severe bias and the overall confidence of each assessed thought", () => {
    const badges = nodeBadges([
      {
        thoughtId: "t1",
        kind: "bias",
        result: {
          biases: [
            { type: "anchoring", severity: 0.4 },
            { type: "sunk_cost", severity: 0.8 },
          ],
        },
      },
      { thoughtId: "t1", kind: "confidence", result: { overallConfidence: 0.72 } },
      { thoughtId: "t2", kind: "confidence", result: { overallConfidence: 0.3 } },
      { thoughtId: "t3", kind: "emotion", result: { circumplex: { valence: 0.5 } } },
      { thoughtId: "t4", kind: "bias", result: { biases: [] } },
    ]);
    expect(badges.get("t1")).toEqual({ bias: "sunk cost", biases: ["sunk cost", "anchoring"], confidence: 0.72 });
    expect(badges.get("t2")).toEqual({ bias: null, biases: [], confidence: 0.3 });
    // Emotion has no badge, and a bias check that found nothing shows none.
    expect(badges.has("t3")).toBe(false);
    expect(badges.has("t4")).toBe(false);
  });

  it("reads the bias engine's own answer", () => {
    const result = detectBias({ reasoning: "We already spent two years on it, so we cannot abandon it now." }).data;
    const badge = nodeBadges([{ thoughtId: "t", kind: "bias", result }]).get("t");
    expect(badge?.bias).toBe("sunk cost");
  });

  it("keys badges by their text, so equal badges compare equal", () => {
    const a = { bias: "framing", biases: ["framing"], confidence: 0.5 };
    expect(badgeKey(a)).toBe(badgeKey({ ...a, biases: ["framing"] }));
    expect(badgeKey(a)).not.toBe(badgeKey({ ...a, confidence: 0.6 }));
    expect(badgeKey(null)).toBe("");
  });
});
