import { describe, expect, it } from "vitest";
import { fleetHealth, TOP_GROUPS, type FleetRow } from "./fleet-health";

const NOW = new Date("2026-11-23T15:00:00.000Z");
const row = (over: Partial<FleetRow>): FleetRow => ({
  score: 100,
  loops: 0,
  stalls: 0,
  abandonedBranches: 0,
  revisionRate: 0,
  agent: "claude-code",
  model: "sonnet",
  createdAt: new Date("2026-11-23T09:00:00.000Z"),
  ...over,
});

describe("fleetHealth", () => {
  it("spreads scores over ten-point buckets, 100 in the last", () => {
    const f = fleetHealth([row({ score: 0 }), row({ score: 9 }), row({ score: 68 }), row({ score: 100 })], 7, NOW);
    expect(f.distribution.map((b) => b.count)).toEqual([2, 0, 0, 0, 0, 0, 1, 0, 0, 1]);
    expect(f.distribution[9]).toEqual({ from: 90, to: 100, count: 1 });
    expect(f.sessions).toBe(4);
    expect(f.meanScore).toBe(44.3);
  });

  it("lists every day of the window with its sessions and mean score", () => {
    const f = fleetHealth(
      [
        row({ score: 80, createdAt: new Date("2026-11-21T23:59:00.000Z") }),
        row({ score: 60, createdAt: new Date("2026-11-21T00:00:00.000Z") }),
        row({ score: 90 }),
      ],
      3,
      NOW,
    );
    expect(f.trend).toEqual([
      { day: "2026-11-21", sessions: 2, meanScore: 70 },
      { day: "2026-11-22", sessions: 0, meanScore: null },
      { day: "2026-11-23", sessions: 1, meanScore: 90 },
    ]);
  });

  it("compares agents and models, most sessions first, the rest summed", () => {
    const rows = [
      row({ agent: "a", model: null, score: 50, loops: 2 }),
      row({ agent: "a", score: 70 }),
      row({ agent: null, score: 90, stalls: 1, abandonedBranches: 1, revisionRate: 0.5 }),
      ...Array.from({ length: TOP_GROUPS + 1 }, (_, i) => row({ agent: `z${i}` })),
    ];
    const f = fleetHealth(rows, 7, NOW);
    expect(f.byAgent[0]).toEqual({ name: "a", sessions: 2, meanScore: 60, withLoops: 1 });
    expect(f.byAgent).toHaveLength(TOP_GROUPS + 1);
    expect(f.byAgent.at(-1)).toMatchObject({ name: "3 others", sessions: 3 });
    expect(f.byAgent.some((g) => g.name === "unknown")).toBe(true);
    expect(f.byModel.find((g) => g.name === "unknown")).toMatchObject({ sessions: 1, withLoops: 1 });
    expect([f.withLoops, f.withStalls, f.withAbandoned]).toEqual([1, 1, 1]);
    expect(f.meanRevisionRate).toBe(0.042);
  });

  it("answers an empty window without dividing by zero", () => {
    const f = fleetHealth([], 7, NOW);
    expect(f).toMatchObject({ sessions: 0, meanScore: null, meanRevisionRate: null });
    expect(f.trend).toHaveLength(7);
  });
});
