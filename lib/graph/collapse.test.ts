import { describe, expect, it } from "vitest";
import { foldGraph, type FoldThought } from "./collapse";
import { layoutThoughts, type LayoutThought } from "./layout";

function session(n: number) {
  const thoughts: (LayoutThought & FoldThought)[] = [];
  for (let seq = 1; seq <= n; seq++) {
    const branch = seq > 100 && seq % 100 < 5 ? `b${Math.floor(seq / 100)}` : null;
    thoughts.push({
      id: `t${seq}`,
      seq,
      branchId: branch,
      branchFromThoughtId: branch && seq % 100 === 1 ? `t${seq - 2}` : null,
      revisesThoughtId: seq % 250 === 0 ? `t${seq - 3}` : null,
      isRevision: seq % 250 === 0,
      flags: seq % 500 === 50 ? ["total_raised"] : [],
    });
  }
  return { thoughts, layout: layoutThoughts(thoughts), byId: new Map(thoughts.map((t) => [t.id, t])) };
}

describe("folding large graphs", () => {
  it("draws small sessions whole", () => {
    const s = session(200);
    const f = foldGraph(s.layout, s.byId, [], 1_500);
    expect(f.collapsed).toBe(false);
    expect(f.nodes).toHaveLength(200);
  });

  it("folds a 20,000-thought session to a drawable size and accounts for every thought", () => {
    const s = session(20_000);
    const f = foldGraph(s.layout, s.byId, ["t10000", "t20000"]);
    expect(f.collapsed).toBe(true);
    expect(f.nodes.length).toBeLessThan(1_500);
    expect(f.shownAs.size).toBe(20_000);
    const counted = f.nodes.reduce((sum, n) => sum + (n.kind === "thought" ? 1 : n.count), 0);
    expect(counted).toBe(20_000);
  });

  it("keeps the focus, its neighbours and nearby flagged or revising thoughts visible; folds far ones", () => {
    const s = session(20_000);
    const f = foldGraph(s.layout, s.byId, ["t7000"]);
    for (const id of ["t7000", "t6999", "t7005", "t7050"]) expect(f.shownAs.get(id)).toBe(id);
    expect(f.shownAs.get("t550")).not.toBe("t550");
  });

  it("only draws edges between shown nodes", () => {
    const s = session(5_000);
    const f = foldGraph(s.layout, s.byId, ["t2500"]);
    const ids = new Set(f.nodes.map((n) => n.id));
    for (const e of f.edges) {
      expect(ids.has(e.source)).toBe(true);
      expect(ids.has(e.target)).toBe(true);
    }
  });
});

describe("folded rows", () => {
  it("closes the gaps folded runs leave, keeping the order of rows", () => {
    const s = session(20_000);
    const f = foldGraph(s.layout, s.byId, ["t1", "t20000"]);
    const rows = [...new Set(f.nodes.map((n) => n.row))].sort((a, b) => a - b);
    expect(rows).toEqual(rows.map((_, i) => i));
    const byId = new Map(f.nodes.map((n) => [n.id, n]));
    expect(byId.get("t1")!.row).toBeLessThan(byId.get("t20000")!.row);
  });
});
