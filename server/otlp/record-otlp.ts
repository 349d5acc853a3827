// The OTLP write: decoded spans and log records → normalised sessions (assemble.ts) → thought events
// (lib/normalised/plan-thoughts.ts) → the one write path, as one logged request. Dedupe: an item's id (trace + span +
// part) is its thought's idempotency key, so replaying an export writes nothing new.
//
// A trace arrives in pieces (exporters send spans as they end), so each session keeps its planner between requests:
// in memory for the sessions written lately, and otherwise resumed from the database (each lane's last thought
// number), so numbering goes on after a restart or on another server.
import "@/server/server-only";
import { ThoughtPlanner, sessionKey, type ThoughtEvent } from "@/lib/normalised/plan-thoughts";
import type { NormalisedSession } from "@/lib/normalised/model";
import { parseThoughtInput, withClient } from "@/lib/contracts/thought";
import { uuidv7 } from "@/lib/ids";
import { currentLimits } from "@/server/config";
import { getDb } from "@/server/db/client";
import type { Writer } from "@/server/ingest/record-thoughts";
import { submitThoughts } from "@/server/ingest/thought-writer";
import type { IngestLog, WriteRequest } from "@/server/ingest/write-batch";
import { assemble, type Assembled, type SpanRef } from "./assemble";
import type { OtlpLogRecord, OtlpSpan } from "./spans";

/** What an export's answer reports: spans whose thoughts were refused (the OTLP partial success), and why. */
export interface OtlpOutcome {
  rejected: number;
  message: string;
  /** Thoughts written by this request (new ones only). */
  written: number;
}

interface Follow {
  planner: ThoughtPlanner;
  /** Traces with items placed by this planner (an agent span's own items stand in only for a trace without any). */
  traces: Set<string>;
}

/** Sessions whose planners stay in memory between requests (the least recently written are dropped first). */
const FOLLOWED = 1_000;
const followed = new Map<string, Promise<Follow>>();
/** The same planners once ready, for what planning asks synchronously. */
const ready = new Map<string, Follow>();

const followKey = (projectId: string, session: Pick<NormalisedSession, "source" | "id">) =>
  `${projectId}\u0000${sessionKey(session.source, session.id)}`;

async function resumeLanes(projectId: string, key: string): Promise<{ lane: string; number: number }[]> {
  const db = getDb();
  const session = await db.thinkingSession.findUnique({
    where: { projectId_key: { projectId, key } },
    select: { id: true },
  });
  if (!session) return [];
  const lanes = await db.thought.groupBy({
    by: ["branchId"],
    where: { sessionId: session.id },
    _max: { thoughtNumber: true },
  });
  return lanes.map((l) => ({ lane: l.branchId ?? "", number: l._max.thoughtNumber ?? 0 }));
}

function follow(projectId: string, session: Omit<NormalisedSession, "items">): Promise<Follow> {
  const key = followKey(projectId, session);
  let entry = followed.get(key);
  if (entry) {
    followed.delete(key); // re-inserted below: most recently used last
  } else {
    entry = (async () => {
      const planner = new ThoughtPlanner(session, { maxThoughtChars: currentLimits().maxThoughtChars });
      planner.resume(await resumeLanes(projectId, planner.key));
      const f = { planner, traces: new Set<string>() };
      ready.set(key, f);
      return f;
    })();
    entry.catch(() => followed.delete(key));
  }
  followed.set(key, entry);
  if (followed.size > FOLLOWED) {
    const oldest = followed.keys().next().value!;
    followed.delete(oldest);
    ready.delete(oldest);
  }
  return entry;
}

/** A span as the partial-success count tells spans apart. */
const spanKey = (span: SpanRef) => `${span.traceId}:${span.spanId}`;

/** Forgets a session's planner (after a failed write: the next request resumes from what was stored). */
function forget(projectId: string, sessionKeyText: string) {
  followed.delete(`${projectId}\u0000${sessionKeyText}`);
  ready.delete(`${projectId}\u0000${sessionKeyText}`);
}

/** Records an export's spans and log records. Only the assembly waits for the write (returned, not awaited, so this
 *  frame ends at once): the spans and their attributes, most of a decoded export, are garbage while it waits instead
 *  of surviving young-generation collections. */
export async function recordOtlp(
  who: Writer,
  spans: OtlpSpan[],
  logs: OtlpLogRecord[],
  logBody: unknown,
): Promise<OtlpOutcome> {
  const assembled = assemble(
    spans,
    logs,
    (sessionId, traceId) =>
      ready.get(followKey(who.projectId, { source: "otlp", id: sessionId }))?.traces.has(traceId) ?? false,
  );
  return recordAssembled(who, assembled, logBody);
}

async function recordAssembled(who: Writer, { sessions, origin }: Assembled, logBody: unknown): Promise<OtlpOutcome> {
  // Every session's planner is made ready first; planning itself is synchronous, so two requests for one session
  // plan in turn.
  const follows = new Map<string, Follow>();
  for (const s of sessions) follows.set(s.id, await follow(who.projectId, s));

  const events: { event: ThoughtEvent; span: SpanRef; sessionKey: string }[] = [];
  for (const s of sessions) {
    const f = follows.get(s.id)!;
    for (const item of s.items) {
      const span = origin.get(item.id)!;
      for (const event of f.planner.add(item)) events.push({ event, span, sessionKey: f.planner.key });
      f.traces.add(span.traceId);
    }
  }
  if (events.length === 0) return { rejected: 0, message: "", written: 0 };
  // Returned, not awaited: the sessions, items and events planned are garbage while the write runs.
  return write(prepareWrites(who, events, logBody));
}

/** What the write of an export's events needs, and what its answer needs of them. */
interface Writes {
  projectId: string;
  requests: WriteRequest[];
  /** Each request's span. */
  spanOf: SpanRef[];
  /** The sessions planned (forgotten if the write fails). */
  planned: Set<string>;
  /** Span → the reason its thoughts were refused. */
  refused: Map<string, string>;
}

function prepareWrites(
  who: Writer,
  events: { event: ThoughtEvent; span: SpanRef; sessionKey: string }[],
  logBody: unknown,
): Writes {
  const limits = currentLimits();
  const log: IngestLog = { id: uuidv7(), projectId: who.projectId, body: logBody, events: events.length };
  const w: Writes = { projectId: who.projectId, requests: [], spanOf: [], planned: new Set(), refused: new Map() };
  events.forEach(({ event, span, sessionKey: key }, i) => {
    w.planned.add(key);
    const parsed = parseThoughtInput(event.body, limits);
    if (!parsed.ok) {
      w.refused.set(spanKey(span), `${parsed.problem.field}: ${parsed.problem.message}`);
      return;
    }
    w.requests.push({
      tool: "otlp",
      projectId: who.projectId,
      apiKeyId: who.apiKeyId,
      input: withClient(parsed.value, who.client),
      raw: undefined, // a request of a logged batch is stored as its place in the log (the log holds the body)
      idempotencyKey: event.id,
      batch: { log, position: i },
    });
    w.spanOf.push(span);
  });
  return w;
}

async function write({ projectId, requests, spanOf, planned, refused }: Writes): Promise<OtlpOutcome> {
  let outcomes;
  try {
    outcomes = await submitThoughts(requests);
  } catch (error) {
    for (const key of planned) forget(projectId, key);
    throw error;
  }
  let written = 0;
  outcomes.forEach((o, k) => {
    if (o.status === 201) written++;
    if (o.result !== undefined || o.error.code === "idempotency_key_reused") return; // new, or recorded before
    refused.set(spanKey(spanOf[k]!), o.error.message);
  });
  const reasons = [...new Set(refused.values())];
  return {
    rejected: refused.size,
    message: reasons.length === 0 ? "" : `${refused.size} span(s) not recorded: ${reasons.slice(0, 3).join("; ")}`,
    written,
  };
}
