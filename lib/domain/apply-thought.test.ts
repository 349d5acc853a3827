import { describe, expect, it } from "vitest";
import { parseThoughtInput } from "../contracts/thought";
import { emptyIndex, planThought, recordPlan } from "./apply-thought";
import { resultOf } from "./continuation";

/** Runs raw tool arguments through parse → plan → record, as one fresh session, returning each answer. */
function session(...calls: Record<string, unknown>[]) {
  const index = emptyIndex("s1");
  return calls.map((raw, i) => {
    const parsed = parseThoughtInput(raw);
    if (!parsed.ok) throw new Error(`call ${i}: ${parsed.problem.message}`);
    const plan = planThought(index, parsed.value, `t${i + 1}`);
    recordPlan(index, plan);
    return { ...plan, result: resultOf(plan.facts) };
  });
}

const t = (n: number, total: number, more = true, extra: Record<string, unknown> = {}) => ({
  thought: `thought ${n}`,
  thoughtNumber: n,
  totalThoughts: total,
  nextThoughtNeeded: more,
  ...extra,
});

describe("the official server's behaviour cases", () => {
  it("a basic thought", () => {
    const [p] = session(t(1, 3));
    expect(p!.result).toMatchObject({
      thoughtNumber: 1,
      totalThoughts: 3,
      nextThoughtNeeded: true,
      branches: [],
      thoughtHistoryLength: 1,
    });
    expect(p!.flags).toEqual([]);
  });

  it("a revision of a thought never recorded is accepted (length 1) and flagged", () => {
    const [p] = session(t(2, 3, true, { isRevision: true, revisesThought: 1 }));
    expect(p!.result.thoughtHistoryLength).toBe(1);
    expect(p!.revisesThoughtId).toBeNull();
    expect(p!.flags).toContain("revises_unknown_thought");
  });

  it("three thoughts give a history of 3", () => {
    const plans = session(t(1, 3), t(2, 3), t(3, 3, false));
    expect(plans.map((p) => p.result.thoughtHistoryLength)).toEqual([1, 2, 3]);
    expect(plans[2]!.result.should_continue).toBe(false);
  });

  it("thought 5 of 3 raises the total to 5", () => {
    const [p] = session(t(5, 3));
    expect(p!.result.totalThoughts).toBe(5);
    expect(p!.flags).toContain("total_raised");
  });

  it("two branches from thought 1 are both listed (length 3)", () => {
    const plans = session(
      t(1, 3),
      t(2, 3, true, { branchFromThought: 1, branchId: "a" }),
      t(2, 3, true, { branchFromThought: 1, branchId: "b" }),
    );
    const last = plans[2]!;
    expect(last.result.branches).toEqual(["a", "b"]);
    expect(last.result.thoughtHistoryLength).toBe(3);
    expect(last.branchFromThoughtId).toBe("t1");
  });

  it("two thoughts on one branch list it once", () => {
    const plans = session(
      t(1, 3),
      t(2, 3, true, { branchFromThought: 1, branchId: "a" }),
      t(3, 3, true, { branchFromThought: 1, branchId: "a" }),
    );
    expect(plans[2]!.result.branches).toEqual(["a"]);
    expect(plans[2]!.newBranch).toBeNull();
  });

  it("a 10,000-character thought", () => {
    const [p] = session({ ...t(1, 1, false), thought: "x".repeat(10_000) });
    expect(p!.result.thoughtHistoryLength).toBe(1);
  });

  it("1 of 1 completes the sequence", () => {
    const [p] = session(t(1, 1, false));
    expect(p!.result).toMatchObject({ should_continue: false, next_thought_number: null });
    expect(p!.result.stop_reason).toBe("thought_sequence_complete");
    expect(p!.result.next_call_arguments).toBeUndefined();
  });
});

describe("revision and branch resolution", () => {
  it("resolves a revision to the most recent thought with that number on the same lane", () => {
    const plans = session(
      t(1, 3),
      t(2, 3),
      t(2, 3, true, { branchFromThought: 1, branchId: "alt" }),
      t(3, 3, true, { branchId: "alt", isRevision: true, revisesThought: 2 }),
      t(3, 3, true, { isRevision: true, revisesThought: 2 }),
    );
    expect(plans[3]!.revisesThoughtId).toBe("t3");
    expect(plans[4]!.revisesThoughtId).toBe("t2");
    expect(plans[3]!.flags).toEqual([]);
  });

  it("flags inconsistent but harmless input instead of rejecting it", () => {
    const plans = session(
      t(1, 3),
      t(2, 3, true, { branchId: "ghost" }),
      t(3, 3, true, { branchFromThought: 1 }),
      t(3, 3, true, { revisesThought: 3, isRevision: true }),
      t(3, 3, true, { isRevision: true }),
      t(3, 3, true, { revisesThought: 1 }),
      t(3, 3, true, { branchFromThought: 9, branchId: "late" }),
    );
    expect(plans[1]!.flags).toEqual(["branch_without_origin"]);
    expect(plans[2]!.flags).toEqual(["origin_without_branch"]);
    expect(plans[3]!.flags).toEqual(["revises_later_thought"]);
    expect(plans[4]!.flags).toEqual(["revision_without_target"]);
    expect(plans[5]!.flags).toEqual(["target_without_revision"]);
    expect(plans[6]!.flags).toEqual(["branch_from_unknown_thought", "branch_from_later_thought"]);
    expect(plans[6]!.result.branches).toEqual(["late"]);
  });

  it("continuing a branch with a different fork keeps the branch and flags it", () => {
    const plans = session(
      t(1, 3),
      t(2, 3),
      t(2, 3, true, { branchFromThought: 1, branchId: "a" }),
      t(3, 3, true, { branchFromThought: 2, branchId: "a" }),
    );
    expect(plans[3]!.flags).toEqual(["branch_origin_changed"]);
    expect(plans[3]!.result.branches).toEqual(["a"]);
  });
});

describe("the continuation contract", () => {
  it("continues while thoughtNumber < totalThoughts even if nextThoughtNeeded is false", () => {
    const [p] = session(t(1, 3, false));
    expect(p!.result).toMatchObject({
      should_continue: true,
      next_thought_number: 2,
      stop_reason: "next_thought_required",
    });
  });

  it("reports needs_more_thoughts and carries the branch into the next call", () => {
    const plans = session(t(1, 1), t(2, 2, false, { needsMoreThoughts: true, branchFromThought: 1, branchId: "b" }));
    expect(plans[1]!.result.stop_reason).toBe("needs_more_thoughts");
    expect(plans[1]!.result.next_call_arguments).toEqual({
      sessionId: "s1",
      thoughtNumber: 3,
      totalThoughts: 3,
      nextThoughtNeeded: true,
      branchId: "b",
      branchFromThought: 1,
    });
  });
});
