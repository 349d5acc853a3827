import { describe, expect, it } from "vitest";
import { breakdown } from "../thoughtmcp/breakdown";
import { dependencyEdges, dependencyFlowEdges } from "./dependency-edges";

const mark = (call: string, node: string, dependsOn: { node: string; type: string }[] = []) => ({
  thoughtmcp: { tool: "breakdown", call, node, dependsOn },
});

describe("dependencyEdges", () => {
  it("resolves node ids to thought ids within their call", () => {
    const edges = dependencyEdges([
      { id: "a1", metadata: mark("c1", "1") },
      { id: "a2", metadata: mark("c1", "1.1", [{ node: "1", type: "hierarchical" }]) },
      { id: "a3", metadata: mark("c1", "1.2", [{ node: "1.1", type: "sequential" }]) },
      // A second breakdown in the same session reuses node ids; its edges stay inside it.
      { id: "b1", metadata: mark("c2", "1") },
      { id: "b2", metadata: mark("c2", "1.1", [{ node: "1", type: "hierarchical" }]) },
    ]);
    expect(edges).toEqual([
      { from: "a1", to: "a2", type: "hierarchical" },
      { from: "a2", to: "a3", type: "sequential" },
      { from: "b1", to: "b2", type: "hierarchical" },
    ]);
  });

  it("ignores thoughts without a breakdown mark and dependencies on nodes with no thought", () => {
    expect(
      dependencyEdges([
        { id: "x", metadata: null },
        { id: "y", metadata: { thoughtmcp: { tool: "think", call: "c", role: "thought" } } },
        { id: "z", metadata: mark("c", "2", [{ node: "9", type: "sequential" }]) },
        { id: "w", metadata: { thoughtmcp: { call: "c", node: "3", dependsOn: "not a list" } } },
      ]),
    ).toEqual([]);
  });

  it("draws every dependency of a real breakdown between the thoughts written for it", () => {
    const b = breakdown({ problem: "Build a scalable web application with auth and payments", maxDepth: 3 }).data;
    const thoughts = b.executionOrder.map((node) => ({
      id: `t-${node}`,
      metadata: mark(
        "call",
        node,
        b.dependencies.filter((d) => d.to === node).map((d) => ({ node: d.from, type: d.type })),
      ),
    }));
    const edges = dependencyEdges(thoughts);
    expect(edges).toHaveLength(b.dependencies.length);
    expect(b.dependencies.length).toBeGreaterThan(0);
    // Execution order respects dependencies, so every edge points forward in the session.
    const at = new Map(thoughts.map((t, i) => [t.id, i]));
    for (const e of edges) expect(at.get(e.from)!).toBeLessThan(at.get(e.to)!);
  });
});

describe("dependencyFlowEdges", () => {
  const deps = [
    { from: "a", to: "b", type: "hierarchical" },
    { from: "a", to: "c", type: "sequential" },
    { from: "c", to: "d", type: "sequential" },
    { from: "d", to: "e", type: "sequential" },
  ];

  it("maps ends onto visible nodes and drops edges already drawn, inside a fold, or repeated", () => {
    const shownAs = new Map([
      ["a", "a"],
      ["b", "b"],
      ["c", "fold1"],
      ["d", "fold1"],
      ["e", "e"],
    ]);
    expect(dependencyFlowEdges(deps, shownAs, [{ source: "a", target: "b" }])).toEqual([
      { id: "dep:a>fold1", source: "a", target: "fold1", type: "sequential" },
      { id: "dep:fold1>e", source: "fold1", target: "e", type: "sequential" },
    ]);
  });

  it("draws nothing for a session without dependencies", () => {
    expect(dependencyFlowEdges([], new Map([["a", "a"]]), [])).toEqual([]);
  });
});
