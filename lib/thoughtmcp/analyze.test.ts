import { describe, expect, it } from "vitest";

import { analyze } from "./analyze";
import { FRAMEWORK_IDS } from "./vocabulary";
import golden from "./data/golden/frameworks.json";

describe("analyze framework selection on 24 labelled problems", () => {
  it("selects the labelled framework for more than 80 % of the problems", () => {
    expect(golden.problems).toHaveLength(24);
    expect(new Set(golden.problems.map((p) => p.framework))).toEqual(new Set(FRAMEWORK_IDS));
    const misses = golden.problems
      .map((p) => ({ ...p, got: analyze({ problem: p.problem }).data.framework.id }))
      .filter((p) => p.got !== p.framework);
    const accuracy = (golden.problems.length - misses.length) / golden.problems.length;
    console.log(
      `analyze framework selection accuracy: ${(accuracy * 100).toFixed(1)} % (${golden.problems.length - misses.length}/${golden.problems.length})`,
      misses.map((m) => `${m.framework} -> ${m.got}: ${m.problem}`),
    );
    expect(accuracy).toBeGreaterThan(0.8);
  });

  it("prints the accuracy on the held-out problems, never tuned against", () => {
    const hits = golden.heldOut.filter((p) => analyze({ problem: p.problem }).data.framework.id === p.framework).length;
    console.log(
      `analyze held-out accuracy: ${((hits / golden.heldOut.length) * 100).toFixed(1)} % (${hits}/${golden.heldOut.length})`,
    );
    // Chance is 1 in 8; three times chance is the floor below which the features would be no better than guessing.
    expect(hits / golden.heldOut.length).toBeGreaterThanOrEqual(0.375);
  });
});

describe("analyze answer", () => {
  it("answers the seed's example with root cause analysis, its steps, a reason and alternatives", () => {
    const result = analyze({
      problem: "Why is the system experiencing intermittent failures?",
      context: { background: "Production system with 99.9% SLA", constraints: ["Cannot take system offline"] },
    });
    expect(result.componentsUsed).toEqual(["rules", "template"]);
    const { framework, selection, result: body, alternatives } = result.data;
    expect(framework).toMatchObject({ id: "root-cause-analysis", name: "Root Cause Analysis" });
    expect(selection.reason).toContain("debugging and failure analysis");
    expect(selection.confidence).toBeGreaterThan(0.5);
    expect(body.steps[0]).toBe(
      "Define the problem and its symptoms: Why is the system experiencing intermittent failures?",
    );
    expect(body.insights).toContain("Constraint to respect in every step: Cannot take system offline");
    expect(alternatives.length).toBeGreaterThan(0);
    expect(alternatives.every((a) => a.framework.id !== "root-cause-analysis")).toBe(true);
  });

  it("lets preferredFramework override the selection with full confidence", () => {
    const { framework, selection } = analyze({
      problem: "Why is the system experiencing intermittent failures?",
      preferredFramework: "scenario-planning",
    }).data;
    expect(framework.id).toBe("scenario-planning");
    expect(selection).toMatchObject({ confidence: 1, reason: "Chosen by preferredFramework", isHybrid: false });
  });

  it("falls back to critical thinking with low confidence when no feature matches", () => {
    const { framework, selection, alternatives } = analyze({ problem: "Hmm." }).data;
    expect(framework.id).toBe("critical-thinking");
    expect(selection.confidence).toBe(0.4);
    expect(alternatives[0]?.framework.id).toBe("first-principles");
  });
});
