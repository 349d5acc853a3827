// `npx tsx scripts/bench-fts-trigger.ts`: what an FTS5 trigger costs SQLite batch ingest (lib/search/README.md).
// Raw better-sqlite3 inserts of thought-like rows (the Thought table's columns and indexes, varied ~250-character
// texts) in transactions of 1,000, as the batch write path commits them, with the server's pragmas and page size, into
// a fresh file per run. Variants:
//   none         no full-text index: the same-run baseline
//   external     FTS5 external-content table on Thought's rowid + AFTER INSERT trigger (index only, text not copied)
//   keyed        the planned design: contentless-delete FTS5 table keyed by a ThoughtSearchKey INTEGER PRIMARY KEY
//                (stable across VACUUM, unlike Thought's implicit rowid) + AFTER INSERT trigger writing both
//   copy         a plain FTS5 table holding its own copy of the text + AFTER INSERT trigger
//   keyed-batch  keyed tables without an insert trigger: the batch indexes itself with two INSERT … SELECT statements
//                before it commits
// Prints one JSON line per variant (rows/s, best of ROUNDS interleaved runs, ratio to `none`, file size), then the
// p50/p99 of a two-word MATCH query on the last `keyed-batch` file, and checks that every variant indexed every row.
// Options (env): BENCH_FTS_ROWS (default 100000), BENCH_FTS_ROUNDS (default 2).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import Database from "better-sqlite3";

import { SQLITE_PAGE_SIZE, SQLITE_PRAGMAS } from "../server/db/sqlite-settings";

const ROWS = Number(process.env.BENCH_FTS_ROWS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_FTS_ROUNDS ?? 2);
const BATCH = 1_000;
const TOKENIZE = "tokenize = 'unicode61 remove_diacritics 2'";

const THOUGHT_TABLE = `
CREATE TABLE "Thought" (
  "id" TEXT NOT NULL PRIMARY KEY, "projectId" TEXT NOT NULL, "sessionId" TEXT NOT NULL, "seq" INTEGER NOT NULL,
  "thoughtNumber" INTEGER NOT NULL, "totalThoughts" INTEGER NOT NULL, "text" TEXT NOT NULL,
  "nextThoughtNeeded" BOOLEAN NOT NULL, "source" TEXT NOT NULL DEFAULT 'sequentialthinking',
  "version" INTEGER NOT NULL DEFAULT 1, "createdAt" DATETIME NOT NULL, "updatedAt" DATETIME NOT NULL);
CREATE UNIQUE INDEX "Thought_sessionId_seq_key" ON "Thought"("sessionId", "seq");
CREATE INDEX "Thought_sessionId_thoughtNumber_idx" ON "Thought"("sessionId", "thoughtNumber");`;

const KEYED_TABLES = `
CREATE TABLE "ThoughtSearchKey" ("key" INTEGER PRIMARY KEY, "thoughtId" TEXT NOT NULL UNIQUE);
CREATE VIRTUAL TABLE "ThoughtFts" USING fts5(text, content = '', contentless_delete = 1, ${TOKENIZE});`;

interface Variant {
  schema: string;
  /** Run once per committed batch, inside its transaction, with the batch's first and last Thought rowid. */
  afterBatch?: string;
}

const VARIANTS: Record<string, Variant> = {
  none: { schema: "" },
  external: {
    schema: `
CREATE VIRTUAL TABLE "ThoughtFts" USING fts5(text, content = 'Thought', content_rowid = 'rowid', ${TOKENIZE});
CREATE TRIGGER "Thought_fts_ai" AFTER INSERT ON "Thought" BEGIN
  INSERT INTO "ThoughtFts" (rowid, text) VALUES (new.rowid, new.text);
END;`,
  },
  keyed: {
    schema: `${KEYED_TABLES}
CREATE TRIGGER "Thought_fts_ai" AFTER INSERT ON "Thought" BEGIN
  INSERT INTO "ThoughtSearchKey" ("thoughtId") VALUES (new.id);
  INSERT INTO "ThoughtFts" (rowid, text) VALUES (last_insert_rowid(), new.text);
END;`,
  },
  copy: {
    schema: `
CREATE VIRTUAL TABLE "ThoughtFts" USING fts5(text, ${TOKENIZE});
CREATE TRIGGER "Thought_fts_ai" AFTER INSERT ON "Thought" BEGIN
  INSERT INTO "ThoughtFts" (rowid, text) VALUES (new.rowid, new.text);
END;`,
  },
  // No insert trigger: the batch path indexes its batch with two INSERT … SELECT statements before it commits.
  "keyed-batch": {
    schema: KEYED_TABLES,
    afterBatch: `
INSERT INTO "ThoughtSearchKey" ("thoughtId") SELECT "id" FROM "Thought" WHERE rowid BETWEEN @first AND @last;
INSERT INTO "ThoughtFts" (rowid, text)
  SELECT k."key", t."text" FROM "Thought" t JOIN "ThoughtSearchKey" k ON k."thoughtId" = t."id"
  WHERE t.rowid BETWEEN @first AND @last;`,
  },
};

/** Deterministic pseudo-random numbers (LCG), so every variant inserts the same texts. */
function lcg(seed: number) {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

/** ~250-character texts over a 5,000-word vocabulary with a Zipf-like skew, like prose. */
function makeTexts(count: number): string[] {
  const rand = lcg(42);
  const syllables = ["ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "ze", "qu", "an", "er", "ol", "is", "ut"];
  const vocab = Array.from({ length: 5_000 }, () => {
    let w = "";
    const n = 1 + Math.floor(rand() * 3);
    for (let i = 0; i < n; i++) w += syllables[Math.floor(rand() * syllables.length)];
    return w;
  });
  return Array.from({ length: count }, () => {
    const words: string[] = [];
    let len = 0;
    while (len < 250) {
      const w = vocab[Math.floor(vocab.length * rand() ** 3)] ?? "x";
      words.push(w);
      len += w.length + 1;
    }
    return words.join(" ");
  });
}

function openFresh(variant: string): { db: Database.Database; dir: string; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-fts-${variant}-`));
  const file = path.join(dir, "db.sqlite");
  const db = new Database(file);
  db.pragma(`page_size = ${SQLITE_PAGE_SIZE}`);
  for (const pragma of SQLITE_PRAGMAS) db.exec(pragma);
  db.exec(THOUGHT_TABLE);
  db.exec(VARIANTS[variant]?.schema ?? "");
  return { db, dir, file };
}

function fileBytes(file: string): number {
  return ["", "-wal"].reduce((sum, s) => sum + (fs.existsSync(file + s) ? fs.statSync(file + s).size : 0), 0);
}

function run(variant: string, texts: string[], keep: boolean) {
  const { db, dir, file } = openFresh(variant);
  const insert = db.prepare(
    `INSERT INTO "Thought" ("id","projectId","sessionId","seq","thoughtNumber","totalThoughts","text",
      "nextThoughtNeeded","createdAt","updatedAt") VALUES (?,?,?,?,?,?,?,?,?,?)`,
  );
  const afterBatch = (VARIANTS[variant]?.afterBatch ?? "")
    .split(";")
    .map((sql) => sql.trim())
    .filter(Boolean)
    .map((sql) => db.prepare(sql));
  const now = Date.now();
  const batch = db.transaction((from: number) => {
    let first = 0;
    let last = 0;
    for (let i = from; i < Math.min(from + BATCH, texts.length); i++) {
      const session = Math.floor(i / 100);
      const info = insert.run(
        `t${i.toString(36)}-${session}`,
        "p1",
        `s${session}`,
        (i % 100) + 1,
        (i % 100) + 1,
        100,
        texts[i] ?? "",
        1,
        now,
        now,
      );
      last = Number(info.lastInsertRowid);
      if (i === from) first = last;
    }
    for (const statement of afterBatch) statement.run({ first, last });
  });
  const start = process.hrtime.bigint();
  for (let from = 0; from < texts.length; from += BATCH) batch(from);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  db.pragma("wal_checkpoint(TRUNCATE)");
  const bytes = fileBytes(file);
  if (variant !== "none") assertIndexed(db, texts);
  if (keep) return { rowsPerSecond: texts.length / seconds, bytes, db, dir };
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return { rowsPerSecond: texts.length / seconds, bytes };
}

/** Every variant must find the first and the last row by three of its words, or its numbers mean nothing. */
function assertIndexed(db: Database.Database, texts: string[]): void {
  for (const text of [texts[0] ?? "", texts[texts.length - 1] ?? ""]) {
    const match = text
      .split(" ")
      .slice(0, 3)
      .map((w) => `"${w}"`)
      .join(" AND ");
    const found = db
      .prepare<[string], { n: number }>(`SELECT count(*) AS n FROM "ThoughtFts" WHERE "ThoughtFts" MATCH ?`)
      .get(match);
    if (!found || found.n < 1) throw new Error(`the FTS index misses a row: ${match}`);
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const texts = makeTexts(ROWS);
const names = Object.keys(VARIANTS);
const best = new Map<string, { rowsPerSecond: number; bytes: number }>();
let kept: { db: Database.Database; dir: string } | undefined;
for (let round = 0; round < ROUNDS; round++) {
  for (const name of names) {
    const last = round === ROUNDS - 1 && name === "keyed-batch";
    const result = run(name, texts, last);
    if ("db" in result && result.db) kept = { db: result.db, dir: result.dir };
    const prev = best.get(name);
    if (!prev || result.rowsPerSecond > prev.rowsPerSecond) best.set(name, result);
  }
}

const baseline = best.get("none")?.rowsPerSecond ?? Number.NaN;
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, node ${process.version}, SQLite ${
  (new Database(":memory:").prepare("select sqlite_version() v").get() as { v: string }).v
}`;
for (const name of names) {
  const r = best.get(name);
  if (!r) continue;
  console.log(
    JSON.stringify({
      variant: name,
      rows: ROWS,
      batch: BATCH,
      rowsPerSecond: Math.round(r.rowsPerSecond),
      baselineRowsPerSecond: Math.round(baseline),
      ratioToBaseline: Number((r.rowsPerSecond / baseline).toFixed(3)),
      fileMiB: Number((r.bytes / 2 ** 20).toFixed(1)),
      machine,
    }),
  );
}

if (kept) {
  // Two frequent-ish words per query, as people search; the join maps FTS rows back to thoughts.
  const words = texts.slice(0, 400).map((t) => t.split(" ").slice(0, 2));
  const query = kept.db.prepare(
    `SELECT k."thoughtId" FROM "ThoughtFts" f JOIN "ThoughtSearchKey" k ON k."key" = f.rowid
     WHERE "ThoughtFts" MATCH ? ORDER BY rank LIMIT 20`,
  );
  const times: number[] = [];
  let hits = 0;
  for (const [a, b] of words) {
    const start = process.hrtime.bigint();
    hits += query.all(`"${a}" AND "${b}"`).length;
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((x, y) => x - y);
  console.log(
    JSON.stringify({
      query: "keyed-batch: two-word MATCH, ORDER BY rank LIMIT 20",
      rows: ROWS,
      queries: times.length,
      meanHits: Number((hits / times.length).toFixed(1)),
      p50Ms: Number(percentile(times, 50).toFixed(2)),
      p99Ms: Number(percentile(times, 99).toFixed(2)),
    }),
  );
  kept.db.close();
  fs.rmSync(kept.dir, { recursive: true, force: true });
}
