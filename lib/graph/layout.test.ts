import { describe, expect, it } from "vitest";
import { growLayout, layoutThoughts, type LayoutThought } from "./layout";

const t = (seq: number, extra: Partial<LayoutThought> = {}): LayoutThought => ({
  id: `t${seq}`,
  seq,
  branchId: null,
  branchFromThoughtId: null,
  revisesThoughtId: null,
  ...extra,
});

function generate(n: number): LayoutThought[] {
  // ~5% branches and ~5% revisions, deterministic.
  const out: LayoutThought[] = [];
  let branch = 0;
  let current: string | null = null;
  for (let seq = 1; seq <= n; seq++) {
    const extra: Partial<LayoutThought> = { branchId: current };
    if (seq > 3 && seq % 20 === 0) {
      current = `b${++branch}`;
      extra.branchId = current;
      extra.branchFromThoughtId = `t${seq - 2}`;
    } else if (seq % 20 === 10) {
      current = null;
      extra.branchId = null;
    }
    if (seq > 2 && seq % 20 === 7) extra.revisesThoughtId = `t${seq - 2}`;
    out.push(t(seq, extra));
  }
  return out;
}

describe("lane layout", () => {
  it("puts the main chain in lane 0 and each branch in its own lane below its fork", () => {
    const l = layoutThoughts([
      t(1),
      t(2),
      t(3, { branchId: "a", branchFromThoughtId: "t1" }),
      t(4, { branchId: "b", branchFromThoughtId: "t1" }),
      t(5, { branchId: "a" }),
      t(6),
    ]);
    const at = Object.fromEntries(l.nodes.map((n) => [n.id, [n.lane, n.row]]));
    expect(at).toEqual({ t1: [0, 0], t2: [0, 1], t3: [1, 1], t4: [2, 1], t5: [1, 2], t6: [0, 2] });
    expect(l.edges.filter((e) => e.kind === "fork").map((e) => e.id)).toEqual(["f:t1:t3", "f:t1:t4"]);
    expect(l.lanes).toEqual(
      new Map([
        ["", 0],
        ["a", 1],
        ["b", 2],
      ]),
    );
  });

  it("draws a revision as an overlay edge without moving anything", () => {
    const plain = layoutThoughts([t(1), t(2), t(3)]);
    const revised = layoutThoughts([t(1), t(2), t(3, { revisesThoughtId: "t1" })]);
    expect(revised.nodes).toEqual(plain.nodes);
    expect(revised.edges.find((e) => e.kind === "revises")).toMatchObject({ source: "t3", target: "t1" });
  });

  it("is append-stable: every prefix's nodes keep their places when more thoughts arrive", () => {
    const all = generate(2_000);
    const full = new Map(layoutThoughts(all).nodes.map((n) => [n.id, n]));
    for (const cut of [1, 17, 250, 1_999]) {
      for (const n of layoutThoughts(all.slice(0, cut)).nodes) expect(full.get(n.id)).toEqual(n);
    }
  });

  it("is deterministic whatever order the thoughts arrive in", () => {
    const all = generate(500);
    const shuffled = [...all].reverse();
    expect(layoutThoughts(shuffled)).toEqual(layoutThoughts(all));
  });

  it("places a branch with an unknown fork below everything so far", () => {
    const l = layoutThoughts([t(1), t(2), t(3, { branchId: "ghost" })]);
    expect(l.nodes[2]).toEqual({ id: "t3", lane: 1, row: 2 });
  });

  it("gives one node per thought and one in-edge per non-root thought of a lane", () => {
    const all = generate(20_000);
    const l = layoutThoughts(all);
    expect(l.nodes).toHaveLength(20_000);
    const structural = l.edges.filter((e) => e.kind !== "revises");
    expect(new Set(structural.map((e) => e.target)).size).toBe(structural.length);
  });

  describe("growLayout", () => {
    it("places only appended thoughts and gives the layout of the whole list", () => {
      const all = generate(600);
      const first = growLayout(null, all.slice(0, 500));
      const before = first.layout.nodes;
      let grown = first;
      for (let n = 501; n <= 600; n += 33) grown = growLayout(grown, all.slice(0, Math.min(n, 600)));
      grown = growLayout(grown, all);
      expect(grown.lanes).toBe(first.lanes);
      expect(grown.layout).toEqual(layoutThoughts(all));
      // An earlier snapshot is left as it was.
      expect(before).toHaveLength(500);
      expect(first.layout.nodes).toBe(before);
    });

    it("gives the same layout when asked twice to extend the same one (a render run twice)", () => {
      const all = generate(300);
      const prev = growLayout(null, all.slice(0, 200));
      const once = growLayout(prev, all);
      const twice = growLayout(prev, all);
      expect(twice.layout).toEqual(once.layout);
      expect(twice.layout).toEqual(layoutThoughts(all));
    });

    it("lays out from scratch a list that is not an extension: new objects, or a thought older than the last", () => {
      const all = generate(300);
      const prev = growLayout(null, all.slice(0, 200));
      const refetched = all.map((x) => ({ ...x }));
      const again = growLayout(prev, refetched);
      expect(again.lanes).not.toBe(prev.lanes);
      expect(again.layout).toEqual(layoutThoughts(all));
      // A late thought with a seq inside the placed range (seq 150 arriving after 200) is placed in seq order.
      const late = [...all.slice(0, 149), ...all.slice(150, 200), all[149]!];
      const first = growLayout(null, late.slice(0, 199));
      const out = growLayout(first, late);
      expect(out.lanes).not.toBe(first.lanes);
      expect(out.layout).toEqual(layoutThoughts(all.slice(0, 200)));
    });
  });
});
