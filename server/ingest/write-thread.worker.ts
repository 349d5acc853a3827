// The write thread's module (started by server/ingest/write-thread.ts): its own connection to the SQLite file, and
// one batch at a time, in the order posted, each in one IMMEDIATE transaction (server/ingest/commit-sqlite.ts).
import Database from "better-sqlite3";
import { parentPort, workerData } from "node:worker_threads";
import { SQLITE_PRAGMAS } from "@/server/db/sqlite-settings";
import { commitOnSqlite } from "./commit-sqlite";
import { insertFindingsSqlite } from "./write-findings";
import {
  postOutcomes,
  receivedRequests,
  type CommitMessage,
  type FindingsMessage,
  type ReplyMessage,
} from "./write-thread";

/** How long a batch waits for the write lock held by another connection (an interactive transaction on the serving
 *  thread, or another process) before it fails; PostgreSQL's batches wait as long (maxWait in commit.ts). */
const LOCK_WAIT_MS = 30_000;

const { file } = workerData as { file: string };
const connection = new Database(file);
for (const pragma of SQLITE_PRAGMAS) connection.exec(pragma);
connection.pragma(`busy_timeout = ${LOCK_WAIT_MS}`);

parentPort!.on("message", (message: CommitMessage | FindingsMessage) => {
  let reply: ReplyMessage;
  try {
    if ("findings" in message) {
      insertFindingsSqlite(connection, message.findings);
      parentPort!.postMessage({ id: message.id, ok: true, stored: true } satisfies ReplyMessage);
      return;
    }
    const requests = receivedRequests(message);
    const { outcomes, events } = commitOnSqlite(connection, requests, message.limits);
    reply = { id: message.id, ok: true, outcomes: postOutcomes(requests, outcomes), events };
  } catch (error) {
    const e = error as { message?: unknown; code?: unknown };
    reply = {
      id: message.id,
      ok: false,
      error: { message: String(e.message ?? error), code: typeof e.code === "string" ? e.code : undefined },
    };
  }
  parentPort!.postMessage(reply);
});
