// The write thread: on SQLite, the production server runs thought batches on a worker thread with its own connection,
// so that SQLite's inserts and COMMIT (about half of a 1,000-event batch's CPU time) no longer hold the thread that
// parses, validates and answers HTTP requests. While one batch commits there, the serving thread answers reads and
// checks the next batch. Measured with `npm run bench:ingest` on 2 cores: a read during 1,000-event batches waits
// p50 ~5 ms instead of 14–15 (p99 17–19 ms instead of 27), and batches run faster (57,000–75,000 against
// 47,000–49,000 thoughts/s), the thread being the busier of the two (12–14 ms of CPU per batch).
//
// The transaction is the same one the serving thread would run (server/ingest/commit-sqlite.ts): loads, plan and
// inserts inside one IMMEDIATE transaction, so correctness does not depend on which thread runs it. The thread is
// one more connection on the file; Prisma's connection begins its transactions IMMEDIATE for that reason
// (server/db/client.ts). Should the thread fail, the batches in flight fail with its error (an agent retries them
// with the same idempotency keys) and later batches run on the serving thread.
//
// This module is what the write path needs (the message shapes, and the running thread if any); starting the thread
// lives in server/ingest/write-thread-start.ts, outside the Next bundle's imports (its bundler would try to bundle
// the thread's entry file).
import type { ApiErrorBody } from "@/lib/contracts/errors";
import { THOUGHT_FIELDS } from "@/lib/contracts/fields";
import type { ThoughtInput, ThoughtResult } from "@/lib/contracts/thought";
import type { Limits } from "@/lib/limits";
import { JsonText, jsonColumn } from "@/server/ingest/write-store";
import { holey, inputColumns, interned, NONE, valueAt, type Column, type Interned } from "./columns";
import type { CommitResult } from "./commit-sqlite";
import type { FindingRows } from "./write-findings";
import type { IngestLog, Placement, WriteOutcome, WriteRequest } from "./write-batch";

/** An ingest log as posted: its body as JSON text (a class instance would arrive as a plain object). */
export type PostedLog = Omit<IngestLog, "body"> & { bodyText: string };

/** A batch's requests as they cross to the thread: one array per field, not one object per request (./columns.ts). */
export interface RequestColumns {
  tool: WriteRequest["tool"][];
  projectId: Interned<string>;
  apiKeyId: Interned<string | null>;
  /** A single request's body as the agent sent it (an ingest event's is in its log). */
  raw: unknown[];
  idempotencyKey: (string | null)[];
  /** An ingest event's log (its index in CommitMessage.logs), -1 for a single request; and its position there. */
  log: Int32Array;
  position: Int32Array;
  /** The inputs (ThoughtInput), one column per field of the registry (lib/contracts/fields.ts). */
  input: Record<string, Column>;
}

/** The thought fields' codec: built from the registry, so a new field crosses to the thread without an edit here. */
const THOUGHT_COLUMNS = inputColumns<ThoughtInput>(THOUGHT_FIELDS);

export interface CommitMessage {
  id: number;
  limits: Limits;
  logs: PostedLog[];
  requests: RequestColumns;
}

/**
 * A batch's outcomes as they cross back: columns too (for 1,000 ingest events the objects cost the thread ~0.4 ms to
 * post and the serving thread ~0.5 to receive). A session id, the same for many outcomes, crosses once.
 */
export interface OutcomeColumns {
  status: Uint16Array;
  /** A written or replayed thought's session (none for a refused request or a whole answer). */
  sessionId: Interned<string>;
  thoughtId: string[];
  seq: Int32Array;
  /** A single request's whole answer (an ingest event's answer is its Placement). */
  whole: (ThoughtResult | undefined)[];
  error: (ApiErrorBody | undefined)[];
}

/** The detectors' findings to insert in a transaction of their own, after the batches posted before them. */
export interface FindingsMessage {
  id: number;
  findings: FindingRows;
}

/** Index every committed thought's text before answering (a search is about to read the index). */
export interface FlushSearchMessage {
  id: number;
  flushSearch: true;
}

export type ReplyMessage =
  | ({ id: number; ok: true; outcomes: OutcomeColumns } & Omit<CommitResult, "outcomes">)
  | { id: number; ok: true; stored: true }
  | { id: number; ok: false; error: { message: string; code?: string } };

/** The serving thread's side: the requests as columns, each ingest log once. */
export function postRequests(requests: readonly WriteRequest[]): Pick<CommitMessage, "logs" | "requests"> {
  const n = requests.length;
  const index = new Map<IngestLog, number>();
  const logs: PostedLog[] = [];
  const projectId = interned<string>(n);
  const apiKeyId = interned<string | null>(n);
  const c: RequestColumns = {
    tool: holey(n),
    projectId: projectId.column,
    apiKeyId: apiKeyId.column,
    raw: holey(n),
    idempotencyKey: [],
    log: new Int32Array(n).fill(NONE),
    position: new Int32Array(n),
    input: THOUGHT_COLUMNS.encode(requests.map((r) => r.input)),
  };
  for (let k = 0; k < n; k++) {
    const r = requests[k]!;
    if (r.tool !== undefined) c.tool[k] = r.tool;
    projectId.set(k, r.projectId);
    apiKeyId.set(k, r.apiKeyId);
    c.idempotencyKey[k] = r.idempotencyKey;
    if (r.batch) {
      let log = index.get(r.batch.log);
      if (log === undefined) {
        const { id, projectId, events, keep } = r.batch.log;
        log = logs.push({ id, projectId, events, keep, bodyText: jsonColumn(r.batch.log.body) }) - 1;
        index.set(r.batch.log, log);
      }
      c.log[k] = log;
      c.position[k] = r.batch.position;
    } else if (r.raw !== undefined) {
      c.raw[k] = r.raw;
    }
  }
  return { logs, requests: c };
}

/**
 * The thread's side of postRequests. Every request and its input is built with all of its fields, in one fixed order:
 * objects of one shape keep the batch's code fast (the clone of objects, which gave each the shape of the fields it
 * happened to carry, cost the thread 3 ms of its ~19 per 1,000-event batch). `Complete` makes the compiler list every
 * field of a request, so one added later cannot be dropped here; the input's fields come from the registry.
 */
export function receivedRequests(message: CommitMessage): WriteRequest[] {
  const logs = message.logs.map((l): Complete<IngestLog> => ({
    id: l.id,
    projectId: l.projectId,
    body: new JsonText(l.bodyText),
    events: l.events,
    keep: l.keep,
  }));
  const c = message.requests;
  const inputAt = THOUGHT_COLUMNS.decoder(c.input);
  const requests = new Array<WriteRequest>(c.log.length);
  for (let k = 0; k < requests.length; k++) {
    const log = c.log[k]!;
    requests[k] = {
      tool: c.tool[k],
      projectId: valueAt(c.projectId, k)!,
      apiKeyId: valueAt(c.apiKeyId, k)!,
      input: inputAt(k),
      raw: c.raw[k],
      idempotencyKey: c.idempotencyKey[k]!,
      batch: log === NONE ? undefined : { log: logs[log]!, position: c.position[k]! },
    } satisfies Complete<WriteRequest>;
  }
  return requests;
}

/** The thread's side of the answer: `requests` tell which outcomes hold a whole answer (those of single requests). */
export function postOutcomes(
  requests: readonly WriteRequest[],
  outcomes: readonly WriteOutcome<Placement>[],
): OutcomeColumns {
  const n = outcomes.length;
  const sessionId = interned<string>(n);
  const c: OutcomeColumns = {
    status: new Uint16Array(n),
    sessionId: sessionId.column,
    thoughtId: holey(n),
    seq: new Int32Array(n),
    whole: holey(n),
    error: holey(n),
  };
  for (let k = 0; k < n; k++) {
    const o = outcomes[k]!;
    c.status[k] = o.status;
    if (!o.result) {
      c.error[k] = o.error;
      continue;
    }
    if (!requests[k]!.batch) {
      c.whole[k] = o.result as ThoughtResult;
      continue;
    }
    sessionId.set(k, o.result.sessionId);
    c.thoughtId[k] = o.result.thoughtId;
    c.seq[k] = o.result.seq;
  }
  return c;
}

/** The serving thread's side of postOutcomes. */
export function receivedOutcomes(c: OutcomeColumns): WriteOutcome<Placement>[] {
  const outcomes = new Array<WriteOutcome<Placement>>(c.status.length);
  for (let k = 0; k < outcomes.length; k++) {
    const status = c.status[k]!;
    const whole = c.whole[k];
    const sessionId = valueAt(c.sessionId, k);
    if (whole) outcomes[k] = { status: status as 200 | 201, result: whole };
    else if (sessionId !== undefined) {
      outcomes[k] = { status: status as 200 | 201, result: { sessionId, thoughtId: c.thoughtId[k]!, seq: c.seq[k]! } };
    } else outcomes[k] = { status, error: c.error[k]! };
  }
  return outcomes;
}

/** T with every field present (an optional one as undefined). */
type Complete<T> = { [K in keyof Required<T>]: T[K] };

/**
 * The code of the error a batch in flight fails with when the thread dies. Whether that batch committed is unknown,
 * so it must not be retried blindly (server/ingest/thought-writer.ts); the agent's retry with the same idempotency
 * keys is safe either way.
 */
export const THREAD_FAILED = "write_thread_failed";

/** A running write thread, as the write path sees it. */
export interface WriteThreadHandle {
  /** False once the thread has failed: later batches run on the serving thread. */
  readonly alive: boolean;
  commit(requests: readonly WriteRequest[], limits: Limits): Promise<CommitResult>;
  storeFindings(rows: FindingRows): Promise<void>;
  /** Resolves once every thought committed so far is in the full-text index (search-index-sqlite.ts). */
  flushSearchIndex(): Promise<void>;
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
