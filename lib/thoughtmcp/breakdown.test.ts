import { describe, expect, it } from "vitest";

import { breakdown, DependencyCycleError, topologicalOrder } from "./breakdown";
import templates from "./data/breakdown-templates.json";

const PROBLEMS = [
  "Build a scalable web application",
  "Fix the crash in the nightly build",
  "Should we move to PostgreSQL?",
  "Plan the migration to the new data centre",
  "Understand how our users spend their time",
];

describe("breakdown", () => {
  it.each(PROBLEMS)("orders every sub-problem after all it depends on: %s", (problem) => {
    const { data } = breakdown({ problem, maxDepth: 4 });
    const at = new Map(data.executionOrder.map((id, i) => [id, i]));
    expect(data.executionOrder).toHaveLength(data.totalSubProblems);
    expect(new Set(data.executionOrder).size).toBe(data.totalSubProblems);
    for (const d of data.dependencies) expect(at.get(d.from)!).toBeLessThan(at.get(d.to)!);
  });

  it("answers the seed's example with the root first, children at depth 2, and the template method", () => {
    const result = breakdown({ problem: "Build a scalable web application", maxDepth: 2 });
    expect(result.componentsUsed).toEqual(["template"]);
    const { data } = result;
    expect(data.kind).toBe("build");
    expect(data.subProblems[0]).toEqual({
      id: "problem-1-0",
      description: "Build a scalable web application",
      depth: 1,
    });
    expect(data.subProblems[2]).toEqual({
      id: "problem-1-0-1",
      description: "Design the architecture of: Build a scalable web application",
      depth: 2,
      parent: "problem-1-0",
    });
    // 1 root + 5 children; hierarchical edges 5, sequential edges 1+1+1+2 = 5 (from the template's `after`).
    expect(data.totalSubProblems).toBe(6);
    expect(data.dependencies.filter((d) => d.type === "hierarchical")).toHaveLength(5);
    expect(data.dependencies.filter((d) => d.type === "sequential")).toHaveLength(5);
    expect(data.executionOrder).toEqual([
      "problem-1-0",
      "problem-1-0-0",
      "problem-1-0-1",
      "problem-1-0-2",
      "problem-1-0-3",
      "problem-1-0-4",
    ]);
  });

  it("grows to maxDepth and no deeper (1, default 3, 5)", () => {
    expect(breakdown({ problem: "Build a thing", maxDepth: 1 }).data.totalSubProblems).toBe(1);
    const three = breakdown({ problem: "Build a thing" }).data;
    expect(three.maxDepth).toBe(3);
    // 1 + 5 + 5×3 = 21 sub-problems at depth 3; each further level multiplies the last by 3.
    expect(three.totalSubProblems).toBe(21);
    const five = breakdown({ problem: "Build a thing", maxDepth: 5 }).data;
    expect(five.totalSubProblems).toBe(1 + 5 + 15 + 45 + 135);
    expect(Math.max(...five.subProblems.map((s) => s.depth))).toBe(5);
  });

  it("rejects a depth outside 1–5", () => {
    expect(() => breakdown({ problem: "x", maxDepth: 6 })).toThrow(/maxDepth must be a whole number from 1 to 5/);
    expect(() => breakdown({ problem: "x", maxDepth: 0 })).toThrow(RangeError);
  });

  it("keeps every template acyclic", () => {
    for (const steps of [...templates.kinds.map((k) => k.children), templates.nested]) {
      const nodes = steps.map((_, i) => String(i));
      const edges = steps.flatMap((s, i) => s.after.map((b) => ({ from: String(b), to: String(i) })));
      expect(topologicalOrder(nodes, edges)).toHaveLength(nodes.length);
    }
  });
});

describe("topologicalOrder", () => {
  it("breaks ties by the nodes' given order", () => {
    expect(topologicalOrder(["a", "b", "c", "d"], [{ from: "c", to: "a" }])).toEqual(["b", "c", "a", "d"]);
  });

  it("throws a DependencyCycleError naming the cycle instead of hanging", () => {
    const edges = [
      { from: "a", to: "b" },
      { from: "b", to: "c" },
      { from: "c", to: "b" },
      { from: "c", to: "d" },
    ];
    let error: unknown;
    try {
      topologicalOrder(["a", "b", "c", "d"], edges);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DependencyCycleError);
    // Walking predecessors from b: b ← c ← b, reversed into edge order c → b → c.
    expect((error as DependencyCycleError).cycle).toEqual(["c", "b", "c"]);
    expect((error as Error).message).toBe("The dependencies form a cycle: c → b → c");
  });

  it("finds the cycle when the first unsorted node is a sink behind it", () => {
    const edges = [
      { from: "b", to: "c" },
      { from: "c", to: "b" },
      { from: "c", to: "d" },
    ];
    expect(() => topologicalOrder(["d", "a", "b", "c"], edges)).toThrow("The dependencies form a cycle: b → c → b");
  });

  it("reports a self-loop as a cycle", () => {
    expect(() => topologicalOrder(["a"], [{ from: "a", to: "a" }])).toThrow(DependencyCycleError);
  });
});
