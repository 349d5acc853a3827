import { describe, expect, it } from "vitest";

import { ponder, PonderTimeoutError } from "./ponder";
import { think } from "./think";

const ROADMAP = {
  problem: "How should we approach the product roadmap for Q1?",
  context: {
    background: "SaaS product with growing user base",
    constraints: ["Team of 4 engineers"],
    goals: ["Increase retention", "Launch mobile app"],
  },
};

describe("ponder", () => {
  it("runs all four streams, attributes each insight to its stream and keeps the conflicts", () => {
    const result = ponder(ROADMAP);
    expect(result.componentsUsed).toEqual(["template"]);
    const { data } = result;
    expect(data.streams.map((s) => [s.stream, s.status])).toEqual([
      ["analytical", "completed"],
      ["creative", "completed"],
      ["critical", "completed"],
      ["synthetic", "completed"],
    ]);
    expect(new Set(data.insights.flatMap((i) => i.sources))).toEqual(
      new Set(["analytical", "creative", "critical", "synthetic"]),
    );
    expect(data.insights.every((i) => i.sources.length === 1)).toBe(true);
    expect(data.conflicts.map((c) => c.type)).toEqual(["approach", "risk", "priority"]);
    expect(data.conflicts[2]).toMatchObject({
      id: "conflict-3",
      description: "Analytical puts 'Increase retention' first; creative would lead with 'Launch mobile app'",
      sourceStreams: ["analytical", "creative"],
    });
    expect(data.recommendations[0]).toMatchObject({ sources: ["synthetic"], priority: 1 });
    expect(data.conclusion).toContain("How should we approach the product roadmap for Q1");
    expect(data.confidence).toBeGreaterThan(0);
    expect(data.quality).toBeGreaterThan(0.8);
  });

  it("drops the conflicts whose value is missing (no constraint, one goal)", () => {
    const { conflicts } = ponder({ problem: "Pick a logo colour" }).data;
    expect(conflicts.map((c) => c.type)).toEqual(["approach"]);
  });

  it("reports streams that would start after the timeout as timed out (clock advanced 600 ms per reading)", () => {
    let now = 0;
    const clock = () => (now += 600);
    // Deadline = first reading (600) + 1000 = 1600; the readings before each stream are 1200, 1800, 2400, 3000.
    const { data } = ponder({ problem: "Plan Q1", timeout: 1000 }, clock);
    expect(data.streams.map((s) => s.status)).toEqual(["completed", "timeout", "timeout", "timeout"]);
    expect(data.insights.every((i) => i.sources[0] === "analytical")).toBe(true);
    expect(data.conflicts).toEqual([]);
    expect(data.recommendations.map((r) => r.sources[0])).toEqual(["analytical"]);
  });

  it("fails with 'Timeout exceeded' when no stream can start in time", () => {
    let now = 0;
    const clock = () => (now += 5000);
    expect(() => ponder({ problem: "Plan Q1", timeout: 1000 }, clock)).toThrow(PonderTimeoutError);
    expect(() => ponder({ problem: "Plan Q1", timeout: 1000 }, clock)).toThrow(/^Timeout exceeded/);
  });

  it("adds bias findings to the critical stream and says the rules were used", () => {
    const result = ponder({ problem: "We have invested too much to stop now; how do we finish the rewrite?" });
    expect(result.componentsUsed).toEqual(["template", "rules"]);
    expect(result.data.insights.some((i) => i.sources[0] === "critical" && i.content.includes("sunk cost"))).toBe(true);
  });
});

describe("think", () => {
  it("answers one mode with the seed's single-stream fields from the template", () => {
    const result = think({
      problem: "How to optimize database query performance?",
      mode: "analytical",
      context: { constraints: ["No schema changes"], goals: ["Reduce p95 latency to <100ms"] },
    });
    expect(result.componentsUsed).toEqual(["template"]);
    expect(result.data).toMatchObject({ mode: "analytical", status: "completed" });
    if (result.data.mode === "parallel") throw new Error("expected a single-stream answer");
    expect(result.data.reasoning[0]).toBe("Restate the problem: How to optimize database query performance");
    expect(result.data.insights).toContain(
      "Constraint 'No schema changes' bounds the options: discard those that break it first",
    );
    expect(result.data.confidence).toBeGreaterThan(0.5);
  });

  it("answers parallel mode with ponder's shape", () => {
    const { data } = think({ problem: ROADMAP.problem, mode: "parallel", context: ROADMAP.context });
    expect(data.mode).toBe("parallel");
    if (data.mode !== "parallel") throw new Error("expected a parallel answer");
    expect(data.recommendations.length).toBeGreaterThan(0);
    expect(data.conflicts.length).toBe(3);
  });

  it.each(["creative", "critical", "synthetic"] as const)("gives %s mode its own steps", (mode) => {
    const { data } = think({ problem: "Plan Q1", mode });
    if (data.mode === "parallel") throw new Error("expected a single-stream answer");
    expect(data.reasoning).toHaveLength(4);
    expect(data.conclusion.length).toBeGreaterThan(0);
  });
});
