// Runs write batches in one transaction on whichever database is configured. On SQLite the whole batch runs
// synchronously on one connection (server/ingest/commit-sqlite.ts): the write thread's when the server started one
// (server/ingest/write-thread.ts), else the serving thread's. On PostgreSQL it runs inside a Prisma interactive
// transaction. A write is acknowledged only after this returns, i.e. after COMMIT.
import type BetterSqlite3 from "better-sqlite3";
import type { Limits } from "@/lib/limits";
import { getDb, getDbProvider, noTransactionOpen, rawSqlite } from "@/server/db/client";
import type { BatchWrites } from "@/server/ingest/write-store";
import { prismaWriteStore } from "@/server/ingest/write-store-prisma";
import { sqliteWriteStore } from "@/server/ingest/write-store-sqlite";
import { commitOnSqlite, type CommitResult } from "./commit-sqlite";
import { WriteBatch, type WriteRequest } from "./write-batch";
import { activeWriteThread } from "./write-thread";

async function sqliteConnection(): Promise<BetterSqlite3.Database> {
  const db = getDb();
  let raw = rawSqlite(db);
  if (!raw) {
    await db.$connect();
    raw = rawSqlite(db);
    if (!raw) throw new Error("the SQLite connection is not available");
  }
  // A Prisma interactive transaction (another service's) may be open on the connection between its queries: wait
  // for it, or our statements would join it.
  await noTransactionOpen(raw);
  return raw;
}

export async function commitBatch(requests: readonly WriteRequest[], limits: Limits): Promise<CommitResult> {
  if (getDbProvider() === "sqlite") {
    const thread = activeWriteThread();
    return thread ? thread.commit(requests, limits) : commitOnSqlite(await sqliteConnection(), requests, limits);
  }
  const batch = new WriteBatch(requests, limits);
  await getDb().$transaction(
    async (tx) => {
      const store = prismaWriteStore(tx);
      const first = batch.firstLoad();
      batch.assignSessions(first, await store.firstLoad(first));
      const { sessionIds, numbers } = batch.secondLoad();
      await store.write(batch.plan(await store.secondLoad(sessionIds, numbers)));
    },
    { maxWait: 30_000, timeout: 60_000 },
  );
  return batch.finish();
}

/** Inserts prepared rows (an import) in one transaction. */
export async function commitRows(writes: BatchWrites): Promise<void> {
  if (getDbProvider() === "sqlite") {
    const raw = await sqliteConnection();
    const store = sqliteWriteStore(raw);
    raw.transaction(() => store.write(writes)).immediate();
  } else {
    await getDb().$transaction(async (tx) => prismaWriteStore(tx).write(writes), { maxWait: 30_000, timeout: 120_000 });
  }
}
