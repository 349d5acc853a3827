import { describe, expect, it } from "vitest";
import { layoutThoughts } from "./layout";
import { foldToolResults, type ToolThought } from "./tool-results";

let seq = 0;
const t = (
  id: string,
  kind: string | null,
  extra: Partial<ToolThought> & { call?: string; isError?: boolean } = {},
): ToolThought & { seq: number } => {
  const { call, isError, ...rest } = extra;
  return {
    id,
    seq: ++seq,
    kind,
    tool: call === undefined ? null : { callId: call, name: "Bash", isError: isError === true },
    branchId: null,
    branchFromThoughtId: null,
    revisesThoughtId: null,
    ...rest,
  };
};

describe("foldToolResults", () => {
  it("folds each result into its call by call id, parallel calls included, and keeps the rest in order", () => {
    const thoughts = [
      t("p", "prompt"),
      t("c1", "tool_call", { call: "a" }),
      t("c2", "tool_call", { call: "b" }),
      t("r2", "tool_result", { call: "b", isError: true }),
      t("r1", "tool_result", { call: "a" }),
      t("ans", "answer"),
    ];
    const f = foldToolResults(thoughts);
    expect(f.rows.map((r) => r.id)).toEqual(["p", "c1", "c2", "ans"]);
    expect(f.resultsOf.get("c1")!.map((r) => r.id)).toEqual(["r1"]);
    expect(f.resultsOf.get("c2")!.map((r) => r.id)).toEqual(["r2"]);
    expect([...f.callOf]).toEqual([
      ["r2", "c2"],
      ["r1", "c1"],
    ]);
  });

  it("keeps a result whose call is not in the session, and agents' own thoughts, as they are", () => {
    const thoughts = [t("x", null), t("orphan", "tool_result", { call: "zz" }), t("y", null)];
    const f = foldToolResults(thoughts);
    expect(f.rows).toEqual(thoughts);
    expect(f.rows[0]).toBe(thoughts[0]);
    expect(f.callOf.size).toBe(0);
  });

  it("moves a fork from a folded result to its call, and a lane that began with a folded result forks from there", () => {
    const thoughts = [
      t("c", "tool_call", { call: "a" }),
      t("r", "tool_result", { call: "a" }),
      t("next", "answer"),
      t("rewind", "prompt", { branchId: "fork-1", branchFromThoughtId: "r" }),
      // A lane whose first thought is a result (its call already continued elsewhere): the lane's next thought
      // takes the result's fork.
      t("r-again", "tool_result", { call: "a", branchId: "fork-2", branchFromThoughtId: "c" }),
      t("after", "answer", { branchId: "fork-2" }),
    ];
    const f = foldToolResults(thoughts);
    expect(f.rows.map((r) => [r.id, r.branchFromThoughtId])).toEqual([
      ["c", null],
      ["next", null],
      ["rewind", "c"],
      ["after", "c"],
    ]);
    const layout = layoutThoughts(f.rows);
    expect(layout.edges.map((e) => e.id)).toEqual(["n:c:next", "f:c:rewind", "f:c:after"]);
    // The copies are the same objects on every call, so a growing session's layout extends instead of restarting.
    expect(foldToolResults(thoughts).rows[2]).toBe(f.rows[2]);
  });

  it("gives the same rows for a prefix as for the whole, so live thoughts only append", () => {
    const thoughts = [
      t("c", "tool_call", { call: "a" }),
      t("r", "tool_result", { call: "a" }),
      t("b", "prompt", { branchId: "k", branchFromThoughtId: "r" }),
      t("d", "answer"),
    ];
    const whole = foldToolResults(thoughts).rows;
    for (let n = 1; n <= thoughts.length; n++) {
      const part = foldToolResults(thoughts.slice(0, n)).rows;
      part.forEach((row, i) => expect(row).toBe(whole[i]));
    }
  });
});
