// One 0–100 triage figure for a session's reasoning health, so the sessions list can filter "health below
// X" and the analytics page can chart a distribution. It is a reviewer's heuristic, not a measurement: it starts at
// 100 and loses points for what a reviewer would look at first, each with a cap so one kind cannot sink it alone.
// Revision rate, branching and linearity take no points: revising and exploring are healthy.
import type { ReasoningHealth } from "./reasoning-health";

/** Points lost per occurrence, and the most each kind can take. */
export const HEALTH_PENALTIES = {
  loops: { each: 10, max: 40 },
  abandonedBranches: { each: 10, max: 30 },
  stalls: { each: 5, max: 20 },
  unresolvedFlags: { each: 5, max: 20 },
  /** Per thought the agent's totalThoughts estimate moved from its first value. */
  drift: { each: 1, max: 10 },
} as const;

type Scored = Pick<ReasoningHealth, "loops" | "abandonedBranches" | "stalls" | "unresolvedFlags"> & {
  totalThoughts: Pick<ReasoningHealth["totalThoughts"], "drift">;
};

export function healthScore(h: Scored): number {
  const lose = (n: number, p: { each: number; max: number }) => Math.min(p.max, n * p.each);
  const lost =
    lose(h.loops, HEALTH_PENALTIES.loops) +
    lose(h.abandonedBranches, HEALTH_PENALTIES.abandonedBranches) +
    lose(h.stalls, HEALTH_PENALTIES.stalls) +
    lose(h.unresolvedFlags, HEALTH_PENALTIES.unresolvedFlags) +
    lose(Math.abs(h.totalThoughts.drift), HEALTH_PENALTIES.drift);
  return Math.max(0, 100 - lost);
}
