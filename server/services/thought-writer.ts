// Group commit: concurrent requests queue here and are written together in one transaction, so N agents posting at
// once cost one commit instead of N. One batch is in flight at a time per process, which is also what SQLite's
// single writer wants. `npm run bench:ingest` measures this path.
import { currentLimits } from "@/server/config";
import { publish } from "@/server/events/bus";
import { ensurePgRelay } from "@/server/events/pg-relay";
import { commitBatch } from "./commit";
import type { WriteOutcome, WriteRequest } from "./write-batch";

/** Requests merged into one transaction at most; a larger queue is drained over several. */
const MAX_BATCH = 2_000;

interface Pending {
  requests: WriteRequest[];
  resolve: (outcomes: WriteOutcome[]) => void;
  reject: (error: unknown) => void;
}

interface WriterState {
  queue: Pending[];
  running: boolean;
}

const g = globalThis as unknown as { __thoughtgraphWriter?: WriterState };
const state: WriterState = (g.__thoughtgraphWriter ??= { queue: [], running: false });

/** Records the requests; resolves with one outcome per request once their transaction has committed. */
export function submitThoughts(requests: WriteRequest[]): Promise<WriteOutcome[]> {
  if (requests.length === 0) return Promise.resolve([]);
  return new Promise((resolve, reject) => {
    state.queue.push({ requests, resolve, reject });
    if (!state.running) {
      // Start on the next turn of the event loop, after the I/O callbacks of this one: every request that arrived
      // in the same poll phase is queued by then and shares the commit. (Starting at once measured ~1 request per
      // batch at 32 concurrent agents, because SQLite's synchronous commit holds the loop while the rest wait.)
      state.running = true;
      setImmediate(() => void drain());
    }
  });
}

async function drain(): Promise<void> {
  try {
    await ensurePgRelay();
    while (state.queue.length > 0) {
      const group: Pending[] = [];
      let size = 0;
      while (state.queue.length > 0 && (group.length === 0 || size + state.queue[0]!.requests.length <= MAX_BATCH)) {
        const next = state.queue.shift()!;
        group.push(next);
        size += next.requests.length;
      }
      try {
        await commit(group);
      } catch (error) {
        // One request's failure must not fail its neighbours: retry each alone so only the culprit fails.
        if (group.length === 1) group[0]!.reject(error);
        else for (const p of group) await commit([p]).catch((e: unknown) => p.reject(e));
      }
      // Let the requests that arrived during the commit queue up, so they share the next one.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    state.running = false;
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
