// The write thread: on SQLite, the production server runs thought batches on a worker thread with its own connection,
// so that SQLite's inserts and COMMIT (about half of a 1,000-event batch's CPU time) no longer hold the thread that
// parses, validates and answers HTTP requests. While one batch commits there, the serving thread answers reads and
// checks the next batch. Measured with `npm run bench:ingest` on 2 cores: a read during 1,000-event batches waits
// p50 4.4 ms instead of 19–20 (p99 20 ms instead of 30–42), and batches run ~30 % faster (51,600–55,000 against
// 39,800–40,300 thoughts/s), the thread being the busier of the two (~16 ms of CPU per batch).
//
// The transaction is the same one the serving thread would run (server/services/commit-sqlite.ts): loads, plan and
// inserts inside one IMMEDIATE transaction, so correctness does not depend on which thread runs it. The thread is
// one more connection on the file; Prisma's connection begins its transactions IMMEDIATE for that reason
// (server/db/client.ts). Should the thread fail, the batches in flight fail with its error (an agent retries them
// with the same idempotency keys) and later batches run on the serving thread.
//
// This module is what the write path needs (the message shapes, and the running thread if any); starting the thread
// lives in server/services/write-thread-start.ts, outside the Next bundle's imports (its bundler would try to bundle
// the thread's entry file).
import { wellFormedEvent } from "@/lib/contracts/ingest";
import { withClient, type ThoughtInput } from "@/lib/contracts/thought";
import { wellFormedThought } from "@/lib/contracts/thought-fast";
import type { Limits } from "@/lib/limits";
import { JsonText, jsonColumn } from "@/server/db/write-store";
import type { CommitResult } from "./commit-sqlite";
import type { IngestLog, WriteRequest } from "./write-batch";

/** A request as posted to the thread: its ingest log (shared by the events of one request) named by index. */
export type PostedRequest = Omit<WriteRequest, "batch"> & { batch?: { log: number; position: number } };
/** An ingest event whose input the thread rebuilds from its log's text (EventRef.asSent). */
export interface PostedEvent {
  log: number;
  position: number;
}
export type PostedLog = Omit<IngestLog, "body"> & { bodyText: string };

export interface CommitMessage {
  id: number;
  limits: Limits;
  logs: PostedLog[];
  requests: (PostedRequest | PostedEvent)[];
}

export type ReplyMessage =
  ({ id: number; ok: true } & CommitResult) | { id: number; ok: false; error: { message: string; code?: string } };

/**
 * Requests in the shape the structured clone keeps: an ingest log is posted once with its body as JSON text (a class
 * instance would arrive as a plain object), and a batch event's raw body is left out (the log holds the request).
 *
 * An event as sent (EventRef.asSent, the common case) is posted as its position only: the thread reads its id and
 * input from the log's text with the same functions the serving thread used. Cloning 1,000 inputs cost the thread
 * 2.1 ms to receive, where parsing the text it receives anyway costs 0.7 (and the serving thread 1.3 ms to post).
 */
export function postRequests(requests: readonly WriteRequest[]): Pick<CommitMessage, "logs" | "requests"> {
  const index = new Map<IngestLog, number>();
  const logs: PostedLog[] = [];
  const logOf = (l: IngestLog): number => {
    let i = index.get(l);
    if (i === undefined) {
      const { id, projectId, events, apiKeyId, client } = l;
      i = logs.push({ id, projectId, events, apiKeyId, client, bodyText: jsonColumn(l.body) }) - 1;
      index.set(l, i);
    }
    return i;
  };
  const posted = requests.map((r): Complete<PostedRequest> | PostedEvent => {
    if (r.batch?.asSent) return { log: logOf(r.batch.log), position: r.batch.position };
    return {
      tool: r.tool,
      projectId: r.projectId,
      apiKeyId: r.apiKeyId,
      input: r.input,
      raw: r.batch ? undefined : r.raw,
      idempotencyKey: r.idempotencyKey,
      batch: r.batch ? { log: logOf(r.batch.log), position: r.batch.position } : undefined,
    };
  });
  return { logs, requests: posted };
}

/**
 * The thread's side of postRequests. Every request and its input is rebuilt with all of its fields, in one fixed order.
 * The clone gives each object the shape of the fields it happened to carry, so the batch's code met many shapes and
 * ran slower on all of them; one shape saved 3 ms of the thread's ~19 ms per 1,000-event batch (bench:ingest, CPU
 * time of the thread). `Complete` makes the compiler list every field, so one added later cannot be dropped here.
 */
export function receivedRequests(message: CommitMessage): WriteRequest[] {
  const logs = message.logs.map((l): Complete<IngestLog> => ({
    id: l.id,
    projectId: l.projectId,
    body: new JsonText(l.bodyText),
    events: l.events,
    apiKeyId: l.apiKeyId,
    client: l.client,
  }));
  const sent: unknown[][] = [];
  const eventsOf = (log: number) =>
    (sent[log] ??= (JSON.parse(message.logs[log]!.bodyText) as { events: unknown[] }).events);

  return message.requests.map((r): Complete<WriteRequest> => {
    if (!("input" in r)) {
      const log = logs[r.log]!;
      const event = wellFormedEvent(eventsOf(r.log)[r.position]);
      const body = event && wellFormedThought(event.body);
      if (!event || !body) throw new Error(`Event ${r.position} of ingest request ${log.id} no longer reads as sent.`);
      return {
        tool: undefined,
        projectId: log.projectId,
        apiKeyId: log.apiKeyId,
        // Already every field in order: wellFormedThought writes them all, and withClient's spread keeps them.
        input: withClient(body, log.client),
        raw: undefined,
        idempotencyKey: event.id,
        batch: { log, position: r.position, asSent: true },
      };
    }
    return {
      tool: r.tool,
      projectId: r.projectId,
      apiKeyId: r.apiKeyId,
      input: completeInput(r.input),
      raw: r.raw,
      idempotencyKey: r.idempotencyKey,
      batch: r.batch ? { log: logs[r.batch.log]!, position: r.batch.position, asSent: false } : undefined,
    };
  });
}

function completeInput(i: ThoughtInput): Complete<ThoughtInput> {
  return {
    thought: i.thought,
    thoughtNumber: i.thoughtNumber,
    totalThoughts: i.totalThoughts,
    nextThoughtNeeded: i.nextThoughtNeeded,
    isRevision: i.isRevision,
    revisesThought: i.revisesThought,
    branchFromThought: i.branchFromThought,
    branchId: i.branchId,
    needsMoreThoughts: i.needsMoreThoughts,
    sessionId: i.sessionId,
    stage: i.stage,
    tags: i.tags,
    score: i.score,
    metadata: i.metadata,
    includeParameterUsage: i.includeParameterUsage,
  };
}

/** T with every field present (an optional one as undefined). */
type Complete<T> = { [K in keyof Required<T>]: T[K] };

/**
 * The code of the error a batch in flight fails with when the thread dies. Whether that batch committed is unknown,
 * so it must not be retried blindly (server/services/thought-writer.ts); the agent's retry with the same idempotency
 * keys is safe either way.
 */
export const THREAD_FAILED = "write_thread_failed";

/** A running write thread, as the write path sees it. */
export interface WriteThreadHandle {
  /** False once the thread has failed: later batches run on the serving thread. */
  readonly alive: boolean;
  commit(requests: readonly WriteRequest[], limits: Limits): Promise<CommitResult>;
  stop(): Promise<void>;
}

// On globalThis: the production server loads the services twice (Next's bundle and the agent fast path), and both
// copies must hand their batches to the one thread.
const g = globalThis as typeof globalThis & { __thoughtgraphWriteThread?: WriteThreadHandle };

/** Makes `thread` the one batches go to (undefined: none); returns the one it replaces. */
export function setWriteThread(thread: WriteThreadHandle | undefined): WriteThreadHandle | undefined {
  const previous = g.__thoughtgraphWriteThread;
  g.__thoughtgraphWriteThread = thread;
  return previous;
}

/** The running write thread, or null when batches run on the serving thread. */
export function activeWriteThread(): WriteThreadHandle | null {
  const thread = g.__thoughtgraphWriteThread;
  return thread?.alive ? thread : null;
}
