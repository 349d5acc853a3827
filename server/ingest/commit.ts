// Runs write batches in one transaction on whichever database is configured. On SQLite the whole batch runs
// synchronously on one connection (server/ingest/commit-sqlite.ts): the write thread's when the server started one
// (server/ingest/write-thread.ts), else the serving thread's. On PostgreSQL it runs on one connection of the pool
// Prisma shares with us, between BEGIN and COMMIT (server/ingest/write-store-pg.ts says why not through Prisma). A
// write is acknowledged only after this returns, i.e. after COMMIT.
import type BetterSqlite3 from "better-sqlite3";
import type pg from "pg";
import type { Limits } from "@/lib/limits";
import { isUniqueViolation } from "@/server/db/db-errors";
import { getDb, getDbProvider, noTransactionOpen, pgPool, rawSqlite, type Db } from "@/server/db/client";
import type { BatchWrites } from "@/server/ingest/write-store";
import { pgWriteStore, type PgKeyMode } from "@/server/ingest/write-store-pg";
import { sqliteWriteStore } from "@/server/ingest/write-store-sqlite";
import { commitOnSqlite, type CommitResult } from "./commit-sqlite";
import { inPgTransaction } from "./pg-transaction";
import { notifySearchIndexer, searchIndexBehind } from "./search-indexer";
import { WriteBatch, type WriteRequest } from "./write-batch";
import { activeWriteThread } from "./write-thread";

/** The better-sqlite3 connection behind a SQLite client (Prisma runs every query of the client on it), once no
 *  transaction is open on it. */
export async function sqliteConnection(db: Db = getDb()): Promise<BetterSqlite3.Database> {
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
  // A batch's idempotency keys are first inserted with its rows, on the bet that they are new (a retry is rare): one
  // round trip and one key-index probe fewer than claiming them first. A key already taken fails the write statement
  // on the key's unique index, and a request with a key that the plan refuses may be the retry of one that was
  // written; either way the batch runs again, claiming its keys before it plans (write-store-pg.ts PgKeyMode).
  const hasKeys = requests.some((r) => r.idempotencyKey !== null);
  if (!hasKeys) return commitOnPg(requests, limits, "claim");
  try {
    return await commitOnPg(requests, limits, "insert");
  } catch (error) {
    if (!(error instanceof KeysToClaim) && !isUniqueViolation(error)) throw error;
    return commitOnPg(requests, limits, "claim");
  }
}

/** Rolls back a batch planned without its keys looked up, to run it again claiming them (commitBatch). */
class KeysToClaim extends Error {}

async function commitOnPg(requests: readonly WriteRequest[], limits: Limits, keys: PgKeyMode): Promise<CommitResult> {
  const batch = new WriteBatch(requests, limits);
  await inSharedPgTransaction(async (client) => {
    const store = pgWriteStore(client, keys);
    const first = batch.firstLoad();
    batch.assignSessions(first, await store.firstLoad(first));
    const { sessionIds, numbers } = batch.secondLoad();
    const writes = batch.plan(await store.secondLoad(sessionIds, numbers));
    if (keys === "insert" && batch.refusedWithKey()) throw new KeysToClaim();
    writes.indexSearch = searchIndexBehind();
    await store.write(writes);
  });
  return batch.finish();
}

/** `inPgTransaction` on the shared pool. */
function inSharedPgTransaction(fn: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  const pool = pgPool(getDb());
  if (!pool) throw new Error("the PostgreSQL pool is not available");
  return inPgTransaction(pool, fn);
}

/** Inserts prepared rows (an import) in one transaction. */
export async function commitRows(writes: BatchWrites): Promise<void> {
  if (getDbProvider() === "sqlite") {
    const raw = await sqliteConnection();
    const store = sqliteWriteStore(raw);
    raw.transaction(() => store.write(writes)).immediate();
  } else {
    await inSharedPgTransaction(async (client) => pgWriteStore(client).write(writes));
    notifySearchIndexer(getDb(), writes.thoughts.length);
  }
}
