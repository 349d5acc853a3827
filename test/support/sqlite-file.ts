// A fresh SQLite database file per test: `freshSqliteUrl('migrations')` → file:/tmp/thoughtgraph-migrations-XXXX/db.sqlite
// The temp directories are deleted after the importing test file finishes (and, as a fallback, at process exit).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll } from "vitest";

const dirs = new Set<string>();

export function removeSqliteFiles(): void {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  dirs.clear();
}

// Registered while the test file is being collected, so it runs after the file's own afterAll hooks (which should
// disconnect their clients first).
afterAll(removeSqliteFiles);
process.on("exit", removeSqliteFiles);

export function freshSqliteUrl(label = "test"): string {
  const safe = label.replace(/[^a-z0-9_-]+/gi, "-").slice(0, 40) || "test";
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `thoughtgraph-${safe}-`));
  dirs.add(dir);
  return `file:${path.join(dir, "db.sqlite")}`;
}
