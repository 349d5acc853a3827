// Group commit: concurrent requests queue here and are written together in one transaction, so N agents posting at
// once cost one commit instead of N. On SQLite batches commit one after another (its single writer wants that); on
// PostgreSQL several commit at once over the pool, each on sessions, agents and idempotency keys no other batch in
// flight touches (lanes, below), so one session's thoughts commit in the order they arrived. With the write thread
// (server/ingest/write-thread.ts) a large next batch is handed over while the current one commits there, so the thread
// never waits for the serving thread to answer, and small ones gather into fewer commits (threadWait). After COMMIT
// it publishes on the event bus and hands the batch to its subscribers (after-commit.ts: the search indexer, the
// detectors), then answers. `npm run bench:ingest` measures this path.
import { currentLimits, setting } from "@/server/config";
import { isDatabaseUnavailable, retryOnConflict } from "@/server/db/db-errors";
import { databaseUrl, providerOf } from "@/server/db/provider";
import { publish } from "@/server/events/bus";
import { ensurePgRelay } from "@/server/events/pg-relay";
import { decideSession, decideThinkSession } from "@/lib/domain/session-rule";
import { committed, type WrittenThought } from "./after-commit";
import { commitBatch } from "./commit";
import { activeWriteThread, THREAD_FAILED } from "./write-thread";
import type { Placement, WriteOutcome, WriteRequest } from "./write-batch";

/** Requests merged into one transaction at most; a larger queue is drained over several. */
const MAX_BATCH = 2_000;

interface Pending {
  requests: WriteRequest[];
  /** PostgreSQL: what the requests may touch (lanesOf); computed when the group is formed. */
  lanes?: Set<string>;
  /** When it was queued (performance.now()). */
  at: number;
  resolve: (outcomes: WriteOutcome<Placement>[]) => void;
  reject: (error: unknown) => void;
}

interface WriterState {
  queue: Pending[];
  /** Requests in the queue, and in batches in flight. */
  queued: number;
  committing: number;
  /** The most requests queued or committing at once in this window of PEAK_WINDOW_MS, and in the one before. */
  peak: number;
  previousPeak: number;
  peakSince: number;
  /** PostgreSQL: the lanes of every batch in flight, with how many batches hold each. */
  busy: Map<string, number>;
  running: boolean;
  /** Wakes the drain loop once `wakeAt` requests are queued, while it waits for a batch in flight or gathers. */
  wake: (() => void) | null;
  wakeAt: number;
}

const g = globalThis as unknown as { __thoughtgraphWriter?: WriterState };
const state: WriterState = (g.__thoughtgraphWriter ??= {
  queue: [],
  queued: 0,
  committing: 0,
  peak: 0,
  previousPeak: 0,
  peakSince: 0,
  busy: new Map(),
  running: false,
  wake: null,
  wakeAt: 1,
});
/** No batch queued or committing: the detectors' background pass runs while the writer is idle. */
export const writerIdle = (): boolean => !state.running && state.queue.length === 0;

/** A request that is not an ingest event: its answer holds the full result. */
export type SingleRequest = WriteRequest & { batch?: undefined };

/**
 * Records the requests; resolves with one outcome per request once their transaction has committed: the full result
 * for a single request, the Placement for an ingest event (WriteBatch.finish).
 */
export function submitThoughts(requests: SingleRequest[]): Promise<WriteOutcome[]>;
export function submitThoughts(requests: WriteRequest[]): Promise<WriteOutcome<Placement>[]>;
export function submitThoughts(requests: WriteRequest[]): Promise<WriteOutcome<Placement>[]> {
  if (requests.length === 0) return Promise.resolve([]);
  return new Promise((resolve, reject) => {
    state.queue.push({ requests, resolve, reject, at: performance.now() });
    state.queued += requests.length;
    notePeak();
    if (!state.running) {
      // Start on the next turn of the event loop, after the I/O callbacks of this one: every request that arrived
      // in the same poll phase is queued by then and shares the commit. (Starting at once measured ~1 request per
      // batch at 32 concurrent agents, because SQLite's synchronous commit holds the loop while the rest wait.)
      state.running = true;
      setImmediate(() => void drain());
    } else if (state.queued >= state.wakeAt) {
      state.wake?.();
    }
  });
}

/**
 * Batches in flight at once: two on the write thread (it runs them in order); on PostgreSQL several, each in its own
 * transaction on its own pooled connection, on lanes no other batch in flight holds; else one.
 */
const depth = () => (activeWriteThread() ? 2 : onPostgres() ? pgCommitsInFlight() : 1);

/** THOUGHTGRAPH_PG_COMMITS_IN_FLIGHT (server/config.ts says why 2 by default), kept below DATABASE_POOL_MAX so reads
 *  find a connection. */

function pgCommitsInFlight(): number {
  return Math.min(setting("THOUGHTGRAPH_PG_COMMITS_IN_FLIGHT"), Math.max(1, setting("DATABASE_POOL_MAX") - 1));
}

let provider: "sqlite" | "postgresql" | undefined;
const onPostgres = () => (provider ??= providerOf(databaseUrl())) === "postgresql";

/** Requests in arrival order, up to MAX_BATCH (one request's events are never split). */
function takeGroup(): Pending[] {
  const group: Pending[] = [];
  let size = 0;
  while (state.queue.length > 0 && (group.length === 0 || size + state.queue[0]!.requests.length <= MAX_BATCH)) {
    const next = state.queue.shift()!;
    group.push(next);
    size += next.requests.length;
  }
  state.queued -= size;
  return group;
}

const SEP = "\u0000";

/**
 * What a request may touch, as strings: the session it names, or its agent (an implicit session is the agent's most
 * recent one). Two batches in flight at once share none, so a session's thoughts and an agent's implicit session are
 * decided in arrival order. (Correctness does not rest on this: the session row lock hands out each seq once, across
 * processes too; lanes keep the order within a process.) A session named by its id in one request and by its agent key
 * in another is two lanes: still no duplicate seq, only their relative order is not kept.
 * Idempotency keys are not lanes: a retry names the same session or agent as its first request, so their lanes keep
 * them apart already. Two different requests under one key (the second answered 409) that run at once make the second's
 * write fail on the key's unique index once the first commits, and it runs again claiming its keys (commit.ts), as when
 * the two reach different processes. A lane per key cost ~1.5 ms of this thread per 1,000-event ingest request (1,000
 * strings built, hashed, held and released).
 */
function lanesOf(p: Pending): Set<string> {
  const lanes = new Set<string>();
  let previous: { r: WriteRequest; ref: string | null } | undefined;
  for (const r of p.requests) {
    const decision = r.tool === "think" ? decideThinkSession(r.input.sessionId) : decideSession(r.input);
    const ref = decision.kind === "explicit" ? decision.ref : null;
    // An ingest request's events mostly share one session or agent: its lane is built once, not once per event.
    if (previous !== undefined && sameLane(previous.r, previous.ref, r, ref)) continue;
    lanes.add(
      ref !== null
        ? `s${SEP}${r.projectId}${SEP}${ref}`
        : `a${SEP}${r.projectId}${SEP}${r.apiKeyId ?? ""}${SEP}${r.input.metadata?.client ?? ""}`,
    );
    previous = { r, ref };
  }
  return lanes;
}

function sameLane(a: WriteRequest, aRef: string | null, b: WriteRequest, bRef: string | null): boolean {
  if (a.projectId !== b.projectId || aRef !== bRef) return false;
  return aRef !== null || (a.apiKeyId === b.apiKeyId && a.input.metadata?.client === b.input.metadata?.client);
}

/**
 * PostgreSQL: requests in arrival order, up to MAX_BATCH, whose lanes no batch in flight holds. A request left in the
 * queue holds its lanes for this pick too, so a later request on one of them cannot overtake it.
 */
function takeFreeGroup(): Pending[] {
  const group: Pending[] = [];
  const held = new Set<string>();
  let size = 0;
  const rest: Pending[] = [];
  for (const p of state.queue) {
    p.lanes ??= lanesOf(p);
    let free = size + p.requests.length <= MAX_BATCH || group.length === 0;
    for (const lane of p.lanes) {
      if (!free) break;
      if (state.busy.has(lane) || held.has(lane)) free = false;
    }
    if (free) {
      group.push(p);
      size += p.requests.length;
    } else {
      rest.push(p);
      for (const lane of p.lanes) held.add(lane);
    }
  }
  state.queue = rest;
  state.queued -= size;
  return group;
}

function hold(group: Pending[], by: number): void {
  for (const p of group) {
    for (const lane of p.lanes ?? []) {
      const n = (state.busy.get(lane) ?? 0) + by;
      if (n > 0) state.busy.set(lane, n);
      else state.busy.delete(lane);
    }
  }
}

/**
 * Group commit on the write thread. Most of a commit's cost is per commit, not per thought (BEGIN, the loads, COMMIT
 * writing the WAL pages): commitOnSqlite of thoughts to 32 sessions cost ~150–200 µs of CPU per thought one at a
 * time, ~50 in commits of 13, ~40–47 of 32, ~25–31 of 64. Posting whatever was queued the moment the thread had room
 * made commits of ~9–13 thoughts under bench:ingest's 32 single-POST agents on a quiet machine, and of ~5 when other
 * work slowed the serving thread (write thread ~95 µs of CPU per thought). So:
 *   - while a batch is in flight, a group of fewer than PIPELINE_MIN requests waits for it instead of being posted
 *     behind it, and the requests that arrive while it commits join the group. A larger group (an ingest request) is
 *     posted at once, so between large batches the thread never waits for the serving thread;
 *   - with the thread free, a small group waits up to GATHER_MS (from its oldest request) for as many requests as
 *     were recently queued or committing at once: an agent writing alone never waits, concurrent agents share a
 *     commit, and no request waits more than GATHER_MS for others.
 * Measured (bench:ingest single, load 5–6, alternating): ~16 thoughts per commit against ~5, write thread 61–71 µs
 * of CPU per thought against 92–97, serving thread 87–100 against 103–111, p99 36 ms against 50–52.
 */
const PIPELINE_MIN = 64;
const GATHER_MS = 1;
/** How long a peak of concurrent requests is remembered: the peak of this window and the one before count. */
const PEAK_WINDOW_MS = 100;

function notePeak(): void {
  const now = performance.now();
  if (now - state.peakSince > PEAK_WINDOW_MS) {
    state.previousPeak = state.peak;
    state.peak = 0;
    state.peakSince = now;
  }
  state.peak = Math.max(state.peak, state.queued + state.committing);
}

/** Whether the queue waits before a batch goes to the write thread: null to post now, or how many queued requests
 *  end the wait and how long the drain loop sleeps at most (0: until the batch in flight is answered). */
function threadWait(inFlight: number): { wakeAt: number; ms: number } | null {
  if (state.queued >= PIPELINE_MIN) return null;
  if (inFlight > 0) return { wakeAt: PIPELINE_MIN, ms: 0 };
  const target = Math.min(PIPELINE_MIN, Math.max(state.peak, state.previousPeak));
  const left = GATHER_MS - (performance.now() - state.queue[0]!.at);
  return state.queued < target && left > 0 ? { wakeAt: target, ms: left } : null;
}

async function drain(): Promise<void> {
  const inFlight = new Set<Promise<void>>();
  try {
    await ensurePgRelay();
    for (;;) {
      let gatherMs = 0;
      state.wakeAt = 1;
      while (state.queue.length > 0 && inFlight.size < depth()) {
        if (activeWriteThread()) {
          const wait = threadWait(inFlight.size);
          if (wait !== null) {
            ({ wakeAt: state.wakeAt, ms: gatherMs } = wait);
            break;
          }
        }
        const group = onPostgres() ? takeFreeGroup() : takeGroup();
        if (group.length === 0) break; // every queued request waits for a lane a batch in flight holds
        hold(group, 1);
        const size = group.reduce((n, p) => n + p.requests.length, 0);
        state.committing += size;
        const run: Promise<void> = commitGroup(group).finally(() => {
          state.committing -= size;
          hold(group, -1);
          inFlight.delete(run);
        });
        inFlight.add(run);
      }
      if (inFlight.size === 0 && gatherMs === 0) break;
      const arrival = new Promise<void>((resolve) => (state.wake = resolve));
      const timer = gatherMs > 0 ? setTimeout(() => state.wake?.(), gatherMs) : undefined;
      await Promise.race([...inFlight, arrival]);
      clearTimeout(timer);
      state.wake = null;
      // Let the requests that arrived meanwhile (in this poll phase) queue up, so they share the next batch.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    state.running = false;
    state.wake = null;
  }
}

async function commitGroup(group: Pending[]): Promise<void> {
  try {
    await commit(group);
  } catch (error) {
    // One request's failure must not fail its neighbours: retry each alone so only the culprit fails. Not when the
    // write thread died mid-batch or the database connection was lost: the batch may have committed, and a retry
    // would write it twice (the client retries with its idempotency key instead, told so by the 503).
    if (group.length === 1 || (error as { code?: unknown }).code === THREAD_FAILED || isDatabaseUnavailable(error)) {
      for (const p of group) p.reject(error);
    } else {
      for (const p of group) await commit([p]).catch((e: unknown) => p.reject(e));
    }
  }
}

async function commit(group: Pending[]): Promise<void> {
  const all = group.flatMap((p) => p.requests);
  const startedAt = Date.now();
  const { outcomes, events } = await retryOnConflict(() => commitBatch(all, currentLimits()), {
    alsoUnique: true,
  });
  publish(events);
  let thoughtCount = 0;
  for (const o of outcomes) if (o.status === 201) thoughtCount++;
  committed({
    events,
    thoughtCount,
    projectIds: new Set(events.map((e) => e.projectId)),
    written: () => written(all, outcomes),
    startedAt,
  });
  let offset = 0;
  for (const p of group) {
    p.resolve(outcomes.slice(offset, offset + p.requests.length));
    offset += p.requests.length;
  }
}

/** The thoughts a batch wrote (replays and failures excluded), with their text for the detectors. */
function written(all: WriteRequest[], outcomes: WriteOutcome<Placement>[]): WrittenThought[] {
  return outcomes.flatMap((o, i) =>
    o.status === 201 && o.result
      ? [
          {
            projectId: all[i]!.projectId,
            sessionId: o.result.sessionId,
            thoughtId: o.result.thoughtId,
            text: all[i]!.input.thought,
          },
        ]
      : [],
  );
}
