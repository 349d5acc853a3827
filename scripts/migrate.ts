// Database migrations without the native schema engine: see server/db/migrations.ts.
//
//   tsx scripts/migrate.ts deploy               apply pending migrations to DATABASE_URL (default file:./data/thoughtgraph.db)
//   tsx scripts/migrate.ts diff --name <name>   write prisma/{sqlite,postgresql}/migrations/<timestamp>_<name>/migration.sql
//                                               from the snapshot to the current schema, and update the snapshots
//   tsx scripts/migrate.ts check                exit 1 if either provider's schema differs from its snapshot (or, on
//                                               SQLite, if the migrations folder does not produce the snapshot)
//
// Run from the repo root (npm scripts do). The schemas are rendered from prisma/schema.base.prisma directly, so a
// stale prisma/<provider>/schema.prisma cannot hide a change.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import {
  applyMigrations,
  diffMigrationsToSchema,
  diffSchemas,
  listMigrations,
  LOCK_FILE,
  lockfileText,
  MIGRATION_PROVIDERS,
  migrationsDir,
  readSnapshot,
  snapshotPath,
} from "../server/db/migrations.ts";
import { databaseUrl, type DbProvider, providerOf, redactUrl } from "../server/db/provider.ts";
import { renderSchema, writeSchemas } from "./prisma-generate.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function currentSchema(provider: DbProvider): string {
  return renderSchema(fs.readFileSync(path.join(root, "prisma", "schema.base.prisma"), "utf8"), provider);
}

function snapshotText(provider: DbProvider, schema: string, migration: string): string {
  return [
    `// SNAPSHOT, DO NOT EDIT: the ${provider} schema as of migration ${migration}, written by \`npm run db:diff\``,
    `// (scripts/migrate.ts). New migrations are diffed from this file; \`scripts/migrate.ts check\` compares it to the schema.`,
    "",
    schema,
  ].join("\n");
}

function timestamp(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return (
    `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}`
  );
}

function migrationName(name: string): string {
  const slug = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  if (!slug) throw new Error("--name must contain letters or digits");
  return slug;
}

async function deploy(): Promise<void> {
  const url = databaseUrl();
  const provider = providerOf(url);
  const { applied } = await applyMigrations(url, { log: (line) => console.log(line) });
  console.log(
    applied.length
      ? `${applied.length} migration(s) applied to ${redactUrl(url)} (${provider})`
      : `${redactUrl(url)} (${provider}) is up to date`,
  );
}

async function diff(args: string[]): Promise<void> {
  const i = args.indexOf("--name");
  const rawName = i >= 0 ? args[i + 1] : args.find((a) => a.startsWith("--name="))?.slice("--name=".length);
  if (!rawName) throw new Error("usage: scripts/migrate.ts diff --name <name>");
  const name = `${timestamp()}_${migrationName(rawName)}`;

  const plans: { provider: DbProvider; schema: string; sql: string }[] = [];
  for (const provider of MIGRATION_PROVIDERS) {
    const schema = currentSchema(provider);
    const sql = await diffSchemas({ provider, from: readSnapshot(provider), to: schema });
    plans.push({ provider, schema, sql });
  }
  if (plans.every((p) => p.sql === "")) {
    console.log("No schema changes since the last migration: nothing written.");
    return;
  }
  for (const { provider, schema, sql } of plans) {
    const dir = migrationsDir(provider);
    if (listMigrations(provider).includes(name)) throw new Error(`${provider}: migration ${name} already exists`);
    fs.mkdirSync(path.join(dir, name), { recursive: true });
    // The lock file must exist before the engine reads the folder (and keeps the CLI from mixing providers).
    const lock = path.join(dir, LOCK_FILE);
    if (!fs.existsSync(lock)) fs.writeFileSync(lock, lockfileText(provider));
    fs.writeFileSync(
      path.join(dir, name, "migration.sql"),
      sql
        ? `${sql}\n`
        : `-- No ${provider} changes in this migration (kept so both providers share migration names).\n`,
    );
    fs.writeFileSync(snapshotPath(provider), snapshotText(provider, schema, name));
    console.log(`${provider}: wrote ${path.relative(root, path.join(dir, name, "migration.sql"))}`);
  }
  writeSchemas();
}

async function check(): Promise<boolean> {
  let ok = true;
  for (const provider of MIGRATION_PROVIDERS) {
    const schema = currentSchema(provider);
    const snapshot = readSnapshot(provider);
    if (snapshot === null) {
      console.error(
        `${provider}: no snapshot at ${path.relative(root, snapshotPath(provider))}; run npm run db:diff -- --name init`,
      );
      ok = false;
      continue;
    }
    const drift = await diffSchemas({ provider, from: snapshot, to: schema });
    if (drift) {
      ok = false;
      console.error(
        `${provider}: the schema differs from the last migration; run npm run db:diff -- --name <name>:\n${drift}\n`,
      );
    }
    if (!fs.existsSync(path.join(migrationsDir(provider), LOCK_FILE))) {
      ok = false;
      console.error(`${provider}: ${LOCK_FILE} is missing`);
    }
    if (provider === "sqlite") {
      // The folder itself must produce the snapshot (catches a hand-edited migration.sql). PostgreSQL cannot replay
      // migrations here (it would need a live shadow database, and introspection through adapter-pg fails).
      const replay = await diffMigrationsToSchema(snapshot);
      if (replay) {
        ok = false;
        console.error(`sqlite: the migrations folder does not produce the snapshot; missing:\n${replay}\n`);
      }
    }
  }
  const names = MIGRATION_PROVIDERS.map((p) => listMigrations(p).join(","));
  if (new Set(names).size !== 1) {
    ok = false;
    console.error(
      "The providers have different migration names:\n" +
        MIGRATION_PROVIDERS.map((p, i) => `  ${p}: ${names[i]}`).join("\n"),
    );
  }
  if (ok) console.log(`No drift: ${MIGRATION_PROVIDERS.join(" and ")} schemas match their migrations.`);
  return ok;
}

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  switch (command) {
    case "deploy":
      await deploy();
      return 0;
    case "diff":
      await diff(args);
      return 0;
    case "check":
      return (await check()) ? 0 : 1;
    default:
      console.error("usage: tsx scripts/migrate.ts deploy | diff --name <name> | check");
      return 2;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
