import { describe, expect, it } from "vitest";
import { chainSteps, revisionPath, type RevisionLink } from "./revision-chain";

const link = (id: string, seq: number, revises: string | null = null): RevisionLink => ({
  id,
  seq,
  revisesThoughtId: revises,
});

describe("revision path", () => {
  // a ← b ← c, and a ← d (a second, later reviser of a), x unrelated.
  const links = [link("a", 1), link("b", 3, "a"), link("x", 4), link("c", 5, "b"), link("d", 6, "a")];

  it("runs from the first revised thought through the selected one to its last reviser", () => {
    expect(revisionPath("b", links)).toEqual({ ids: ["a", "b", "c"], alternatives: 1 });
    expect(revisionPath("c", links).ids).toEqual(["a", "b", "c"]);
    expect(revisionPath("a", links).ids).toEqual(["a", "b", "c"]);
  });

  it("follows the selected reviser when it is not the earliest", () => {
    expect(revisionPath("d", links).ids).toEqual(["a", "d"]);
  });

  it("is the thought alone when nothing revises it", () => {
    expect(revisionPath("x", links)).toEqual({ ids: ["x"], alternatives: 0 });
  });

  it("stops at a cycle and at a revised thought it cannot see", () => {
    expect(revisionPath("p", [link("p", 1, "q"), link("q", 2, "p")]).ids).toEqual(["q", "p"]);
    expect(revisionPath("r", [link("r", 2, "gone")]).ids).toEqual(["r"]);
  });
});

describe("chain steps", () => {
  it("lists each thought's kept versions, then its current text", () => {
    const t = (id: string, seq: number, version: number, text: string) => ({
      id,
      seq,
      thoughtNumber: seq,
      branchId: null,
      version,
      text,
      createdAt: "2026-01-01T00:00:00.000Z",
    });
    const steps = chainSteps(
      [t("a", 1, 3, "a v3"), t("b", 2, 1, "b")],
      new Map([
        [
          "a",
          [
            { version: 2, text: "a v2", createdAt: "2026-01-01T00:00:02.000Z" },
            { version: 1, text: "a v1", createdAt: "2026-01-01T00:00:01.000Z" },
          ],
        ],
      ]),
    );
    expect(steps.map((s) => [s.thoughtId, s.version, s.current, s.text])).toEqual([
      ["a", 1, false, "a v1"],
      ["a", 2, false, "a v2"],
      ["a", 3, true, "a v3"],
      ["b", 1, true, "b"],
    ]);
  });
});
