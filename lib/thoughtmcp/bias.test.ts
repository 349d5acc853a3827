import { describe, expect, it } from "vitest";

import { detectBias, firstWords } from "./bias";
import rulesJson from "./data/bias-rules.json";
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

describe("detectBias's first-word gate", () => {
  // Each rule is tried only where a word its pattern can begin with stands. It must find exactly what one global
  // search per rule finds over the whole text, for every sentence of the golden sets (and their variants below).
  const everyRule = (text: string) =>
    rulesJson.biases
      .flatMap((bias) =>
        bias.rules.flatMap((rule) =>
          [...text.matchAll(new RegExp(rule.pattern, "gi"))].map((m) => `${bias.type}@${m.index}:${m[0]}`),
        ),
      )
      .sort();
  const found = (text: string) =>
    detectBias({ reasoning: text })
      .data.biases.flatMap((b) => b.spans.map((s) => `${b.type}@${s.start}:${s.text}`))
      .sort();
  const sentences = [
    ...Object.values(golden.detect as Record<string, string[]>).flat(),
    ...golden.neutral,
    // A rule's \b can start a match after an apostrophe inside a word, or stop one before it.
    "Yesterday's outage proves it will always fail. O'we knew we were right. The 5percent failure rate looks bad.",
    "x_supports my view; supports my view; SUPPORTS MY VIEW; It’s just their nature; 20% fat-free.",
  ];

  it("reads a set of first words (or digits) from every rule, so no rule runs on every text", () => {
    for (const bias of rulesJson.biases) for (const rule of bias.rules) expect(firstWords(rule.pattern)).not.toBeNull();
    expect(firstWords("\\bstick(ing)? (close )?to")).toEqual(new Set(["stick", "sticking"]));
    expect(firstWords("\\b(latest|most recent)('s)? x")).toEqual(new Set(["latest", "latest's", "most"]));
    expect(firstWords("\\b\\d+ ?%")).toBe("digit");
    expect(firstWords("[a-z]+ x")).toBeNull();
  });

  it.each(sentences.map((s) => [s]))("finds what every rule finds in %s", (sentence) => {
    const variants = [sentence, sentence.toUpperCase(), `Intro. ${sentence} ${sentence}`];
    for (const text of variants) expect(found(text)).toEqual(everyRule(text));
  });
});
