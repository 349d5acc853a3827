// What the thought write path reads and writes, as one small interface with two implementations:
// server/ingest/write-store-sqlite.ts (synchronous prepared statements on the SQLite connection, inside one synchronous
// transaction) and server/ingest/write-store-pg.ts (PostgreSQL, on one pg connection between BEGIN and COMMIT). The
// decisions in between are made once, in server/ingest/write-batch.ts.
import { STORED_THOUGHT, type StoredKind, type StoredRegistry } from "@/lib/contracts/stored-thought";
import type { LoggedResult } from "@/lib/domain/continuation";
import type { Placement } from "./write-batch";

export interface SessionRow {
  id: string;
  projectId: string;
  key: string | null;
  status: string;
  title: string | null;
  apiKeyId: string | null;
  client: string | null;
  lastActivityAt: Date;
  thoughtCount: number;
  /** The `think` tool's step counter: monotonic, never recomputed from the thoughts. */
  thinkStep: number;
}

export interface AgentRef {
  projectId: string;
  apiKeyId: string | null;
  client: string | null;
}

/** What the batch needs to know before it can assign sessions. */
export interface FirstLoad {
  /** Idempotency keys to look up, per project. */
  replayKeys: Map<string, string[]>;
  /**
   * The same keys (each once) as they will be stored if new, sorted. A store that claims keys (PostgreSQL) inserts
   * them here and looks up only the ones already taken: one statement instead of a lookup and a later insert.
   */
  keyClaims?: KeyClaim[];
  /** Session ids or agent keys named explicitly, per project. */
  sessionRefs: Map<string, string[]>;
  /** Agents whose thoughts join their most recent active session, active since `idleSince`. */
  agents: AgentRef[];
  idleSince: Date;
}

export interface FirstLoadResult {
  /** `body`: the thought body the key was first used with, as sent (compared with a retry's on replay). */
  replays: { projectId: string; key: string; result: LoggedResult | Placement; body: unknown }[];
  sessions: SessionRow[];
  /** The most recent joinable session per agent, in the order of `agents` (null when none). */
  recent: (SessionRow | null)[];
  /** The store has inserted every claimed key that is not a replay: the plan writes no key rows, and takes back
   *  (BatchWrites.unclaimed) the keys of requests that wrote nothing. */
  claimed?: boolean;
}

export interface SecondLoadResult {
  /** PostgreSQL: the existing sessions re-read under a row lock (their counters are now final for this batch). */
  locked: SessionRow[] | null;
  branches: { sessionId: string; key: string; forkThought: number | null; forkThoughtId: string | null }[];
  /** Thoughts with the referenced numbers, in arrival order. */
  thoughts: { id: string; sessionId: string; thoughtNumber: number; branchId: string | null }[];
}

export interface SessionCounters {
  id: string;
  thoughtCount: number;
  branchCount: number;
  revisionDelta: number;
  flagDelta: number;
  status: string;
  title: string | null;
  thinkStep: number;
  lastActivityAt: Date;
}

export type Row = Record<string, unknown>;

export interface BatchWrites {
  sessions: Row[];
  thoughts: Row[];
  branches: Row[];
  /** Logged requests (IngestEvent), and the idempotency keys they answered (IngestKey). */
  events: Row[];
  keys: Row[];
  /** PostgreSQL: compute the thoughts' search column in the insert, because the indexer is behind (search-indexer.ts). */
  indexSearch?: boolean;
  /** Keys claimed in the first load whose request was refused: deleted, as if never claimed. */
  unclaimed?: { projectId: string; key: string }[];
  sessionUpdates: SessionCounters[];
}

/** An idempotency key as stored: the logged request that answered it, and its position in an ingest request. */
export interface KeyRow {
  key: string;
  eventId: string;
  position: number | null;
}

/** An idempotency key with the request that will answer it, as IngestKey stores it. */
export interface KeyClaim extends KeyRow {
  projectId: string;
}

/**
 * The first answer to each key, and the thought body it answered, from its keys and their logged requests (event id →
 * parsed result and body). A single request's result and body are the answer and thought; an ingest request's hold one
 * per position. A key whose answer is missing is left out (it cannot happen: key and event are written in one
 * transaction).
 */
export function replaysOf(
  projectId: string,
  keys: KeyRow[],
  logged: Map<string, { result: unknown; body: unknown }>,
): FirstLoadResult["replays"] {
  const out: FirstLoadResult["replays"] = [];
  for (const k of keys) {
    const event = logged.get(k.eventId);
    if (!event) continue;
    const at = k.position;
    const result =
      at === null ? event.result : (event.result as { results?: (LoggedResult | Placement | null)[] }).results?.[at];
    const body = at === null ? event.body : (event.body as { events?: { body?: unknown }[] }).events?.[at]?.body;
    if (result) out.push({ projectId, key: k.key, result: result as LoggedResult | Placement, body });
  }
  return out;
}

/** A JSON column value that is already JSON text (an ingest request's body as it arrived): stored as is. */
export class JsonText {
  constructor(readonly text: string) {}

  /** Serialised inside another value, the value it holds (a replay compares inputs holding a DetailText as JSON). */
  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

/**
 * A thought's detail as the write thread receives it (./columns.ts; typed as the input's detail there): the JSON text
 * its Thought row stores, serialised on the serving thread, and the kind the row's `kind` column takes. A detail
 * object would be copied by both threads' structured clone and then serialised by the write thread: bench:ingest's
 * OTLP exports (a detail on every thought) cost the write thread 12.6–12.9 ms of CPU per 1,000 thoughts this way and
 * 15.0 that way, the serving thread 18.7–19.1 either way.
 */
export class DetailText extends JsonText {
  constructor(
    text: string,
    readonly kind: string,
  ) {
    super(text);
  }
}

/** A `json` column's text: JsonText as it is, anything else serialised. */
export function jsonColumn(value: unknown): string {
  return value instanceof JsonText ? value.text : JSON.stringify(value);
}

type MaybePromise<T> = T | Promise<T>;

export interface WriteStore<M extends "sync" | "async"> {
  firstLoad(q: FirstLoad): M extends "sync" ? FirstLoadResult : MaybePromise<FirstLoadResult>;
  secondLoad(
    existingSessionIds: string[],
    numbers: number[],
  ): M extends "sync" ? SecondLoadResult : MaybePromise<SecondLoadResult>;
  write(w: BatchWrites): M extends "sync" ? void : MaybePromise<void>;
}

/** Column kinds of the tables the write path inserts into (names as in prisma/schema.base.prisma). "log": JSON kept
 *  as its text, never queried inside (PostgreSQL `json`, not `jsonb`: migration 20261126193000_ingest_event_json). */
export type ColumnKind = "text" | "int" | "real" | "bool" | "json" | "log" | "date";

const COLUMN_KINDS: Record<StoredKind, ColumnKind> = {
  text: "text",
  int: "int",
  real: "real",
  bool: "bool",
  json: "json",
  strings: "json",
  date: "date",
};

/** The column kinds of a stored-column registry, in its order. */
export function tableColumns(registry: StoredRegistry): Record<string, ColumnKind> {
  return Object.fromEntries(Object.entries(registry).map(([name, column]) => [name, COLUMN_KINDS[column.kind]]));
}

export const TABLES = {
  ThinkingSession: {
    id: "text",
    projectId: "text",
    key: "text",
    title: "text",
    status: "text",
    apiKeyId: "text",
    agent: "text",
    client: "text",
    model: "text",
    metadata: "json",
    thoughtCount: "int",
    branchCount: "int",
    revisionCount: "int",
    flagCount: "int",
    thinkStep: "int",
    createdAt: "date",
    updatedAt: "date",
    lastActivityAt: "date",
  },
  /** Derived from the stored-thought registry (lib/contracts/stored-thought.ts), like every whole-thought list. */
  Thought: tableColumns(STORED_THOUGHT),
  Branch: {
    id: "text",
    projectId: "text",
    sessionId: "text",
    key: "text",
    ordinal: "int",
    forkThought: "int",
    forkThoughtId: "text",
    createdAt: "date",
  },
  IngestEvent: {
    id: "text",
    projectId: "text",
    kind: "text",
    body: "log",
    status: "int",
    result: "log",
    createdAt: "date",
  },
  IngestKey: {
    projectId: "text",
    key: "text",
    eventId: "text",
    position: "int",
  },
} as const satisfies Record<string, Record<string, ColumnKind>>;

export type TableName = keyof typeof TABLES;

let lastDate = { ms: NaN, text: "" };

/** Prisma stores DateTime on SQLite as ISO-8601 text with an explicit +00:00 offset; we write the same. */
export function sqliteDate(d: Date): string {
  // Every row of a batch carries the batch's one timestamp: format it once, not once per row and column.
  const ms = d.getTime();
  if (ms !== lastDate.ms) lastDate = { ms, text: d.toISOString().replace("Z", "+00:00") };
  return lastDate.text;
}

/** The other way, as Prisma reads it back, in ISO form: the text sqliteDate writes, or anything else Date parses
 *  (milliseconds, other offsets). */
export function isoOfSqliteDate(value: string | number): string {
  if (typeof value === "string" && value.length === 29 && value.endsWith("+00:00")) return `${value.slice(0, 23)}Z`;
  return new Date(value).toISOString();
}
