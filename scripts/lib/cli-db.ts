// The database for a command-line tool (keys, users), migrated if it is not yet. Migrating needs the schema engine's
// lock, which a running server's connection blocks on SQLite; so a database that is already up to date (the usual
// case: the server migrated it at start) is opened without touching the engine.
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
