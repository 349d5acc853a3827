// Sessions' reasoning health stored for the sessions list (issue 16): SessionHealth holds each session's figures as
// last folded, so "has loops", "health below X" and the health sort are SQL over one indexed table, and a list page
// reads its rows' figures in one query (no per-session fold on read).
//
// The write path never touches it (ingest stays as fast as before). A row is stale when the thoughtCount or
// flagCount it was folded at differs from the session's; readers call refreshStaleHealth first, which finds stale
// sessions in one query, loads their thoughts in one query and upserts their rows. Bounded per call (below), newest
// activity first, so a list request after a bulk import does a bounded amount of work and the rest follows on the
// next requests.
import { fleetHealth } from "@/lib/health/fleet-health";
import { healthScore } from "@/lib/health/health-score";
import { HealthAccumulator } from "@/lib/health/reasoning-health";
import type { FleetHealth, HealthCells, HealthFilter } from "@/lib/contracts/session-health";
import type { Db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/sqlite/client";
import { toThoughtView } from "../sessions/sessions";

/** At most this many sessions per refresh: one upsert each (a few ms on SQLite), so 200 cost well under a second. */
export const REFRESH_SESSIONS = 200;
/** At most this many thoughts folded per refresh (always at least one session's): the fold costs ~2–5 µs per thought
 *  of 100 words plus loading the rows, so 5,000 keep a list request's extra work to tens of milliseconds even while
 *  agents write; a larger backlog (a bulk import) catches up over the next requests. */
export const REFRESH_THOUGHTS = 5_000;
const DAY_MS = 86_400_000;

interface StaleRow {
  id: string;
  thoughtCount: number | bigint;
  flagCount: number | bigint;
}

/** Folds and stores the figures of this project's stale sessions; returns how many it refreshed. */
export async function refreshStaleHealth(db: Db, projectId: string): Promise<number> {
  const stale = await db.$queryRaw<StaleRow[]>`
    SELECT s."id", s."thoughtCount", s."flagCount" FROM "ThinkingSession" s
    LEFT JOIN "SessionHealth" h ON h."sessionId" = s."id"
    WHERE s."projectId" = ${projectId}
      AND (h."sessionId" IS NULL OR h."thoughts" <> s."thoughtCount" OR h."flags" <> s."flagCount")
    ORDER BY s."lastActivityAt" DESC
    LIMIT ${REFRESH_SESSIONS}`;
  if (stale.length === 0) return 0;
  const chosen: StaleRow[] = [];
  let budget = REFRESH_THOUGHTS;
  for (const row of stale) {
    const n = Number(row.thoughtCount);
    if (chosen.length > 0 && n > budget) continue;
    chosen.push(row);
    budget -= n;
  }
  const thoughts = await db.thought.findMany({
    where: { projectId, sessionId: { in: chosen.map((r) => r.id) } },
    orderBy: [{ sessionId: "asc" }, { seq: "asc" }],
  });
  const folds = new Map(chosen.map((r) => [r.id, new HealthAccumulator()]));
  for (const t of thoughts) folds.get(t.sessionId)?.add(toThoughtView(t));
  // The counts read before the thoughts: a thought written in between leaves the row stale, so it is folded again.
  await db.$transaction(
    chosen.map((r) => {
      const cells = cellsOf(folds.get(r.id)!);
      const data = { ...cells, flags: Number(r.flagCount), computedAt: new Date() };
      return db.sessionHealth.upsert({
        where: { sessionId: r.id },
        create: { sessionId: r.id, projectId, ...data },
        update: data,
      });
    }),
  );
  return chosen.length;
}

function cellsOf(acc: HealthAccumulator): HealthCells {
  const h = acc.summary();
  return {
    thoughts: h.thoughts,
    score: healthScore(h),
    revisionRate: h.revisionRate,
    branchCount: h.branchCount,
    abandonedBranches: h.abandonedBranches,
    linearity: h.linearity,
    stalls: h.stalls,
    loops: h.loops,
    drift: h.totalThoughts.drift,
    unresolvedFlags: h.unresolvedFlags,
  };
}

/** The health filters as a where clause on ThinkingSession. */
export function healthWhere(f: HealthFilter): Prisma.ThinkingSessionWhereInput {
  const where: Prisma.SessionHealthWhereInput[] = [];
  if (f.loops !== undefined) where.push({ loops: f.loops ? { gt: 0 } : 0 });
  if (f.healthBelow !== undefined) where.push({ score: { lt: f.healthBelow } });
  return where.length > 0 ? { health: { is: { AND: where } } } : {};
}

/** The columns that are the list's cells (ZHealthCells). */
const CELLS = {
  thoughts: true,
  score: true,
  revisionRate: true,
  branchCount: true,
  abandonedBranches: true,
  linearity: true,
  stalls: true,
  loops: true,
  drift: true,
  unresolvedFlags: true,
} as const;

/** The stored figures of these sessions, by id (one query). */
export async function healthCells(db: Db, projectId: string, ids: string[]): Promise<Record<string, HealthCells>> {
  if (ids.length === 0) return {};
  const rows = await db.sessionHealth.findMany({
    where: { projectId, sessionId: { in: ids } },
    select: { sessionId: true, ...CELLS },
  });
  return Object.fromEntries(rows.map(({ sessionId, ...cells }) => [sessionId, cells]));
}

/** Sessions the analytics page folds at most (newest first): 50,000 rows of seven small fields is ~10 MB. */
export const FLEET_ROWS = 50_000;

/** Reasoning health over this project's sessions created in the last `days` days. */
export async function fleetHealthOf(db: Db, projectId: string, days: number, now = new Date()): Promise<FleetHealth> {
  await refreshStaleHealth(db, projectId);
  const since = new Date(Math.floor(now.getTime() / DAY_MS - days + 1) * DAY_MS);
  const rows = await db.sessionHealth.findMany({
    where: { projectId, session: { is: { createdAt: { gte: since } } } },
    select: {
      score: true,
      loops: true,
      stalls: true,
      abandonedBranches: true,
      revisionRate: true,
      session: { select: { agent: true, model: true, createdAt: true } },
    },
    orderBy: { session: { createdAt: "desc" } },
    take: FLEET_ROWS,
  });
  return fleetHealth(
    rows.map(({ session, ...h }) => ({ ...h, ...session })),
    days,
    now,
  );
}
