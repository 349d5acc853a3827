import { describe, expect, it } from "vitest";
import { alignedRows, comparePaths, lineNames, pathOf, togglePicked } from "./compare-paths";
import { layoutThoughts, type LayoutThought } from "./layout";

const t = (id: string, seq: number, branchId: string | null = null, from: string | null = null): LayoutThought => ({
  id,
  seq,
  branchId,
  branchFromThoughtId: from,
  revisesThoughtId: null,
});

// main: m1 m2 m3 m4; alt forks from m2 (a1 a2 a3); deep forks from a1 (d1); beta forks from m1 (b1).
const layout = layoutThoughts([
  t("m1", 1),
  t("m2", 2),
  t("a1", 3, "alt", "m2"),
  t("m3", 4),
  t("a2", 5, "alt"),
  t("d1", 6, "deep", "a1"),
  t("b1", 7, "beta", "m1"),
  t("m4", 8),
  t("a3", 9, "alt"),
]);

describe("compare paths", () => {
  it("names main and the branches in first-seen order", () => {
    expect(lineNames(layout)).toEqual(["main", "alt", "deep", "beta"]);
  });

  it("a branch's path runs along its parent up to the fork", () => {
    expect(pathOf(layout, layout.lanes.get("deep")!)).toEqual(["m1", "m2", "a1", "d1"]);
  });

  it("main against a branch: the shared path up to the fork, then each side", () => {
    expect(comparePaths(layout, "main", "alt")).toEqual({
      ok: true,
      paths: { shared: ["m1", "m2"], left: ["m3", "m4"], right: ["a1", "a2", "a3"] },
    });
  });

  it("two branches part where their paths do", () => {
    const r = comparePaths(layout, "alt", "deep");
    expect(r.ok && r.paths).toEqual({ shared: ["m1", "m2", "a1"], left: ["a2", "a3"], right: ["d1"] });
    const s = comparePaths(layout, "beta", "alt");
    expect(s.ok && s.paths.shared).toEqual(["m1"]);
  });

  it("aligns the sides by step, padding the shorter", () => {
    const r = comparePaths(layout, "main", "alt");
    if (!r.ok) throw new Error(r.message);
    expect(alignedRows(r.paths)).toEqual([
      { left: "m3", right: "a1" },
      { left: "m4", right: "a2" },
      { left: null, right: "a3" },
    ]);
  });

  it("unknown or equal sides get a message naming the lines there are", () => {
    expect(comparePaths(layout, "main", "nope")).toEqual({
      ok: false,
      field: "right",
      message: 'No line "nope" in this session. This session has "main", "alt", "deep", "beta".',
    });
    expect(comparePaths(layout, "x", "y")).toMatchObject({ ok: false, field: "both" });
    expect(comparePaths(layout, "alt", "alt")).toMatchObject({ ok: false, field: "right" });
  });
});

describe("picking lines to compare", () => {
  it("picks, unpicks, and keeps the last two picked", () => {
    expect(togglePicked([], "alt")).toEqual(["alt"]);
    expect(togglePicked(["alt"], "main")).toEqual(["alt", "main"]);
    expect(togglePicked(["alt", "main"], "alt")).toEqual(["main"]);
    expect(togglePicked(["alt", "main"], "beta")).toEqual(["main", "beta"]);
  });
});
