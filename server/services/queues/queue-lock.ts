// One writer at a time per annotation queue: every claim, heartbeat, finish, skip and add runs in a transaction that
// first locks the queue's row, so "count the open slots, then take one" can never interleave with another claim.
//   PostgreSQL: SELECT … FOR UPDATE on the queue row; other queues' claims run in parallel.
//   SQLite: the app runs one process with one better-sqlite3 connection, and @prisma/adapter-better-sqlite3 runs
//   interactive transactions on it one at a time (a mutex in its startTransaction), which already serialises claims.
//   The transaction still starts with a write (a no-op UPDATE of the queue row) so that SQLite takes its write lock
//   before reading anything: a second process on the same file then waits (busy_timeout) instead of reading a
//   snapshot it could not upgrade.
import { providerOfDb, type Db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/sqlite/client";

export type Tx = Prisma.TransactionClient;

// Ten claimers queue behind one lock for a few milliseconds each; 10 s of waiting means something is stuck.
const TX_OPTIONS = { maxWait: 10_000, timeout: 20_000 } as const;

export async function withQueueLock<T>(db: Db, queueId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const postgres = providerOfDb(db) === "postgresql";
  return db.$transaction(async (tx) => {
    if (postgres) await tx.$queryRaw`SELECT id FROM "AnnotationQueue" WHERE id = ${queueId} FOR UPDATE`;
    else await tx.$executeRaw`UPDATE "AnnotationQueue" SET "name" = "name" WHERE id = ${queueId}`;
    return fn(tx);
  }, TX_OPTIONS);
}
