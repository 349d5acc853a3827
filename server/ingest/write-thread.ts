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
import type { ThoughtInput, ThoughtResult } from "@/lib/contracts/thought";
import type { Limits } from "@/lib/limits";
import { JsonText, jsonColumn } from "@/server/ingest/write-store";
import type { CommitResult } from "./commit-sqlite";
import type { IngestLog, Placement, WriteOutcome, WriteRequest } from "./write-batch";

/** An ingest log as posted: its body as JSON text (a class instance would arrive as a plain object). */
export type PostedLog = Omit<IngestLog, "body"> & { bodyText: string };

/**
 * A batch's requests as they cross to the thread: one array per field, not one object per request. The structured
 * clone copies an array of strings or numbers far faster than as many objects, and the thread then builds every object
 * in one shape. Microbenchmark of 1,000 ingest events: ~0.45 ms to post and ~0.65 ms to receive (the request's
 * 450 KB text included); receiving each input as an object cost ~2.5 ms, re-reading it from the text ~3 ms.
 *
 * An optional number is NaN when absent, an optional boolean -1. The columns of fields most requests leave out are
 * holey arrays, which the clone copies as sparse ones: only the requests that set them cost anything. A string most
 * requests share (a project, an API key, a session) crosses once (Interned).
 */
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
  // The input (ThoughtInput), in its schema's order.
  thought: string[];
  thoughtNumber: Float64Array;
  totalThoughts: Float64Array;
  nextThoughtNeeded: Uint8Array;
  isRevision: Int8Array;
  revisesThought: Float64Array;
  branchFromThought: Float64Array;
  branchId: (string | undefined)[];
  needsMoreThoughts: Int8Array;
  sessionId: Interned<string>;
  stage: (string | undefined)[];
  tags: ThoughtInput["tags"][];
  score: Float64Array;
  metadata: ThoughtInput["metadata"][];
  includeParameterUsage: Int8Array;
}

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

export type ReplyMessage =
  | ({ id: number; ok: true; outcomes: OutcomeColumns } & Omit<CommitResult, "outcomes">)
  | { id: number; ok: false; error: { message: string; code?: string } };

const NONE = -1;

/** A column of strings that repeat: each distinct value once, and its index per row (NONE: undefined). */
export interface Interned<T extends string | null> {
  values: T[];
  index: Int32Array;
}

function interned<T extends string | null>(n: number) {
  const column: Interned<T> = { values: [], index: new Int32Array(n).fill(NONE) };
  const seen = new Map<T, number>();
  return {
    column,
    set(row: number, value: T | undefined) {
      if (value === undefined) return;
      let i = seen.get(value);
      if (i === undefined) seen.set(value, (i = column.values.push(value) - 1));
      column.index[row] = i;
    },
  };
}

function valueAt<T extends string | null>(column: Interned<T>, row: number): T | undefined {
  const i = column.index[row]!;
  return i === NONE ? undefined : column.values[i];
}

const bit = (b: boolean | undefined) => (b === undefined ? NONE : b ? 1 : 0);
const fromBit = (b: number) => (b === NONE ? undefined : b === 1);
const fromNumber = (n: number) => (Number.isNaN(n) ? undefined : n);

/** An array of `n` holes, to fill. */
const holey = <T>(n: number) => new Array<T>(n);

/** The serving thread's side: the requests as columns, each ingest log once. */
export function postRequests(requests: readonly WriteRequest[]): Pick<CommitMessage, "logs" | "requests"> {
  const n = requests.length;
  const index = new Map<IngestLog, number>();
  const logs: PostedLog[] = [];
  const projectId = interned<string>(n);
  const apiKeyId = interned<string | null>(n);
  const sessionId = interned<string>(n);
  const c: RequestColumns = {
    tool: holey(n),
    projectId: projectId.column,
    apiKeyId: apiKeyId.column,
    raw: holey(n),
    idempotencyKey: [],
    log: new Int32Array(n).fill(NONE),
    position: new Int32Array(n),
    thought: [],
    thoughtNumber: new Float64Array(n),
    totalThoughts: new Float64Array(n),
    nextThoughtNeeded: new Uint8Array(n),
    isRevision: new Int8Array(n),
    revisesThought: new Float64Array(n),
    branchFromThought: new Float64Array(n),
    branchId: holey(n),
    needsMoreThoughts: new Int8Array(n),
    sessionId: sessionId.column,
    stage: holey(n),
    tags: holey(n),
    score: new Float64Array(n),
    metadata: holey(n),
    includeParameterUsage: new Int8Array(n),
  };
  for (let k = 0; k < n; k++) {
    const r = requests[k]!;
    const i = r.input;
    if (r.tool !== undefined) c.tool[k] = r.tool;
    projectId.set(k, r.projectId);
    apiKeyId.set(k, r.apiKeyId);
    c.idempotencyKey[k] = r.idempotencyKey;
    if (r.batch) {
      let log = index.get(r.batch.log);
      if (log === undefined) {
        const { id, projectId, events } = r.batch.log;
        log = logs.push({ id, projectId, events, bodyText: jsonColumn(r.batch.log.body) }) - 1;
        index.set(r.batch.log, log);
      }
      c.log[k] = log;
      c.position[k] = r.batch.position;
    } else if (r.raw !== undefined) {
      c.raw[k] = r.raw;
    }
    c.thought[k] = i.thought;
    c.thoughtNumber[k] = i.thoughtNumber;
    c.totalThoughts[k] = i.totalThoughts;
    c.nextThoughtNeeded[k] = i.nextThoughtNeeded ? 1 : 0;
    c.isRevision[k] = bit(i.isRevision);
    c.revisesThought[k] = i.revisesThought ?? NaN;
    c.branchFromThought[k] = i.branchFromThought ?? NaN;
    if (i.branchId !== undefined) c.branchId[k] = i.branchId;
    c.needsMoreThoughts[k] = bit(i.needsMoreThoughts);
    sessionId.set(k, i.sessionId);
    if (i.stage !== undefined) c.stage[k] = i.stage;
    if (i.tags !== undefined) c.tags[k] = i.tags;
    c.score[k] = i.score ?? NaN;
    if (i.metadata !== undefined) c.metadata[k] = i.metadata;
    c.includeParameterUsage[k] = bit(i.includeParameterUsage);
  }
  return { logs, requests: c };
}

/**
 * The thread's side of postRequests. Every request and its input is built with all of its fields, in one fixed order:
 * objects of one shape keep the batch's code fast (the clone of objects, which gave each the shape of the fields it
 * happened to carry, cost the thread 3 ms of its ~19 per 1,000-event batch). `Complete` makes the compiler list every
 * field, so one added later cannot be dropped here.
 */
export function receivedRequests(message: CommitMessage): WriteRequest[] {
  const logs = message.logs.map((l): Complete<IngestLog> => ({
    id: l.id,
    projectId: l.projectId,
    body: new JsonText(l.bodyText),
    events: l.events,
  }));
  const c = message.requests;
  const requests = new Array<WriteRequest>(c.thought.length);
  for (let k = 0; k < requests.length; k++) {
    const input: Complete<ThoughtInput> = {
      thought: c.thought[k]!,
      thoughtNumber: c.thoughtNumber[k]!,
      totalThoughts: c.totalThoughts[k]!,
      nextThoughtNeeded: c.nextThoughtNeeded[k] === 1,
      isRevision: fromBit(c.isRevision[k]!),
      revisesThought: fromNumber(c.revisesThought[k]!),
      branchFromThought: fromNumber(c.branchFromThought[k]!),
      branchId: c.branchId[k],
      needsMoreThoughts: fromBit(c.needsMoreThoughts[k]!),
      sessionId: valueAt(c.sessionId, k),
      stage: c.stage[k],
      tags: c.tags[k],
      score: fromNumber(c.score[k]!),
      metadata: c.metadata[k],
      includeParameterUsage: fromBit(c.includeParameterUsage[k]!),
    };
    const log = c.log[k]!;
    requests[k] = {
      tool: c.tool[k],
      projectId: valueAt(c.projectId, k)!,
      apiKeyId: valueAt(c.apiKeyId, k)!,
      input,
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
