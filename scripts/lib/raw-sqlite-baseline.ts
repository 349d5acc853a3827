// The benchmarks' raw SQLite baseline: better-sqlite3 prepared inserts of thought-shaped rows (id, session, seq,
// number, total, text, next, time) into a fresh WAL file, in transactions of `perTx` rows; rows per second. What a
// write path on the same machine, in the same run, could at best approach.
import Database from "better-sqlite3";
import { rmSync } from "node:fs";
import path from "node:path";

export function rawSqliteBaseline(
  dir: string,
  rows: number,
  perTx: number,
  textOf: (n: number) => string,
  sessions: number,
): number {
  const file = path.join(dir, `baseline-${perTx}.db`);
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.exec(`CREATE TABLE t (id TEXT PRIMARY KEY, session TEXT, seq INTEGER, num INTEGER, total INTEGER, text TEXT,
    next INTEGER, created INTEGER, UNIQUE(session, seq))`);
  const insert = db.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  const tx = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) insert.run(`id-${i}`, `s-${i % sessions}`, i, i % 10, 10, textOf(i), 1, Date.now());
  });
  const start = performance.now();
  for (let i = 0; i < rows; i += perTx) tx(i, Math.min(rows, i + perTx));
  const seconds = (performance.now() - start) / 1000;
  db.close();
  // Deleted at once: left on disk, the kernel would write its tens of megabytes back while the next scenario runs
  // (measured: batch 39,000–43,800 thoughts/s with the file left, 49,000–50,400 with it gone, same session).
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
  return rows / seconds;
}
