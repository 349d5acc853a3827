// The reasoning-health cells the sessions list shows per session, and its health filters. Stored per
// session in SessionHealth (server/services/reasoning/session-health.ts) so the filters and the sort run in SQL.
import { z } from "zod";

import { FLEET_WINDOWS } from "./zod-free";
export { FLEET_WINDOWS, HEALTH_BELOW } from "./zod-free";

export const ZHealthCells = z.object({
  /** The thoughts the figures were folded over (behind the session's count until the next refresh). */
  thoughts: z.number().int().nonnegative(),
  /** 0–100 triage score (lib/health/health-score.ts). */
  score: z.number().int().min(0).max(100),
  revisionRate: z.number().min(0).max(1),
  branchCount: z.number().int().nonnegative(),
  abandonedBranches: z.number().int().nonnegative(),
  linearity: z.number().min(0).max(1),
  stalls: z.number().int().nonnegative(),
  loops: z.number().int().nonnegative(),
  drift: z.number().int(),
  unresolvedFlags: z.number().int().nonnegative(),
});
export type HealthCells = z.infer<typeof ZHealthCells>;

/** The health filters, shared by the dashboard's table query and GET /api/v1/sessions. */
export interface HealthFilter {
  /** true: sessions with at least one loop (near-duplicate consecutive thoughts); false: sessions with none. */
  loops?: boolean;
  /** Sessions whose health score is below this (1–101; 101 matches every session with a figure). */
  healthBelow?: number;
}

/** The analytics page's windows, in days. */
export const ZFleetQuery = z.object({
  days: z
    .number()
    .int()
    .refine((d) => (FLEET_WINDOWS as readonly number[]).includes(d), "days must be 7, 30 or 90")
    .default(30),
});

const ZFleetGroup = z.object({
  name: z.string(),
  sessions: z.number().int(),
  meanScore: z.number(),
  withLoops: z.number().int(),
});

/** Reasoning health over the sessions created in a window (lib/health/fleet-health.ts). */
export const ZFleetHealth = z.object({
  days: z.number().int(),
  sessions: z.number().int(),
  meanScore: z.number().nullable(),
  meanRevisionRate: z.number().nullable(),
  withLoops: z.number().int(),
  withStalls: z.number().int(),
  withAbandoned: z.number().int(),
  /** Sessions per ten-point score bucket, 0–9 … 90–100. */
  distribution: z.array(z.object({ from: z.number().int(), to: z.number().int(), count: z.number().int() })),
  /** Per UTC day of the window, oldest first: sessions created and their mean score (null on a day without any). */
  trend: z.array(z.object({ day: z.string(), sessions: z.number().int(), meanScore: z.number().nullable() })),
  byAgent: z.array(ZFleetGroup),
  byModel: z.array(ZFleetGroup),
});
export type FleetHealth = z.infer<typeof ZFleetHealth>;
