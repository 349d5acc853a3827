// Sessions' reasoning health stored for the sessions list: SessionHealth holds each session's figures as
// last folded, so "has loops", "health below X" and the health sort are SQL over one indexed table, and a list page
// reads its rows' figures in one query (no per-session fold on read).
//
// The write path never touches it (ingest stays as fast as before). A row is stale when the thoughtCount or
// flagCount it was folded at differs from the session's. Readers call refreshStaleHealth first, which folds at most
// REQUEST_THOUGHTS thoughts of stale sessions (newest activity first) and leaves the rest to a background catch-up
// in this process (catchUpHealth): slices of SLICE_THOUGHTS, one after another with a pause between, so a list
// request after a bulk import answers in tens of milliseconds and the figures of the rest follow within seconds.
// Before, each list request folded up to 5,000 thoughts (0.4–0.7 s each, the first ~20 requests after a bulk import).
// Several refreshers may store the same rows at once (list requests, this process's catch-up, other instances): a
// fold is a pure function of the session's thoughts, so they write the same figures, and a row folded while a
// thought arrived stays stale and is folded again. On PostgreSQL they store with one INSERT … ON CONFLICT DO UPDATE
// whose rows are in id order: every refresher locks rows in the same order, so one waits for another instead of
// deadlocking (one upsert per row in a transaction, in activity order, deadlocked: P2034 under bench:search).
import { fleetHealth } from "@/lib/health/fleet-health";
import { healthScore } from "@/lib/health/health-score";
import { HealthAccumulator } from "@/lib/health/reasoning-health";
import type { FleetHealth, HealthCells, HealthFilter } from "@/lib/contracts/session-health";
import { Prisma, providerOfDb, type Db } from "@/server/db/client";

/** The columns the health fold reads (lib/health/reasoning-health.ts HealthThought). */
export const HEALTH_COLUMNS = {
  thoughtNumber: true,
  totalThoughts: true,
  text: true,
  isRevision: true,
  revisesThought: true,
  branchId: true,
  branchFromThought: true,
  flags: true,
  nextThoughtNeeded: true,
  createdAt: true,
} as const;

/** At most this many sessions per fold: one upsert each (a few ms on SQLite), so 200 cost well under a second. */
export const REFRESH_SESSIONS = 200;
/** At most this many thoughts folded by a request before it answers: loading, folding and storing cost ~50–90 µs
 *  per thought of 35 words under load (npm run bench:health), so 500 add ~25–45 ms at worst. A stale session larger
 *  than this is left to the catch-up. */
export const REQUEST_THOUGHTS = 500;
/** Thoughts per slice of the background catch-up (always at least one session's, however large). The fold yields to
 *  requests every FOLD_CHUNK thoughts; the load of a slice's rows (~20–25 µs each) holds the thread at once, so a
 *  request arriving then waits ~50 ms at most. */
export const SLICE_THOUGHTS = 2_000;
const FOLD_CHUNK = 250;
const SLICE_PAUSE_MS = 20;
const DAY_MS = 86_400_000;

interface StaleRow {
  id: string;
  thoughtCount: number | bigint;
  flagCount: number | bigint;
}

/**
 * Folds and stores the figures of this project's stale sessions, up to REQUEST_THOUGHTS thoughts; starts the
 * background catch-up for those left stale. Returns how many sessions it refreshed.
 */
export async function refreshStaleHealth(db: Db, projectId: string): Promise<number> {
  const { refreshed, left } = await foldStale(db, projectId, REQUEST_THOUGHTS, false);
  if (left) void catchUpHealth(db, projectId);
  return refreshed;
}

const g = globalThis as unknown as { __thoughtgraphHealthCatchUp?: Map<string, Promise<void>> };
const catchingUp = (g.__thoughtgraphHealthCatchUp ??= new Map<string, Promise<void>>());

/** Starts (once per project in this process) folding the project's stale sessions slice by slice; resolves when none
 *  is left stale. Never rejects: a failure is logged, and the next list request starts it again. */
export function catchUpHealth(db: Db, projectId: string): Promise<void> {
  let run = catchingUp.get(projectId);
  if (!run) {
    run = (async () => {
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, SLICE_PAUSE_MS));
        if (!(await foldStale(db, projectId, SLICE_THOUGHTS, true)).left) return;
      }
    })()
      .catch((error: unknown) => console.warn("[session-health] catch-up stopped:", (error as Error).message))
      .finally(() => catchingUp.delete(projectId));
    catchingUp.set(projectId, run);
  }
  return run;
}

/** Resolves once no health catch-up runs in this process (tests, benchmarks). */
export async function healthCaughtUp(): Promise<void> {
  while (catchingUp.size > 0) await Promise.all(catchingUp.values());
}

/**
 * Folds stale sessions, newest activity first, up to `budget` thoughts; `background` (the catch-up): the first stale
 * session even when it is larger, folded in chunks between turns of the event loop. `left`: stale sessions remain
 * (over the budget or beyond REFRESH_SESSIONS).
 */
async function foldStale(
  db: Db,
  projectId: string,
  budget: number,
  background: boolean,
): Promise<{ refreshed: number; left: boolean }> {
  const stale = await db.$queryRaw<StaleRow[]>`
    SELECT s."id", s."thoughtCount", s."flagCount" FROM "ThinkingSession" s
    LEFT JOIN "SessionHealth" h ON h."sessionId" = s."id"
    WHERE s."projectId" = ${projectId}
      AND (h."sessionId" IS NULL OR h."thoughts" <> s."thoughtCount" OR h."flags" <> s."flagCount")
    ORDER BY s."lastActivityAt" DESC
    LIMIT ${REFRESH_SESSIONS + 1}`;
  const chosen: StaleRow[] = [];
  let left = stale.length > REFRESH_SESSIONS;
  for (const row of stale.slice(0, REFRESH_SESSIONS)) {
    const n = Number(row.thoughtCount);
    if (n > budget && !(background && chosen.length === 0)) {
      left = true;
      continue;
    }
    chosen.push(row);
    budget -= n;
  }
  if (chosen.length === 0) return { refreshed: 0, left };
  // Only the fields the fold reads: whole rows through toThoughtView (metadata, tags, ISO dates) cost ~2× as much.
  const thoughts = await db.thought.findMany({
    where: { projectId, sessionId: { in: chosen.map((r) => r.id) } },
    orderBy: [{ sessionId: "asc" }, { seq: "asc" }],
    select: { sessionId: true, ...HEALTH_COLUMNS },
  });
  const folds = new Map(chosen.map((r) => [r.id, new HealthAccumulator()]));
  for (let k = 0; k < thoughts.length; k++) {
    // The catch-up lets requests in between chunks: the fold costs ~25–50 µs per thought (bench:health).
    if (background && k > 0 && k % FOLD_CHUNK === 0) await new Promise((resolve) => setImmediate(resolve));
    const t = thoughts[k]!;
    const flags = Array.isArray(t.flags) ? t.flags.filter((f): f is string => typeof f === "string") : [];
    folds.get(t.sessionId)?.add({ ...t, flags });
  }
  // The counts read before the thoughts: a thought written in between leaves the row stale, so it is folded again.
  const computedAt = new Date();
  await storeHealth(
    db,
    projectId,
    chosen.map((r) => ({ sessionId: r.id, ...cellsOf(folds.get(r.id)!), flags: Number(r.flagCount), computedAt })),
  );
  return { refreshed: chosen.length, left };
}

type HealthRow = HealthCells & { sessionId: string; flags: number; computedAt: Date };

/** The stored columns besides sessionId and projectId, in the order of the PostgreSQL statement's values. */
const STORED = [
  "thoughts",
  "flags",
  "revisionRate",
  "branchCount",
  "abandonedBranches",
  "linearity",
  "stalls",
  "loops",
  "drift",
  "unresolvedFlags",
  "score",
  "computedAt",
] as const satisfies readonly (keyof HealthRow)[];

/** Stores folded figures, rows in id order (see the file header). */
async function storeHealth(db: Db, projectId: string, rows: HealthRow[]): Promise<void> {
  rows.sort((a, b) => (a.sessionId < b.sessionId ? -1 : a.sessionId > b.sessionId ? 1 : 0));
  if (providerOfDb(db) === "postgresql") {
    const columns = Prisma.raw(STORED.map((c) => `"${c}"`).join(", "));
    const updates = Prisma.raw(STORED.map((c) => `"${c}" = EXCLUDED."${c}"`).join(", "));
    const values = rows.map((r) => Prisma.sql`(${r.sessionId}, ${projectId}, ${Prisma.join(STORED.map((c) => r[c]))})`);
    await db.$executeRaw`INSERT INTO "SessionHealth" ("sessionId", "projectId", ${columns})
      VALUES ${Prisma.join(values)}
      ON CONFLICT ("sessionId") DO UPDATE SET ${updates}`;
    return;
  }
  // SQLite has one writer at a time: the upserts of one transaction never interleave with another's.
  await db.$transaction(
    rows.map(({ sessionId, ...data }) =>
      db.sessionHealth.upsert({ where: { sessionId }, create: { sessionId, projectId, ...data }, update: data }),
    ),
  );
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
