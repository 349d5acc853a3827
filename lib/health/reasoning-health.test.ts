import { describe, expect, it } from "vitest";

import { HealthAccumulator, sessionHealth, type HealthThought } from "./reasoning-health";

const T0 = Date.parse("2026-11-23T09:00:00.000Z");
const minutes = (m: number) => new Date(T0 + m * 60_000).toISOString();

function thought(n: number, text: string, at: number, extra: Partial<HealthThought> = {}): HealthThought {
  return {
    thoughtNumber: n,
    totalThoughts: 5,
    text,
    isRevision: null,
    revisesThought: null,
    branchId: null,
    branchFromThought: null,
    flags: [],
    nextThoughtNeeded: true,
    createdAt: minutes(at),
    ...extra,
  };
}

describe("sessionHealth on hand-built sessions", () => {
  it("gives a straight line of distinct thoughts linearity 1 and nothing else", () => {
    const h = sessionHealth([
      thought(1, "List the tables the report reads", 0),
      thought(2, "Measure the slowest query with explain analyze", 1),
      thought(3, "Add an index on orders created at", 2, { nextThoughtNeeded: false }),
    ]);
    expect(h).toEqual({
      thoughts: 3,
      revisions: 0,
      revisionRate: 0,
      branchCount: 0,
      maxBranchDepth: 0,
      longestBranch: 0,
      abandonedBranches: 0,
      linearity: 1,
      stalls: 0,
      longestGapMs: 60_000,
      loops: 0,
      loopPairs: [],
      totalThoughts: { first: 5, last: 5, drift: 0, changes: 0 },
      unresolvedFlags: 0,
    });
  });

  it("counts revisions, nested and abandoned branches, stalls, loops, drift and unresolved flags", () => {
    const session = [
      /* 0 */ thought(1, "Define the goal: cut checkout latency", 0),
      /* 1 */ thought(2, "Profile the checkout request end to end", 1, { flags: ["total_raised"] }),
      /* 2 */ thought(3, "Try caching the cart totals", 2, { branchId: "cache", branchFromThought: 2 }),
      /* 3 */ thought(4, "Cache invalidation on price change", 3, { branchId: "cache" }),
      /* 4 */ thought(5, "Try a nested idea: cache per region", 4, { branchId: "region", branchFromThought: 4 }),
      /* 5 */ thought(3, "Back on the main line the profile shows the tax call dominates", 30, { totalThoughts: 8 }),
      /* 6 */ thought(4, "The tax call dominates the profile on the main line", 31, { totalThoughts: 8 }),
      /* 7 */ thought(5, "The tax call dominates the profile on the main line", 32, {
        totalThoughts: 8,
        flags: ["revises_unknown_thought", "total_raised"],
      }),
      /* 8 */ thought(2, "Revised: profile only the tax call", 33, {
        isRevision: true,
        revisesThought: 2,
        totalThoughts: 9,
        nextThoughtNeeded: false,
      }),
    ];
    const h = sessionHealth(session);
    expect(h.thoughts).toBe(9);
    expect(h.revisions).toBe(1);
    expect(h.revisionRate).toBe(0.111); // 1/9
    expect(h.branchCount).toBe(2);
    // "region" forks from thought 4, which is on "cache" (depth 1), so it is depth 2.
    expect(h.maxBranchDepth).toBe(2);
    expect(h.longestBranch).toBe(2);
    // Both branches ended with nextThoughtNeeded = true and the session went on without them.
    expect(h.abandonedBranches).toBe(2);
    // Main line and not a revision: positions 0, 1, 5, 6, 7 → 5 of 9.
    expect(h.linearity).toBe(0.556);
    // One gap of 26 minutes (4 → 30) is over 10 minutes.
    expect(h.stalls).toBe(1);
    expect(h.longestGapMs).toBe(26 * 60_000);
    // Positions 6 and 7 are the same text (Jaccard 1); 5 and 6 share only some bigrams.
    expect(h.loops).toBe(1);
    expect(h.loopPairs).toEqual([[6, 7]]);
    // 5 → 8 → 9: drift 4 over two changes.
    expect(h.totalThoughts).toEqual({ first: 5, last: 9, drift: 4, changes: 2 });
    // Thought 2's flag was addressed by the revision of thought 2; thought 5's two flags were not.
    expect(h.unresolvedFlags).toBe(2);
    // Where: the loop's later thought, the thought after the stall, the abandoned branches.
    const acc = new HealthAccumulator();
    for (const t of session) acc.add(t);
    expect(acc.marks()).toEqual({ loopAt: [7], stallAt: [5], abandonedBranches: ["cache", "region"] });
  });

  it("does not call a branch abandoned while it is the last thing written, nor one that finished", () => {
    const open = sessionHealth([
      thought(1, "a b c", 0),
      thought(2, "d e f", 1, { branchId: "x", branchFromThought: 1 }),
    ]);
    expect(open.abandonedBranches).toBe(0);
    const finished = sessionHealth([
      thought(1, "a b c", 0),
      thought(2, "d e f", 1, { branchId: "x", branchFromThought: 1, nextThoughtNeeded: false }),
      thought(2, "g h i", 2),
    ]);
    expect(finished.abandonedBranches).toBe(0);
  });

  it("honours the stall and loop thresholds it is given", () => {
    const thoughts = [
      thought(1, "check the cache hit rate for the cart service today", 0),
      thought(2, "check the cache hit rate for the cart service now", 3),
    ];
    // 9 bigrams each, 8 shared: Jaccard 8/10 = 0.8.
    expect(sessionHealth(thoughts).loops).toBe(1);
    expect(sessionHealth(thoughts, { loopSimilarity: 0.81 }).loops).toBe(0);
    expect(sessionHealth(thoughts, { stallMs: 2 * 60_000 }).stalls).toBe(1);
  });

  it("gives the same figures incrementally as in one fold", () => {
    const thoughts = [thought(1, "one", 0), thought(2, "two", 20, { isRevision: true, revisesThought: 1 })];
    const acc = new HealthAccumulator();
    acc.add(thoughts[0]!);
    expect(acc.summary().thoughts).toBe(1);
    acc.add(thoughts[1]!);
    expect(acc.summary()).toEqual(sessionHealth(thoughts));
  });

  it("answers an empty session with zeros and linearity 1", () => {
    expect(sessionHealth([])).toMatchObject({
      thoughts: 0,
      revisionRate: 0,
      linearity: 1,
      totalThoughts: { drift: 0 },
    });
  });
});
