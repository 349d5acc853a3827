// Group commit: concurrent requests queue here and are written together in one transaction, so N agents posting at
// once cost one commit (one fsync) instead of N. A plain Prisma create in a loop manages about 1,200 thoughts/s on
// this 2-core machine; see `npm run bench:ingest` for what this path does. One batch is in flight at a time per
// process, which is also what SQLite's single writer wants.
import { currentLimits } from "@/server/config";
import { rowSink } from "@/server/db/bulk-insert";
import { getDb, getDbProvider, rawSqlite } from "@/server/db/client";
import { publish } from "@/server/events/bus";
import { ensurePgRelay } from "@/server/events/pg-relay";
import { writeThoughts, type WriteOutcome, type WriteRequest } from "./write-thoughts";

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
    if (!state.running) void drain();
  });
}

async function drain(): Promise<void> {
  state.running = true;
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
      } catch {
        // One request's failure must not fail its neighbours: retry each alone so only the culprit fails.
        if (group.length === 1) {
          await commit(group).catch((error: unknown) => group[0]!.reject(error));
        } else {
          for (const p of group) await commit([p]).catch((error: unknown) => p.reject(error));
        }
      }
    }
  } finally {
    state.running = false;
  }
}

async function commit(group: Pending[]): Promise<void> {
  const all = group.flatMap((p) => p.requests);
  const { outcomes, touchedSessions } = await withRetry(() =>
    getDb().$transaction((tx) => writeThoughts(tx, rowSink(tx, getDbProvider(), rawSqlite(getDb())), all, currentLimits()), { maxWait: 30_000, timeout: 60_000 }),
  );
  publish(touchedSessions);
  let offset = 0;
  for (const p of group) {
    p.resolve(outcomes.slice(offset, offset + p.requests.length));
    offset += p.requests.length;
  }
}

/** Retries the conflicts another process can cause on PostgreSQL (deadlock, duplicate idempotency key) once. */
async function withRetry<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const text = String((error as { message?: unknown }).message ?? error);
    const code = (error as { code?: unknown }).code;
    if (code === "P2002" || /deadlock|40P01|40001|SQLITE_BUSY/i.test(text)) return fn();
    throw error;
  }
}
