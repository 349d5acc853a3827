// One write batch as one synchronous IMMEDIATE transaction on a SQLite connection: the serving thread's (Prisma's
// connection, server/ingest/commit.ts) or the write thread's own (server/ingest/write-thread.worker.ts).
// Free of Prisma, so the write thread can load it.
import type BetterSqlite3 from "better-sqlite3";
import type { Limits } from "@/lib/limits";
import { sqliteWriteStore, type SqliteStoreOptions } from "@/server/ingest/write-store-sqlite";
import { WriteBatch, type Placement, type SessionEventRef, type WriteOutcome, type WriteRequest } from "./write-batch";

export interface CommitResult {
  outcomes: WriteOutcome<Placement>[];
  /** The sessions to announce on the event bus, once the caller knows the batch committed. */
  events: SessionEventRef[];
}

export function commitOnSqlite(
  connection: BetterSqlite3.Database,
  requests: readonly WriteRequest[],
  limits: Limits,
  options?: SqliteStoreOptions,
): CommitResult {
  const batch = new WriteBatch(requests, limits);
  const store = sqliteWriteStore(connection, options);
  connection
    .transaction(() => {
      const first = batch.firstLoad();
      batch.assignSessions(first, store.firstLoad(first));
      const { sessionIds, numbers } = batch.secondLoad();
      store.write(batch.plan(store.secondLoad(sessionIds, numbers)));
    })
    .immediate();
  return batch.finish();
}
