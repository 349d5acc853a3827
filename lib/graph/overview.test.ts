import { describe, expect, it } from "vitest";
import { layoutThoughts, type LayoutThought } from "./layout";
import {
  jumpTargets,
  MAX_TRACKS,
  nextIn,
  overviewModel,
  thoughtAt,
  thoughtNumbered,
  type OverviewMarks,
} from "./overview";

const NO_MARKS: OverviewMarks = {
  loops: new Set(),
  stalls: new Set(),
  abandonedBranches: new Set(),
  lowScores: new Set(),
};

interface T extends LayoutThought {
  thoughtNumber: number;
  isRevision: boolean | null;
  version: number;
  flags: string[];
}
const t = (id: string, seq: number, n: number, extra: Partial<T> = {}): T => ({
  id,
  seq,
  thoughtNumber: n,
  branchId: null,
  branchFromThoughtId: null,
  revisesThoughtId: null,
  isRevision: null,
  version: 1,
  flags: [],
  ...extra,
});

// main m1..m6; a forks from m1 (rows 1-2); b forks from m4 (rows 4-5): a and b share a track; c from m2 overlaps a.
const thoughts = [
  t("m1", 1, 1),
  t("a1", 2, 2, { branchId: "a", branchFromThoughtId: "m1" }),
  t("m2", 3, 2),
  t("a2", 4, 3, { branchId: "a" }),
  t("c1", 5, 3, { branchId: "c", branchFromThoughtId: "m2" }),
  t("m3", 6, 3, { isRevision: true, revisesThoughtId: "m2" }),
  t("m4", 7, 4, { flags: ["total_raised"] }),
  t("b1", 8, 5, { branchId: "b", branchFromThoughtId: "m4" }),
  t("m5", 9, 5, { version: 2 }),
  t("b2", 10, 6, { branchId: "b" }),
  t("m6", 11, 6),
];
const layout = layoutThoughts(thoughts);

describe("overview model", () => {
  it("packs branches onto tracks: one that ends before another starts shares its track", () => {
    const m = overviewModel(layout, thoughts, NO_MARKS);
    expect(m.branches.map((b) => [b.key, b.track, b.first, b.last])).toEqual([
      ["a", 1, 1, 2],
      ["c", 2, 2, 2],
      ["b", 1, 4, 5],
    ]);
    expect(m.tracks).toBe(2);
    expect(m.mainRows).toBe(6);
  });

  it("marks revisions, flags, low scores, loops, stalls and abandoned branches at their rows", () => {
    const m = overviewModel(layout, thoughts, {
      loops: new Set([11]),
      stalls: new Set([3]),
      abandonedBranches: new Set(["c"]),
      lowScores: new Set(["m1"]),
    });
    expect(m.revisions).toEqual([2, 4]);
    expect(m.marks).toEqual([
      { row: 0, kind: "low-score", id: "m1" },
      { row: 1, kind: "stall", id: "m2" },
      { row: 3, kind: "flag", id: "m4" },
      { row: 5, kind: "loop", id: "m6" },
      { row: 2, kind: "abandoned", id: "c1" },
    ]);
  });

  it("a click finds the thought on its track near the row, else main's", () => {
    const m = overviewModel(layout, thoughts, NO_MARKS);
    expect(thoughtAt(m, 2, 1)).toBe("a2");
    expect(thoughtAt(m, 5, 1)).toBe("b2");
    expect(thoughtAt(m, 3, 0)).toBe("m4");
    expect(thoughtAt(m, 99, 0)).toBe("m6");
  });

  it("more branches than tracks share the last track", () => {
    const many = [
      t("r", 1, 1),
      ...Array.from({ length: 12 }, (_, i) => t(`x${i}`, i + 2, 2, { branchId: `x${i}`, branchFromThoughtId: "r" })),
    ];
    const m = overviewModel(layoutThoughts(many), many, NO_MARKS);
    expect(m.tracks).toBe(MAX_TRACKS);
    expect(Math.max(...m.branches.map((b) => b.track))).toBe(MAX_TRACKS);
  });
});

describe("jumps", () => {
  const targets = jumpTargets(layout, thoughts, { ...NO_MARKS, lowScores: new Set(["m6"]) });

  it("branch points, revisions and warnings", () => {
    expect([...targets["branch-point"]].sort()).toEqual(["m1", "m2", "m4"]);
    expect([...targets.revision].sort()).toEqual(["m3", "m5"]);
    expect([...targets.warning].sort()).toEqual(["m4", "m6"]);
  });

  it("next and previous in arrival order, none past the end", () => {
    expect(nextIn(thoughts, "m2", targets["branch-point"], 1)).toBe("m4");
    expect(nextIn(thoughts, "m2", targets["branch-point"], -1)).toBe("m1");
    expect(nextIn(thoughts, "m6", targets.revision, 1)).toBeNull();
    expect(nextIn(thoughts, null, targets.revision, 1)).toBe("m3");
  });

  it("thought number N: the main line's first", () => {
    expect(thoughtNumbered(thoughts, 3)).toBe("m3");
    expect(thoughtNumbered(thoughts, 6)).toBe("m6");
    expect(thoughtNumbered(thoughts, 60)).toBeNull();
  });
});
