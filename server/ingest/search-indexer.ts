// PostgreSQL: fills Thought."searchVector" after the write transaction instead of inside it. Computing the tsvector
// and its GIN entry in the INSERT cost ~130–220 ms of a 1,000-thought batch's ~180–260 ms Thought insert
// (pg_stat_statements), so the write path leaves the column NULL
// (migration 20261123163000_thought_search_indexer) and this indexer follows it:
//   - woken after each committed batch (a subscriber of after-commit.ts) and by commit.ts's commitRows, and by a sweep
//     every SWEEP_MS for rows written by anything else (another instance that stopped before indexing, a script);
//   - takes at most INDEX_BATCH unindexed rows per statement through the partial index of NULL rows, with
//     FOR UPDATE SKIP LOCKED, so several instances (or a test's waitForSearchIndex) never take the same row, and a row
//     being edited is left for the next pass;
//   - computes the same vector as before (pgSearchVectorSql's, its lower-casing and splitting done in JavaScript by
//     searchText), so a query finds exactly what it found when the column was generated. A text edit is indexed by a trigger in the edit's own transaction (the migration).
// Paced like the detectors on write (server/services/reasoning/detect-on-write.ts), so a load of writes does not pay
// for indexing while it runs:
//   - at full speed while the writers are quiet (no thought announced for QUIET_MS);
//   - while writes keep coming, with at most busyShare of the time (after a full pass of P ms, a pause of
//     P × (1/busyShare − 1)): indexing cost the batch load about half its rate when every pass followed the last;
//   - at full speed again, and the write path indexing its own thoughts in the insert (searchIndexBehind), once the
//     oldest announced thought has waited maxLagMs or more than maxBacklog wait: the lag bound and the backlog bound.
//     Past them the load pays for its index, as it did when the column was generated.
// server/ingest/README.md has the measured lag and rates.
import { setting } from "@/server/config";
import type pg from "pg";
import { pgSearchVectorOfSearchTextSql, searchText } from "@/lib/search/tsquery";
import { getDb, pgPool, type Db } from "@/server/db/client";
import { onCommitted } from "./after-commit";
import { inPgTransaction } from "./pg-transaction";
import { activeWriteThread } from "./write-thread";

/** Rows per statement: a 1,000-row pass costs ~150–220 ms of database CPU, so larger passes would hold row locks and a
 *  pool connection longer without saving anything; smaller ones pay the statement overhead more often. */
export const INDEX_BATCH = 1_000;
/** The sweep for rows no local write announced: the lag bound for those. */
export const SWEEP_MS = 1_000;
/**
 * How long a wake-up waits for more writes before its pass. A pass right after every COMMIT indexed ~16 rows for ~13 ms
 * of database time under bench:ingest's 32 single-POST agents (1,587 passes, 20.8 s in all, against 12.7 s for the
 * writes themselves, pg_stat_statements, load average ~10): most of a pass's cost is per pass, not per row.
 */
export const INDEX_DELAY_MS = 200;

/** The writers count as busy this long after a thought was announced. */
const QUIET_MS = 500;
/** How often a paused indexer looks whether the writers went quiet or it fell behind. */
const POLL_MS = 50;

export interface SearchPacing {
  /** The longest an announced thought waits for its index while writes keep coming. */
  maxLagMs: number;
  /** Thoughts announced and not yet indexed, at most, before the write path indexes its own. */
  maxBacklog: number;
  /** The indexer's share of the time while writes keep coming. */
  busyShare: number;
  /** The wait after an announcement before a pass (INDEX_DELAY_MS; tests set it long to hold the indexer back). */
  delayMs: number;
}

const DEFAULT_PACING: SearchPacing = {
  maxLagMs: setting("THOUGHTGRAPH_SEARCH_MAX_LAG_MS"),
  // ~1 KB of index work each: a backlog this size takes the indexer ~3 minutes at its busy share.
  maxBacklog: 200_000,
  busyShare: setting("THOUGHTGRAPH_SEARCH_BUSY_SHARE"),
  delayMs: INDEX_DELAY_MS,
};

type Queryable = Pick<pg.PoolClient, "query">;

// ORDER BY "id" (time-ordered uuidv7: oldest first) makes the planner walk the partial index of NULL rows. Without it,
// while most rows were still NULL it chose a sequential scan, which then walked every indexed row and dead version
// before reaching the NULL ones: catching up on 117,000 rows after bench:ingest's batch load took 105 s (~1,100/s).

const PICK_SQL = `SELECT "id", "text" FROM "Thought" WHERE "searchVector" IS NULL ORDER BY "id" LIMIT $1
  FOR UPDATE SKIP LOCKED`;

// The text arrives lower-cased and split by searchText (lib/search/tsquery.ts): PostgreSQL's regexp_replace and ICU
// lower were about half of a pass's expression cost. The rows are locked by PICK_SQL in the same transaction.
const FILL_SQL = `UPDATE "Thought" AS t SET "searchVector" = ${pgSearchVectorOfSearchTextSql("u.s")}
  FROM unnest($1::text[], $2::text[]) AS u(id, s) WHERE t."id" = u.id`;

/** Picks and fills up to `limit` unindexed rows on `client`, inside the caller's transaction. */
async function indexOn(client: Queryable, limit: number): Promise<string[]> {
  const { rows } = await client.query<{ id: string; text: string }>(PICK_SQL, [limit]);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  await client.query(FILL_SQL, [ids, rows.map((r) => searchText(r.text))]);
  return ids;
}

/**
 * Indexes up to `limit` unindexed thoughts; answers the ids it indexed. On a pool: in a transaction of its own, so
 * the picked rows stay locked until they are filled; on a client: inside the client's open transaction.
 */
export async function indexPendingThoughts(on: pg.Pool | pg.PoolClient, limit = INDEX_BATCH): Promise<string[]> {
  return "release" in on ? indexOn(on, limit) : inPgTransaction(on, (client) => indexOn(client, limit));
}

interface IndexerState {
  pool: pg.Pool | null;
  pacing: SearchPacing;
  /** Thoughts announced since the indexer last found none left (an upper bound: some were indexed in their insert). */
  backlog: number;
  /** When the oldest of them was announced; null while none wait. */
  backlogSince: number | null;
  /** When a thought was last announced. */
  lastWriteAt: number;
  running: Promise<void> | null;
  /** A pass is scheduled (pacing.delayMs). */
  waiting: ReturnType<typeof setTimeout> | null;
  /** A write committed while a pass ran: run another. */
  again: boolean;
  sweep: ReturnType<typeof setInterval> | null;
}

// On globalThis: the production server loads this module twice (Next's bundle and the agent fast path), and one
// indexer per process is enough.
const g = globalThis as unknown as { __thoughtgraphSearchIndexer?: IndexerState };
const state: IndexerState = (g.__thoughtgraphSearchIndexer ??= {
  pool: null,
  pacing: DEFAULT_PACING,
  backlog: 0,
  backlogSince: null,
  lastWriteAt: 0,
  running: null,
  waiting: null,
  again: false,
  sweep: null,
});

/** One pass of INDEX_BATCH rows; a pass that finds fewer has emptied the backlog. Answers how many it indexed. */
async function indexPass(pool: pg.Pool): Promise<number> {
  const n = (await indexPendingThoughts(pool)).length;
  if (n < INDEX_BATCH) {
    state.backlog = 0;
    state.backlogSince = null;
  } else {
    state.backlog = Math.max(0, state.backlog - n);
  }
  return n;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** After a full pass of `passMs`: waits so the passes take at most busyShare of the time while writes keep coming
 *  and the indexer is within its bounds; returns at once, or as soon as that stops being so. */
async function pauseWhileBusy(pool: pg.Pool, passMs: number): Promise<void> {
  const until = performance.now() + passMs * (1 / state.pacing.busyShare - 1);
  while (
    performance.now() < until &&
    Date.now() - state.lastWriteAt < QUIET_MS &&
    !searchIndexBehind() &&
    state.pool === pool &&
    !pool.ending
  ) {
    await sleep(Math.min(POLL_MS, until - performance.now()));
  }
}

/** Runs passes until one finds fewer rows than a full batch; a write committed meanwhile schedules the next run. */
async function run(pool: pg.Pool): Promise<void> {
  try {
    while (!pool.ending) {
      const started = performance.now();
      if ((await indexPass(pool)) < INDEX_BATCH) break;
      await pauseWhileBusy(pool, performance.now() - started);
    }
  } catch (error) {
    // The database went away or the row vanished mid-pass: the sweep tries again; nothing is lost, the rows stay NULL.
    if (!pool.ending) console.error("[thoughtgraph] search indexer pass failed", error);
  } finally {
    state.running = null;
    if (state.again && state.pool === pool) schedule(pool);
  }
}

/** A run pacing.delayMs from now, unless one is scheduled; while one runs, another after it. */
function schedule(pool: pg.Pool): void {
  if (state.running) {
    state.again = true;
    return;
  }
  state.again = false;
  if (state.waiting) return;
  state.waiting = setTimeout(() => {
    state.waiting = null;
    if (state.pool === pool && !state.running) state.running = run(pool);
  }, state.pacing.delayMs);
  state.waiting.unref();
}

/**
 * Whether the write path should index its thoughts itself: past the lag or backlog bound, the backlog would otherwise
 * keep growing under a load PostgreSQL cannot index as fast as it inserts.
 */
export function searchIndexBehind(): boolean {
  return (
    state.backlog > state.pacing.maxBacklog ||
    (state.backlogSince !== null && Date.now() - state.backlogSince >= state.pacing.maxLagMs)
  );
}

/** Sets the indexer's pacing (THOUGHTGRAPH_SEARCH_MAX_LAG_MS and _BUSY_SHARE at start); returns the previous one. */
export function paceSearchIndexer(pacing: Partial<SearchPacing>): SearchPacing {
  const previous = state.pacing;
  state.pacing = { ...previous, ...pacing };
  return previous;
}

// Every batch the writer commits announces its thoughts here (a no-op on SQLite, which has no pg pool).
onCommitted("search-indexer", (batch) => {
  if (batch.events.length > 0) notifySearchIndexer(getDb(), batch.thoughtCount);
});

/**
 * Announces `thoughts` committed without their index and wakes the indexer of `db`'s pool, starting it and its sweep
 * on first use (0: only wakes it, for rows no local write announced).
 */
export function notifySearchIndexer(db: Db, thoughts: number): void {
  const pool = pgPool(db);
  if (!pool) return;
  if (thoughts > 0) {
    const now = Date.now();
    state.backlog += thoughts;
    state.backlogSince ??= now;
    state.lastWriteAt = now;
  }
  if (state.pool !== pool) {
    stopSweep();
    state.pool = pool;
    state.sweep = setInterval(() => {
      if (state.pool && !state.pool.ending) notifySearchIndexer(db, 0);
      else stopSweep();
    }, SWEEP_MS);
    state.sweep.unref();
  }
  schedule(pool);
}

function stopSweep(): void {
  if (state.sweep) clearInterval(state.sweep);
  state.sweep = null;
}

/** Stops the sweep and waits for a pass in progress (before the pool closes: shutdown, tests). */
export async function stopSearchIndexer(): Promise<void> {
  stopSweep();
  state.backlog = 0;
  state.backlogSince = null;
  state.lastWriteAt = 0;
  if (state.waiting) clearTimeout(state.waiting);
  state.waiting = null;
  state.pool = null;
  await state.running;
}

/**
 * Indexes every thought written so far and returns once none is left: what a test calls between a write and a search
 * on PostgreSQL. Runs beside the background indexer without double work (SKIP LOCKED); on SQLite there is nothing to
 * wait for.
 */
export async function waitForSearchIndex(db: Db): Promise<void> {
  const pool = pgPool(db);
  if (!pool) {
    await activeWriteThread()?.flushSearchIndex(); // SQLite's write thread (search-index-sqlite.ts)
    return;
  }
  for (;;) {
    while ((await indexPass(pool)) > 0);
    const { rows } = await pool.query<{ pending: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM "Thought" WHERE "searchVector" IS NULL) AS "pending"`,
    );
    if (!rows[0]?.pending) return;
    // Rows another indexer (this process's or another instance's) has locked: done when its pass commits.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
