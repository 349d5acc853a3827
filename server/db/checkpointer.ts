// Moves SQLite's WAL checkpoints off the request path. A checkpoint copies the WAL into the database file and syncs
// it; run on the serving thread it stalled every third 1,000-thought batch by ~10 ms (measured). Here a worker
// thread with its own connection runs PASSIVE checkpoints, which never block writers, twice a second. The serving
// connection keeps a high autocheckpoint threshold (SQLITE_PRAGMAS) as a backstop should the worker stop.
import { Worker } from "node:worker_threads";
import { sqlitePath } from "./provider";

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

export function startCheckpointer(databaseUrl: string, intervalMs = 500): Worker {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file: sqlitePath(databaseUrl), intervalMs } });
  worker.unref();
  worker.on("error", (error) => console.error("[thoughtgraph] WAL checkpointer stopped", error));
  return worker;
}
