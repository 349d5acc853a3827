import { describe, expect, it } from "vitest";

import { detectBias } from "./bias";
import { BIAS_TYPES } from "./vocabulary";
import golden from "./data/golden/bias.json";

describe("detectBias golden set", () => {
  const detect = golden.detect as Record<string, string[]>;

  it.each(BIAS_TYPES)("detects %s in at least 5 golden sentences, each one", (type) => {
    const sentences = detect[type] ?? [];
    expect(sentences.length).toBeGreaterThanOrEqual(5);
    const missed = sentences.filter((s) => !detectBias({ reasoning: s }).data.biases.some((b) => b.type === type));
    expect(missed).toEqual([]);
  });

  it("finds no bias in any of the neutral sentences", () => {
    expect(golden.neutral.length).toBeGreaterThanOrEqual(20);
    const flagged = golden.neutral
      .map((s) => ({ s, types: detectBias({ reasoning: s }).data.biases.map((b) => b.type) }))
      .filter((x) => x.types.length > 0);
    expect(flagged).toEqual([]);
  });
});

describe("detectBias findings", () => {
  it("gives spans that point at the matched text, a severity, a correction and the rules method", () => {
    const reasoning = "Intro. All the data I've seen supports my hypothesis that users prefer feature A.";
    const result = detectBias({ reasoning });
    expect(result.componentsUsed).toEqual(["rules"]);
    const finding = result.data.biases[0]!;
    expect(finding.type).toBe("confirmation");
    expect(finding.spans[0]).toEqual({ start: 30, end: 52, text: "supports my hypothesis" });
    for (const span of finding.spans) expect(reasoning.slice(span.start, span.end)).toBe(span.text);
    expect(finding.evidence).toEqual(finding.spans.map((s) => s.text));
    expect(finding.severity).toBe(0.75);
    expect(finding.correction).toMatch(/disconfirming/);
    expect(result.data.monitoringActive).toBe(false);
  });

  it("raises severity with each extra matching phrase", () => {
    const one = detectBias({ reasoning: "We have invested too much to stop now." }).data.biases[0]!;
    const more = detectBias({
      reasoning: "We have invested too much to stop now. We've come this far. It would waste all the money.",
    }).data.biases[0]!;
    expect(more.spans.length).toBeGreaterThan(one.spans.length);
    expect(more.severity).toBeGreaterThan(one.severity);
    expect(more.confidence).toBeGreaterThan(one.confidence);
  });
});
