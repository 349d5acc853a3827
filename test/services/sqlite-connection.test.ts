// One SQLite connection serves every query of the app (server/db/client.ts). A plain write sent while an interactive
// transaction is open must not join it: when that transaction rolls back, the plain write (already acknowledged to
// its caller) must still be there, and it must not see the transaction's uncommitted rows.
// Also: the page size a new database file is created with.
import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, it } from "vitest";

import { createDb, type Db } from "@/server/db/client";
import { applyMigrations } from "@/server/db/migrations";
import { SQLITE_PAGE_SIZE } from "@/server/db/sqlite-settings";
import { seedProject, unique } from "@/test/support/seed";
import { freshSqliteUrl } from "@/test/support/sqlite-file";

let db: Db;
let url: string;

beforeAll(async () => {
  url = freshSqliteUrl("connection");
  await applyMigrations(url);
  db = createDb(url);
});

afterAll(async () => {
  await db?.$disconnect();
});

it("keeps a plain write made during another request's transaction when that transaction rolls back", async () => {
  const inside = unique("inside");
  const outside = unique("outside");
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let began!: () => void;
  const begun = new Promise<void>((resolve) => (began = resolve));

  const failing = db
    .$transaction(async (tx) => {
      await tx.project.create({ data: { id: inside, slug: inside, name: "rolled back" } });
      began();
      await held;
      throw new Error("the transaction fails");
    })
    .catch((error: unknown) => (error as Error).message);

  await begun;
  let plainDone = false;
  const plain = seedProject(db, outside).then((id) => {
    plainDone = true;
    return id;
  });
  // The plain write waits while the transaction is open…
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(plainDone).toBe(false);
  release();
  expect(await failing).toBe("the transaction fails");
  const id = await plain;

  // …and survives its rollback, which took only the transaction's own row.
  expect(await db.project.findUnique({ where: { id } })).not.toBeNull();
  expect(await db.project.findUnique({ where: { id: inside } })).toBeNull();
});

it("creates a new database file with large pages in WAL mode, and leaves an existing file's page size alone", async () => {
  const pageSize = (file: string) => {
    const raw = new Database(file, { readonly: true });
    try {
      return [raw.pragma("page_size", { simple: true }), raw.pragma("journal_mode", { simple: true })];
    } finally {
      raw.close();
    }
  };
  expect(SQLITE_PAGE_SIZE).toBeGreaterThan(4096); // SQLite's default, which a new file would otherwise get
  expect(pageSize(url.slice("file:".length))).toEqual([SQLITE_PAGE_SIZE, "wal"]);

  const older = freshSqliteUrl("older").slice("file:".length);
  const raw = new Database(older);
  raw.pragma("page_size = 4096");
  raw.pragma("journal_mode = WAL"); // writes the file's header: it exists, with no tables yet
  raw.close();
  await applyMigrations(`file:${older}`);
  expect(pageSize(older)[0]).toBe(4096);
});
