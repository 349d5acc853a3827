// Group commit: concurrent requests queue here and are written together in one transaction, so N agents posting at
// once cost one commit instead of N. Batches commit one after another (SQLite's single writer wants that, and
// PostgreSQL's batches then never wait on each other's locks). With the write thread (server/ingest/write-thread.ts)
// the next batch is handed over while the current one commits there, so the thread never waits for the serving
// thread to answer. `npm run bench:ingest` measures this path.
import { currentLimits } from "@/server/config";
import { publish } from "@/server/events/bus";
import { ensurePgRelay } from "@/server/events/pg-relay";
import { commitBatch } from "./commit";
import { activeWriteThread, THREAD_FAILED } from "./write-thread";
import type { Placement, WriteOutcome, WriteRequest } from "./write-batch";

/** Requests merged into one transaction at most; a larger queue is drained over several. */
const MAX_BATCH = 2_000;

interface Pending {
  requests: WriteRequest[];
  resolve: (outcomes: WriteOutcome<Placement>[]) => void;
  reject: (error: unknown) => void;
}

interface WriterState {
  queue: Pending[];
  running: boolean;
  /** Wakes the drain loop when a request arrives while it waits for a batch in flight. */
  wake: (() => void) | null;
}

const g = globalThis as unknown as { __thoughtgraphWriter?: WriterState };
const state: WriterState = (g.__thoughtgraphWriter ??= { queue: [], running: false, wake: null });

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
    state.queue.push({ requests, resolve, reject });
    if (!state.running) {
      // Start on the next turn of the event loop, after the I/O callbacks of this one: every request that arrived
      // in the same poll phase is queued by then and shares the commit. (Starting at once measured ~1 request per
      // batch at 32 concurrent agents, because SQLite's synchronous commit holds the loop while the rest wait.)
      state.running = true;
      setImmediate(() => void drain());
    } else {
      state.wake?.();
    }
  });
}

/** Batches in flight at once: two on the write thread (it runs them in order), else one. */
const depth = () => (activeWriteThread() ? 2 : 1);

/** Requests in arrival order, up to MAX_BATCH (one request's events are never split). */
function takeGroup(): Pending[] {
  const group: Pending[] = [];
  let size = 0;
  while (state.queue.length > 0 && (group.length === 0 || size + state.queue[0]!.requests.length <= MAX_BATCH)) {
    const next = state.queue.shift()!;
    group.push(next);
    size += next.requests.length;
  }
  return group;
}

async function drain(): Promise<void> {
  const inFlight = new Set<Promise<void>>();
  try {
    await ensurePgRelay();
    for (;;) {
      while (state.queue.length > 0 && inFlight.size < depth()) {
        const run: Promise<void> = commitGroup(takeGroup()).finally(() => inFlight.delete(run));
        inFlight.add(run);
      }
      if (inFlight.size === 0) break;
      const arrival = new Promise<void>((resolve) => (state.wake = resolve));
      await Promise.race([...inFlight, arrival]);
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
    // write thread died mid-batch: the batch may have committed, and a retry would write it twice.
    if (group.length === 1 || (error as { code?: unknown }).code === THREAD_FAILED) {
      for (const p of group) p.reject(error);
    } else {
      for (const p of group) await commit([p]).catch((e: unknown) => p.reject(e));
    }
  }
}

async function commit(group: Pending[]): Promise<void> {
  const all = group.flatMap((p) => p.requests);
  const { outcomes, events } = await withRetry(() => commitBatch(all, currentLimits()));
  publish(events);
  let offset = 0;
  for (const p of group) {
    p.resolve(outcomes.slice(offset, offset + p.requests.length));
    offset += p.requests.length;
  }
}

/** Retries once what another process can cause on PostgreSQL: a deadlock, or a duplicate idempotency key. */
async function withRetry<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const text = String((error as { message?: unknown }).message ?? error);
    const code = (error as { code?: unknown }).code;
    if (code === "P2002" || /deadlock|40P01|40001|unique constraint/i.test(text)) return fn();
    throw error;
  }
}
