// Migrations and the Prisma client against real databases: a SQLite file and a throwaway PostgreSQL 15 cluster.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDb, type Db, providerOf } from "@/server/db/client";
import { applyMigrations, listMigrations, migrationsDir, SQLITE_FTS_TABLES } from "@/server/db/migrations";
import { freshPgUrl } from "@/test/support/pg";
import { freshSqliteUrl } from "@/test/support/sqlite-file";

const execFileAsync = promisify(execFile);

const TABLES = [
  "AnnotationQueue",
  "ApiKey",
  "Branch",
  "Comment",
  "IngestEvent",
  "IngestKey",
  "Invitation",
  "Judge",
  "JudgeAutoSeen",
  "JudgeJob",
  "JudgeRun",
  "JudgeSettings",
  "JudgeUsage",
  "Judgment",
  "LoginFailure",
  "LoginSession",
  "Membership",
  "Memory",
  "MemoryLink",
  "MemorySearchKey",
  "ModelConnection",
  "OAuthClient",
  "OAuthCode",
  "OAuthGrant",
  "OAuthToken",
  "PasswordReset",
  "Project",
  "ProjectReasoningSettings",
  "QueueItem",
  "QueueMember",
  "QueueReview",
  "Score",
  "ScoreConfig",
  "SessionHealth",
  "SessionSearchKey",
  "ShareLink",
  "ThinkingSession",
  "Thought",
  "ThoughtAssessment",
  "ThoughtSearchKey",
  "ThoughtVersion",
  "User",
  "_prisma_migrations",
];
/** SQLite also lists its FTS5 tables and their shadow tables (server/db/migrations.ts). */
const SQLITE_TABLES = [...TABLES, ...SQLITE_FTS_TABLES].sort();

function checksums(provider: "sqlite" | "postgresql"): Record<string, string> {
  return Object.fromEntries(
    listMigrations(provider).map((name) => [
      name,
      createHash("sha256")
        .update(fs.readFileSync(path.join(migrationsDir(provider), name, "migration.sql")))
        .digest("hex"),
    ]),
  );
}

/** Create a project and a session with JSON and DateTime fields, read them back, check the types survive. */
async function roundTrip(db: Db): Promise<void> {
  const id = `p_${Date.now()}`;
  const created = await db.project.create({ data: { id, slug: `slug-${id}`, name: "Round trip" } });
  expect(created.createdAt).toBeInstanceOf(Date);

  const read = await db.project.findUniqueOrThrow({ where: { id } });
  expect(read).toEqual(created);

  const metadata = { nested: { list: [1, "two", null, true] }, n: 1.5 };
  const lastActivityAt = new Date("2026-01-02T03:04:05.678Z");
  await db.thinkingSession.create({
    data: { id: `s_${id}`, projectId: id, key: "agent-key", metadata, lastActivityAt },
  });
  const session = await db.thinkingSession.findFirstOrThrow({
    where: { projectId: id, lastActivityAt: { gte: new Date("2026-01-01T00:00:00Z") } },
    include: { project: true },
  });
  expect(session.metadata).toEqual(metadata);
  expect(session.lastActivityAt).toEqual(lastActivityAt);
  expect(session.project.slug).toBe(`slug-${id}`);

  // Unique (projectId, key) is enforced: P2002.
  await expect(
    db.thinkingSession.create({ data: { id: `s2_${id}`, projectId: id, key: "agent-key" } }),
  ).rejects.toMatchObject({ code: "P2002" });

  // Foreign keys are enforced (on SQLite only with PRAGMA foreign_keys = ON).
  await expect(
    db.thinkingSession.create({ data: { id: `s3_${id}`, projectId: "no-such-project" } }),
  ).rejects.toMatchObject({ code: "P2003" });

  // Cascading delete: a session takes its thoughts and what hangs on them (on PostgreSQL by a trigger, not a key:
  // migration 20261126190000_thought_session_key_to_trigger), and leaves other sessions' thoughts be.
  await db.thinkingSession.create({ data: { id: `s4_${id}`, projectId: id, key: "other-agent" } });
  const thought = (n: number, sessionId: string) => ({
    id: `t${n}_${id}`,
    projectId: id,
    sessionId,
    seq: n,
    thoughtNumber: n,
    totalThoughts: 2,
    text: `thought ${n}`,
    nextThoughtNeeded: n < 2,
  });
  await db.thought.createMany({ data: [thought(1, `s_${id}`), thought(2, `s_${id}`), thought(3, `s4_${id}`)] });
  await db.thoughtVersion.create({ data: { id: `v_${id}`, thoughtId: `t1_${id}`, version: 1, snapshot: {} } });
  await db.thinkingSession.delete({ where: { id: `s_${id}` } });
  expect((await db.thought.findMany({ where: { projectId: id } })).map((t) => t.id)).toEqual([`t3_${id}`]);
  expect(await db.thoughtVersion.count({ where: { id: `v_${id}` } })).toBe(0);

  await db.project.delete({ where: { id } });
  expect(await db.thinkingSession.count({ where: { projectId: id } })).toBe(0);
  expect(await db.thought.count({ where: { projectId: id } })).toBe(0);
}

describe("migration folders", () => {
  it("exist for both providers with the same migration names and a lock file", () => {
    const sqlite = listMigrations("sqlite");
    expect(sqlite.length).toBeGreaterThan(0);
    expect(listMigrations("postgresql")).toEqual(sqlite);
    for (const provider of ["sqlite", "postgresql"] as const) {
      expect(fs.readFileSync(path.join(migrationsDir(provider), "migration_lock.toml"), "utf8")).toContain(
        `provider = "${provider}"`,
      );
    }
  });

  it("match their schemas: `scripts/migrate.ts check` finds no drift for either provider", async () => {
    const tsx = path.join(process.cwd(), "node_modules", ".bin", "tsx");
    const { stdout } = await execFileAsync(tsx, ["scripts/migrate.ts", "check"], { cwd: process.cwd() });
    expect(stdout).toContain("No drift");
  });
});

describe("SQLite", () => {
  let url: string;
  let db: Db | undefined;

  beforeAll(() => {
    // A parent directory that does not exist yet: applyMigrations creates it.
    url = freshSqliteUrl("migrations").replace(/db\.sqlite$/, "nested/dir/db.sqlite");
    expect(providerOf(url)).toBe("sqlite");
  });

  afterAll(async () => {
    await db?.$disconnect();
  });

  it("applies every migration to a fresh file and creates the tables", async () => {
    const { applied } = await applyMigrations(url);
    expect(applied).toEqual(listMigrations("sqlite"));

    const file = url.slice("file:".length);
    const raw = new Database(file, { readonly: true });
    try {
      const tables = raw
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        .all()
        .map((row) => (row as { name: string }).name);
      expect(tables).toEqual(SQLITE_TABLES);
      const rows = raw
        .prepare("SELECT migration_name, checksum, finished_at FROM _prisma_migrations ORDER BY migration_name")
        .all() as { migration_name: string; checksum: string; finished_at: unknown }[];
      expect(Object.fromEntries(rows.map((r) => [r.migration_name, r.checksum]))).toEqual(checksums("sqlite"));
      expect(rows.every((r) => r.finished_at !== null)).toBe(true);
    } finally {
      raw.close();
    }
  });

  it("a second apply is a no-op", async () => {
    expect(await applyMigrations(url)).toEqual({ applied: [] });
  });

  it("round-trips through createDb with WAL, foreign keys and busy_timeout set", async () => {
    db = createDb(url);
    const pragma = async (name: string) =>
      Object.values((await db!.$queryRawUnsafe<Record<string, unknown>[]>(`PRAGMA ${name}`))[0] ?? {})[0];
    expect(String(await pragma("journal_mode")).toLowerCase()).toBe("wal");
    expect(Number(await pragma("foreign_keys"))).toBe(1);
    expect(Number(await pragma("synchronous"))).toBe(1); // NORMAL
    expect(Number(await pragma("busy_timeout"))).toBe(5000);
    await roundTrip(db);
  });
});

describe("PostgreSQL", () => {
  let url: string;
  let db: Db | undefined;

  beforeAll(async () => {
    url = await freshPgUrl("migrations");
    expect(providerOf(url)).toBe("postgresql");
  });

  afterAll(async () => {
    await db?.$disconnect();
  });

  it("applies every migration to a fresh database and creates the tables", async () => {
    const { applied } = await applyMigrations(url);
    expect(applied).toEqual(listMigrations("postgresql"));

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const tables = await client.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
      );
      expect(tables.rows.map((r) => r.table_name)).toEqual(TABLES);
      const rows = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
        "SELECT migration_name, checksum, finished_at FROM _prisma_migrations ORDER BY migration_name",
      );
      expect(Object.fromEntries(rows.rows.map((r) => [r.migration_name, r.checksum]))).toEqual(checksums("postgresql"));
      expect(rows.rows.every((r) => r.finished_at !== null)).toBe(true);
      // The logged request bodies are json text (not parsed into jsonb), compressed with lz4 (this server is built
      // with it), not the default pglz.
      const compression = await client.query<{ attname: string; attcompression: string; type: string }>(
        `SELECT attname, attcompression, format_type(atttypid, atttypmod) AS type FROM pg_attribute
          WHERE attrelid = '"IngestEvent"'::regclass AND attname IN ('body', 'result') ORDER BY attname`,
      );
      expect(compression.rows).toEqual([
        { attname: "body", attcompression: "l", type: "json" },
        { attname: "result", attcompression: "l", type: "json" },
      ]);
      // Thought has no foreign key to its session here (a delete trigger instead; roundTrip deletes through it).
      const keys = await client.query<{ conname: string }>(
        `SELECT conname FROM pg_constraint WHERE conrelid = '"Thought"'::regclass AND contype = 'f'
            AND confrelid = '"ThinkingSession"'::regclass`,
      );
      expect(keys.rows.map((r) => r.conname)).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it("a second apply is a no-op", async () => {
    expect(await applyMigrations(url)).toEqual({ applied: [] });
  });

  it("round-trips through createDb", async () => {
    db = createDb(url);
    await roundTrip(db);
  });
});

/** The repo roots rootBefore made, removed after the file's tests. */
const madeRoots: string[] = [];
afterAll(() => {
  for (const root of madeRoots) fs.rmSync(root, { recursive: true, force: true });
});

/**
 * A repo root whose migrations stop before `name` (the lock file and the earlier folders copied), so a database can
 * be brought to the state a real install had before that migration.
 */
function rootBefore(provider: "sqlite" | "postgresql", name: string): string {
  const root = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), "tg-migrations-"));
  madeRoots.push(root);
  const from = migrationsDir(provider);
  const to = migrationsDir(provider, { root });
  fs.mkdirSync(to, { recursive: true });
  fs.copyFileSync(path.join(from, "migration_lock.toml"), path.join(to, "migration_lock.toml"));
  for (const m of listMigrations(provider).filter((m) => m < name)) {
    fs.cpSync(path.join(from, m), path.join(to, m), { recursive: true });
  }
  return root;
}

describe.each(["sqlite", "postgresql"] as const)("upgrading %s across ingest_keys", (provider) => {
  it("moves every idempotency key to IngestKey, so a key used before the upgrade still answers its first result", async () => {
    const name = listMigrations(provider).find((m) => m.endsWith("_ingest_keys"))!;
    const url = provider === "sqlite" ? freshSqliteUrl("upgrade") : await freshPgUrl("upgrade");
    await applyMigrations(url, { root: rootBefore(provider, name) });
    const result = { thoughtId: "t-1", sessionId: "s-1", thoughtNumber: 1 };
    const insert = `INSERT INTO "IngestEvent" ("id", "projectId", "idempotencyKey", "kind", "body", "status", "result")
      VALUES ('e-1', 'p-1', 'key-1', 'thought', '{}', 201, '${JSON.stringify(result)}'),
             ('e-2', 'p-1', NULL, 'revise', '{}', 200, '{}')`;
    const project = `INSERT INTO "Project" ("id", "name", "slug") VALUES ('p-1', 'P', 'p-1')`;
    if (provider === "sqlite") {
      const raw = new Database(url.slice("file:".length));
      raw.exec(`${project}; ${insert}`);
      raw.close();
    } else {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(project);
      await client.query(insert);
      await client.end();
    }

    expect((await applyMigrations(url)).applied).toEqual(listMigrations(provider).filter((m) => m >= name));
    const upgraded = createDb(url);
    try {
      expect(await upgraded.ingestKey.findMany()).toEqual([
        { projectId: "p-1", key: "key-1", eventId: "e-1", position: null },
      ]);
      expect(await upgraded.ingestEvent.count()).toBe(2);
      // The write path's own lookup of a key before it writes (each provider's store, as the server runs it).
      const load = {
        replayKeys: new Map([["p-1", ["key-1", "key-2"]]]),
        sessionRefs: new Map<string, string[]>(),
        agents: [],
        idleSince: new Date(),
      };
      let replays;
      if (provider === "sqlite") {
        const { sqliteWriteStore } = await import("@/server/ingest/write-store-sqlite");
        const raw = new Database(url.slice("file:".length));
        replays = sqliteWriteStore(raw).firstLoad(load);
        raw.close();
      } else {
        const { pgWriteStore } = await import("@/server/ingest/write-store-pg");
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        replays = await pgWriteStore(client).firstLoad(load);
        await client.end();
      }
      expect(replays.replays).toEqual([{ projectId: "p-1", key: "key-1", result, body: {} }]);
    } finally {
      await upgraded.$disconnect();
    }
  });
});
