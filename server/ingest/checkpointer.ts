// Moves SQLite's WAL checkpoints off the write path. A checkpoint copies the WAL into the database file and syncs it;
// run by the writing connection it stalls the batch that triggers it. Here a worker thread with its own connection
// runs PASSIVE checkpoints, which never block writers, every 100 ms.
//
// Under continuous load the WAL only starts over after a checkpoint that finds the writer between transactions, which
// this worker cannot arrange; the writing connection's own autocheckpoint (every 5,000 pages, SQLITE_PRAGMAS) does it,
// and finds little left to copy because this worker keeps up. The interval sets how much that is: measured with
// `npm run bench:ingest`, checkpoints every 500 ms left up to ~40 MB for it, stalling two batches by ~100 ms about
// once a second (batch p95 88–98 ms, 48,000–52,000 thoughts/s); every 100 ms, p95 47–59 ms and 54,000–56,000/s.
import { Worker } from "node:worker_threads";
import { sqlitePath } from "../db/provider";

const WORKER_SOURCE = `
const { workerData } = require("node:worker_threads");
const Database = require("better-sqlite3");
const db = new Database(workerData.file);
db.pragma("busy_timeout = 1000");
setInterval(() => {
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
  } catch (error) {
    // Busy or locked: the next tick tries again.
  }
}, workerData.intervalMs);
`;

export function startCheckpointer(databaseUrl: string, intervalMs = 100): Worker {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file: sqlitePath(databaseUrl), intervalMs } });
  worker.unref();
  worker.on("error", (error) => console.error("[thoughtgraph] WAL checkpointer stopped", error));
  return worker;
}
