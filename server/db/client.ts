// Server-only: the Prisma client for SQLite (default, embedded) or PostgreSQL, chosen by the DATABASE_URL scheme.
//
// Both generated clients come from the same base schema, so they are structurally identical; the app is typed against
// the SQLite one (`Db`). Import model types from '@/server/db/generated/sqlite/client.ts' (type-only imports are
// fine anywhere on the server); never import the postgresql client directly.
import "@/server/server-only";
import fs from "node:fs";
import path from "node:path";

import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import type BetterSqlite3 from "better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import type { SqlDriverAdapter, SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";

import { PrismaClient as PgPrismaClient } from "./generated/postgresql/client.ts";
import { PrismaClient } from "./generated/sqlite/client.ts";
import { DEFAULT_POOL_MAX, setting } from "../config.ts";
import { type DbProvider, databaseUrl, providerOf, sqlitePath } from "./provider.ts";
import { SQLITE_PRAGMAS } from "./sqlite-settings.ts";

export { DEFAULT_DATABASE_URL, databaseUrl, providerOf, redactUrl, type DbProvider } from "./provider.ts";
export { Prisma } from "./generated/sqlite/client.ts";

export type Db = PrismaClient;

interface SqliteHandle {
  current: BetterSqlite3.Database | null;
}
// On globalThis like the singleton below: the production server loads this module twice (Next's bundle, and the
// agent fast path through tsx), and whichever copy created the shared client must be able to find its connection.
const globalForHandles = globalThis as typeof globalThis & { __thoughtgraphSqliteHandles?: WeakMap<Db, SqliteHandle> };
const sqliteHandles = (globalForHandles.__thoughtgraphSqliteHandles ??= new WeakMap<Db, SqliteHandle>());

const globalForPools = globalThis as typeof globalThis & { __thoughtgraphPgPools?: WeakMap<Db, pg.Pool> };
const pgPools = (globalForPools.__thoughtgraphPgPools ??= new WeakMap<Db, pg.Pool>());

/**
 * The pg pool behind a PostgreSQL client (null for SQLite). Prisma's queries and the thought write path
 * (server/ingest/write-store-pg.ts) share its connections, so the connection budget stays DATABASE_POOL_MAX. The
 * write path goes around Prisma because a round trip through it cost 2.06 ms against 0.53 ms through pg directly
 * (2,000 sequential SELECTs in one transaction, same server, same run), and a batch makes a dozen of them.
 */
export function pgPool(db: Db): pg.Pool | null {
  return pgPools.get(db) ?? null;
}

/**
 * The better-sqlite3 connection behind a SQLite client (null for PostgreSQL, or before the first query). Prisma runs
 * every query and transaction of this client on that one connection, so statements run on it from inside a
 * `db.$transaction` callback belong to that transaction. Used only where Prisma's per-row cost matters
 * (server/ingest/write-store-sqlite.ts).
 */
export function rawSqlite(db: Db): BetterSqlite3.Database | null {
  return sqliteHandles.get(db)?.current ?? null;
}

/**
 * @prisma/adapter-better-sqlite3 has no option for pragmas (only better-sqlite3's constructor options), so wrap its
 * factory and run them on every connection it opens, before Prisma sends any query.
 */
function sqliteAdapterFactory(url: string, handle: SqliteHandle): SqlDriverAdapterFactory {
  const file = sqlitePath(url);
  if (file !== ":memory:" && file !== "") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const inner = new PrismaBetterSqlite3({ url: `file:${file}`, timeout: 5000 });
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    connect: async (): Promise<SqlDriverAdapter> => {
      const adapter = await inner.connect();
      await adapter.executeScript(SQLITE_PRAGMAS.map((p) => `${p};`).join("\n"));
      // The adapter keeps its better-sqlite3 connection in `client`; the hot write path reuses it (see rawSqlite).
      const client = (adapter as unknown as { client?: BetterSqlite3.Database }).client ?? null;
      handle.current = client;
      if (!client) return adapter;
      immediateTransactions(client);
      return withBindLimit(outsideTransactions(adapter, client));
    },
  };
}

/**
 * Prisma assumes SQLite's historical limit of 999 bound values per statement and refuses larger queries (P2029), but
 * the SQLite bundled with better-sqlite3 allows 32,766 (SQLITE_MAX_VARIABLE_NUMBER's default since 3.32). Say so, so
 * an `id: { in: [...] }` of a few thousand ids (the sessions list's full-text matches) runs.
 */
const SQLITE_MAX_VARIABLES = 32_766;
function withBindLimit(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const info = adapter.getConnectionInfo?.bind(adapter);
  adapter.getConnectionInfo = () => ({
    ...(info?.() ?? { supportsRelationJoins: false }),
    maxBindValues: SQLITE_MAX_VARIABLES,
  });
  return adapter;
}

/**
 * The adapter opens interactive transactions with a deferred BEGIN. With a second writer on the file (the write
 * thread, server/ingest/write-thread.ts, or another process), a transaction that reads and then writes would fail
 * at once with SQLITE_BUSY when the other writer commits in between. BEGIN IMMEDIATE takes the write lock first, so
 * the transaction waits its turn (busy_timeout) instead.
 */
function immediateTransactions(client: BetterSqlite3.Database): void {
  const prepare = client.prepare.bind(client);
  const immediate = (source: string) => prepare(source === "BEGIN" ? "BEGIN IMMEDIATE" : source);
  client.prepare = immediate as typeof client.prepare;
}

/**
 * Resolves once no transaction is open on a SQLite connection (checked every event-loop turn). The caller must run its
 * statement in the same tick it resumes, so nothing can begin in between.
 */
export async function noTransactionOpen(client: BetterSqlite3.Database): Promise<void> {
  while (client.inTransaction) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * Every query and transaction of a SQLite client shares one connection. The adapter runs interactive transactions one
 * at a time, but a plain query sent while one is open would run inside it: rolled back with it if it fails (a write
 * acknowledged, then lost) and seeing its uncommitted rows. So plain queries wait until no transaction is open on
 * the connection. The check and the statement run in the same tick (the adapter executes synchronously), so nothing
 * can begin in between. A plain query issued from inside a transaction's own callback would wait for ever: use the
 * callback's `tx`, never the outer client, in there (the transaction's timeout then reports it).
 */
function outsideTransactions(adapter: SqlDriverAdapter, client: BetterSqlite3.Database): SqlDriverAdapter {
  const queryRaw: SqlDriverAdapter["queryRaw"] = async (query) => {
    if (client.inTransaction) await noTransactionOpen(client);
    return adapter.queryRaw(query);
  };
  const executeRaw: SqlDriverAdapter["executeRaw"] = async (query) => {
    if (client.inTransaction) await noTransactionOpen(client);
    return adapter.executeRaw(query);
  };
  return new Proxy(adapter, {
    get(target, prop, receiver) {
      if (prop === "queryRaw") return queryRaw;
      if (prop === "executeRaw") return executeRaw;
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export { DEFAULT_POOL_MAX };

const poolSize = () => setting("DATABASE_POOL_MAX");

/**
 * A new Prisma client for `url` (default: DATABASE_URL or file:./data/thoughtgraph.db). The database must already be
 * migrated (server/db/migrations.ts). The caller owns it: `await db.$disconnect()` when done.
 */
export function createDb(url: string = databaseUrl()): Db {
  const provider = providerOf(url);
  if (provider === "sqlite") {
    const handle: SqliteHandle = { current: null };
    const db = new PrismaClient({ adapter: sqliteAdapterFactory(url, handle) });
    sqliteHandles.set(db, handle);
    return db;
  }
  const pool = new pg.Pool({ connectionString: url, max: poolSize() });
  pool.on("error", (error) => console.error("[db] postgres pool error:", error.message));
  // disposeExternalPool: $disconnect() ends the pool, as it did when the adapter made its own.
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  // Same schema, same generated API: only the provider differs.
  const db = new PgPrismaClient({ adapter }) as unknown as Db;
  pgPools.set(db, pool);
  return db;
}

interface DbSingleton {
  db: Db;
  provider: DbProvider;
  url: string;
}

const globalForDb = globalThis as typeof globalThis & { __thoughtgraphDb?: DbSingleton };

function singleton(): DbSingleton {
  if (!globalForDb.__thoughtgraphDb) {
    const url = databaseUrl();
    globalForDb.__thoughtgraphDb = { db: createDb(url), provider: providerOf(url), url };
  }
  return globalForDb.__thoughtgraphDb;
}

/** The process-wide client (kept on globalThis, so it survives Next dev hot reloads). */
export function getDb(): Db {
  return singleton().db;
}

/** The provider behind getDb(), for code paths that differ (e.g. SQLite's single writer vs PostgreSQL locks). */
/** The database behind a client (tests run SQLite and PostgreSQL clients side by side in one process). */
export function providerOfDb(db: Db): DbProvider {
  return sqliteHandles.has(db) ? "sqlite" : "postgresql";
}

/** An interactive transaction whose callback gets the full client type, so services take `Db` either way. */
export function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>, options?: { maxWait?: number; timeout?: number }) {
  return db.$transaction(async (tx) => fn(tx as unknown as Db), options);
}

export function getDbProvider(): DbProvider {
  return singleton().provider;
}

/** Disconnects and forgets the singleton (shutdown, tests); the next getDb() connects again. */
export async function closeDb(): Promise<void> {
  const current = globalForDb.__thoughtgraphDb;
  globalForDb.__thoughtgraphDb = undefined;
  await current?.db.$disconnect();
}
