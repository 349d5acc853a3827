// The database for a command-line tool (keys, users), migrated if it is not yet, and the way such a tool runs and
// exits. Migrating needs the schema engine's lock, which a running server's connection blocks on SQLite; so a
// database that is already up to date (the usual case: the server migrated it at start) is opened without touching
// the engine.
import { createDb, databaseUrl, type Db } from "@/server/db/client";
import { providerOf } from "@/server/db/provider";
import { applyMigrations, listMigrations } from "@/server/db/migrations";

async function appliedMigrations(db: Db): Promise<Set<string>> {
  try {
    const rows = await db.$queryRawUnsafe<{ migration_name: string }[]>(
      `SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    return new Set(rows.map((r) => r.migration_name));
  } catch {
    return new Set(); // no migrations table yet: a fresh database
  }
}

export async function openCliDb(url: string = databaseUrl()): Promise<Db> {
  const db = createDb(url);
  const applied = await appliedMigrations(db);
  if (listMigrations(providerOf(url)).every((name) => applied.has(name))) return db;
  await db.$disconnect();
  await applyMigrations(url);
  return createDb(url);
}

/** Runs `work` on the CLI database (openCliDb) and disconnects afterwards, whether it returned or threw. */
export async function withCliDb<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const db = await openCliDb();
  try {
    return await work(db);
  } finally {
    await db.$disconnect();
  }
}

/** Runs a tool's `main` and exits with the code it returns; a thrown error prints its message and exits with 1. */
export function runCli(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
