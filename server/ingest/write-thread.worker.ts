// The write thread's module (started by server/ingest/write-thread.ts): its own connection to the SQLite file, and
// one batch at a time, in the order posted, each in one IMMEDIATE transaction (server/ingest/commit-sqlite.ts). The
// batches' full-text indexing follows when the thread is quiet (server/ingest/search-index-sqlite.ts).
import Database from "better-sqlite3";
import { parentPort, workerData } from "node:worker_threads";
import { SQLITE_PRAGMAS } from "@/server/db/sqlite-settings";
import { commitOnSqlite } from "./commit-sqlite";
import { MAX_BACKLOG, QUIET_MS, SqliteThoughtIndexer } from "./search-index-sqlite";
import { insertFindingsSqlite } from "./write-findings";
import {
  postOutcomes,
  receivedRequests,
  type CommitMessage,
  type FindingsMessage,
  type FlushSearchMessage,
  type ReplyMessage,
} from "./write-thread";

/** How long a batch waits for the write lock held by another connection (an interactive transaction on the serving
 *  thread, or another process) before it fails; PostgreSQL's batches wait as long (maxWait in commit.ts). */
const LOCK_WAIT_MS = 30_000;

const { file } = workerData as { file: string };
const connection = new Database(file);
for (const pragma of SQLITE_PRAGMAS) connection.exec(pragma);
connection.pragma(`busy_timeout = ${LOCK_WAIT_MS}`);

const indexer = new SqliteThoughtIndexer(connection);
let lastCommit = 0;
let quietTimer: NodeJS.Timeout | undefined;

/** Indexes a chunk once the writer has been quiet for QUIET_MS, then the next chunk after the thread's next turn (a
 *  batch posted meanwhile goes first and makes it wait for quiet again). */
function indexWhenQuiet(): void {
  if (quietTimer !== undefined || indexer.waiting() === 0) return;
  const wait = Math.max(0, lastCommit + QUIET_MS - Date.now());
  quietTimer = setTimeout(() => {
    quietTimer = undefined;
    if (Date.now() - lastCommit < QUIET_MS) return indexWhenQuiet();
    try {
      if (indexer.indexChunk() > 0) setImmediate(indexWhenQuiet);
    } catch (error) {
      console.error("[thoughtgraph] search indexing failed; it is tried again after the next batch:", error);
    }
  }, wait);
  quietTimer.unref();
}

indexWhenQuiet(); // what a previous run committed and did not index

parentPort!.on("message", (message: CommitMessage | FindingsMessage | FlushSearchMessage) => {
  let reply: ReplyMessage;
  try {
    if ("findings" in message) {
      insertFindingsSqlite(connection, message.findings);
      parentPort!.postMessage({ id: message.id, ok: true, stored: true } satisfies ReplyMessage);
      return;
    }
    if ("flushSearch" in message) {
      indexer.indexAll();
      parentPort!.postMessage({ id: message.id, ok: true, stored: true } satisfies ReplyMessage);
      return;
    }
    const requests = receivedRequests(message);
    const { outcomes, events } = commitOnSqlite(connection, requests, message.limits, { indexSearch: false });
    reply = { id: message.id, ok: true, outcomes: postOutcomes(requests, outcomes), events };
    lastCommit = Date.now();
  } catch (error) {
    const e = error as { message?: unknown; code?: unknown };
    reply = {
      id: message.id,
      ok: false,
      error: { message: String(e.message ?? error), code: typeof e.code === "string" ? e.code : undefined },
    };
  }
  parentPort!.postMessage(reply);
  try {
    while (indexer.waiting() > MAX_BACKLOG) indexer.indexChunk();
  } catch (error) {
    console.error("[thoughtgraph] search indexing failed; it is tried again after the next batch:", error);
  }
  indexWhenQuiet();
});
