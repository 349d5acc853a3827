import { describe, expect, it } from "vitest";
import { healthScore } from "./health-score";

const clean = { loops: 0, abandonedBranches: 0, stalls: 0, unresolvedFlags: 0, totalThoughts: { drift: 0 } };

describe("healthScore", () => {
  it("is 100 for a session with nothing to look at", () => {
    expect(healthScore(clean)).toBe(100);
  });

  it("loses points per occurrence, each kind capped", () => {
    expect(healthScore({ ...clean, loops: 2 })).toBe(80);
    expect(healthScore({ ...clean, loops: 9 })).toBe(60);
    expect(healthScore({ ...clean, abandonedBranches: 1, stalls: 1 })).toBe(85);
    expect(healthScore({ ...clean, unresolvedFlags: 3, totalThoughts: { drift: -4 } })).toBe(81);
  });

  it("never goes below 0", () => {
    expect(
      healthScore({ loops: 10, abandonedBranches: 10, stalls: 10, unresolvedFlags: 10, totalThoughts: { drift: 50 } }),
    ).toBe(0);
  });
});
