// Spans (and GenAI log events) of one export → normalised sessions (lib/normalised/model.ts), each item placed:
//   - session: the first session attribute on the span, its ancestors, or its trace (conventions/session.ts), else
//     the trace id; several traces (turns of one conversation) may share a session
//   - order: span start time, then the order within the span
//   - structure: an item follows the previous item of its lane; the main lane holds the outermost agent's work, and
//     an agent run inside another (a sub-agent, by parent span or OpenInference graph.node.parent_id) is a lane of
//     its own, a branch from the item before it started (usually the tool call that started it)
//   - ids: trace + span + the item's key, so replaying an export gives the same ids (the write's idempotency keys);
//     a tool call and its result are keyed by the call id, so the call a model made and the span that ran it are one
//     item, whichever comes first
// Spans that end later are exported later (a parent after its children): structure is known for what one export
// holds. An item whose lane began in an earlier export follows the session's latest item.
import "@/server/server-only";
import type { NormalisedItem, NormalisedSession } from "@/lib/normalised/model";
import { OPERATION_DETAILS } from "./conventions/genai";
import type { SpanItem } from "./conventions/parts";
import { type SpanReading, type SpanStamp } from "./conventions/reading";
import { readSpan } from "./conventions/read-span";
import { agentOf, serviceOf, sessionIdOf } from "./conventions/session";
import type { OtlpLogRecord, OtlpSpan } from "./spans";
import { isObject } from "./conventions/values";

/** Which span an item came from: its ids only, so the span (and its attributes) need not outlive the assembly. */
export type SpanRef = Pick<OtlpSpan, "traceId" | "spanId">;

interface Rec {
  span: OtlpSpan;
  ref: SpanRef;
  reading: SpanReading;
  /** Position in the export, for a stable order among equal start times. */
  index: number;
  /** The span's start (nanoseconds, decimal text: compared by byTime). */
  start: string;
  /** A log event standing in for a span (its items, at the span's place when the span is in the export). */
  fromLog?: true;
}

/** A GenAI log event as a span holding it as its one event, at the span it names (or a made-up one). */
function logAsSpan(r: OtlpLogRecord, i: number): OtlpSpan | null {
  if (!r.eventName.startsWith("gen_ai.")) return null;
  const body = isObject(r.body) ? r.body : r.body === null ? {} : { content: r.body };
  const attributes = { ...r.attributes, ...body };
  return {
    traceId: r.traceId ?? `log-${r.timeUnixNano}-${i}`,
    spanId: r.spanId ?? `log${i}`,
    parentSpanId: null,
    name: r.eventName,
    kind: 0,
    startTimeUnixNano: r.timeUnixNano !== "0" ? r.timeUnixNano : r.observedTimeUnixNano,
    endTimeUnixNano: "0",
    attributes: r.eventName === OPERATION_DETAILS ? attributes : {},
    events: r.eventName === OPERATION_DETAILS ? [] : [{ name: r.eventName, timeUnixNano: r.timeUnixNano, attributes }],
    status: { code: 0, message: "" },
    resource: r.resource,
    scope: r.scope,
  };
}

/** Two times in nanoseconds as decoding writes them (decimal text without leading zeros, "0" when absent) in order:
 *  the shorter is the smaller, else the text decides. Items of one span share their time's text, so most comparisons
 *  end at the identity check (two BigInts per span and their comparisons were ~0.5 µs per span). */
const byTime = (a: string, b: string) => (a === b ? 0 : a.length !== b.length ? a.length - b.length : a < b ? -1 : 1);
/** Where a record's items go: its session, the session's lanes and item ids, and the lane of the agent run it is in
 *  (a sub-agent's, else the main lane ""). */
interface Place {
  session: NormalisedSession;
  /** Lane → its last item's id. */
  tips: Map<string, string>;
  placed: Set<string>;
  sub: Rec | undefined;
  lane: string;
  outerLane: string;
}

const byStart = (a: Rec, b: Rec) => byTime(a.start, b.start) || a.index - b.index;

/** Whether an earlier export already placed items of this trace in this session (the planner knows). */
export type TraceSeen = (sessionId: string, traceId: string) => boolean;

export interface Assembled {
  sessions: NormalisedSession[];
  /** Each item's span (for the traces a planner has seen, and the partial-success count of spans a write refused). */
  origin: Map<string, SpanRef>;
}

export function assemble(spans: OtlpSpan[], logs: OtlpLogRecord[] = [], seen: TraceSeen = () => false): Assembled {
  const recs: Rec[] = spans.map((span, index) => ({
    span,
    ref: { traceId: span.traceId, spanId: span.spanId },
    reading: readSpan(span),
    index,
    start: span.startTimeUnixNano,
  }));
  logs.forEach((r, i) => {
    const span = logAsSpan(r, i);
    if (span) {
      const ref = { traceId: span.traceId, spanId: span.spanId };
      const start = span.startTimeUnixNano;
      recs.push({ span, ref, reading: readSpan(span), index: spans.length + i, start, fromLog: true });
    }
  });

  const bySpan = new Map<string, Rec>();
  const byNode = new Map<string, Rec>();
  for (const r of recs) {
    if (r.fromLog) continue;
    if (!bySpan.has(r.span.spanId)) bySpan.set(r.span.spanId, r);
    const node = r.reading.graphNode;
    if (node && !byNode.has(node.id)) byNode.set(node.id, r);
  }
  const parentOf = (r: Rec): Rec | undefined => {
    if (r.fromLog) {
      const self = bySpan.get(r.span.spanId);
      return self ? parentOf(self) : undefined;
    }
    const node = r.reading.graphNode;
    if (node?.parentId && byNode.has(node.parentId)) return byNode.get(node.parentId);
    return r.span.parentSpanId ? bySpan.get(r.span.parentSpanId) : undefined;
  };
  /** A record's ancestors, innermost first, each once (a cycle of parent ids ends the walk). */
  const ancestorsOf = (r: Rec): Rec[] => {
    const line: Rec[] = [];
    for (let at = parentOf(r); at && at !== r && !line.includes(at); at = parentOf(at)) line.push(at);
    return line;
  };
  /** The agent runs around a record, innermost first (itself included when it is one). */
  const agentsCache = new Map<Rec, readonly Rec[]>();
  const agentsAround = (r: Rec): readonly Rec[] => {
    let agents = agentsCache.get(r);
    if (agents) return agents;
    const self = r.fromLog ? bySpan.get(r.span.spanId) : r;
    agents = self ? [self, ...ancestorsOf(self)].filter((at) => at.reading.role === "agent") : [];
    agentsCache.set(r, agents);
    return agents;
  };

  // Sessions: the span's own attribute, an ancestor's, else the first in its trace, else the trace id.
  const firstWithSession = new Map<string, Rec>(); // trace → its first record (by start) naming a session
  for (const r of recs) {
    if (!sessionIdOf(r.span.attributes)) continue;
    const first = firstWithSession.get(r.span.traceId);
    if (!first || byStart(r, first) < 0) firstWithSession.set(r.span.traceId, r);
  }
  const sessionOf = (r: Rec): string => {
    const own = sessionIdOf(r.span.attributes);
    if (own) return own;
    for (const at of ancestorsOf(r)) {
      const id = sessionIdOf(at.span.attributes);
      if (id) return id;
    }
    const first = firstWithSession.get(r.span.traceId);
    return first ? sessionIdOf(first.span.attributes)! : r.span.traceId;
  };

  // An agent span's own items stand in only for a trace whose model and tool spans gave none.
  const tracesWithItems = new Set(
    recs.filter((r) => !r.reading.fallback && r.reading.items.length > 0).map((r) => r.span.traceId),
  );

  // Items in time order: each at its span's start (a tool's result at its span's end), then in the span's order.
  const entries: { r: Rec; it: SpanItem; time: string; k: number }[] = [];
  for (const r of recs) {
    if (r.reading.items.length === 0) continue;
    const atEnd = r.reading.stamp?.resultsAtEnd === true && r.span.endTimeUnixNano !== "0";
    r.reading.items.forEach((it, k) => {
      const time = atEnd && it.kind === "tool_result" ? r.span.endTimeUnixNano : r.start;
      entries.push({ r, it, time, k });
    });
  }
  entries.sort((a, b) => byTime(a.time, b.time) || a.r.index - b.r.index || a.k - b.k);

  const sessions = new Map<string, NormalisedSession>();
  const origin = new Map<string, SpanRef>();
  const lanes = new Map<string, Map<string, string>>(); // session → lane → last item id
  const ids = new Map<string, Set<string>>(); // session → its item ids
  // Where a record's items go, found at its first item (null: its items stand aside); its other items reuse it.
  const places = new Map<Rec, Place | null>();
  const placeOf = (r: Rec): Place | null => {
    const { span, reading } = r;
    const sessionId = sessionOf(r);
    if (reading.fallback && (tracesWithItems.has(span.traceId) || seen(sessionId, span.traceId))) return null;
    let session = sessions.get(sessionId);
    if (!session) {
      const root = agentsAround(r).at(-1);
      session = {
        source: "otlp",
        id: sessionId,
        agent: root?.reading.agent ?? agentOf(span.attributes) ?? serviceOf(span.resource),
        items: [],
      };
      sessions.set(sessionId, session);
      lanes.set(sessionId, new Map());
      ids.set(sessionId, new Set());
    }
    const agents = agentsAround(r);
    const sub = agents.length >= 2 ? agents[0]! : undefined;
    return {
      session,
      tips: lanes.get(sessionId)!,
      placed: ids.get(sessionId)!,
      sub,
      lane: sub ? sub.span.spanId : "",
      outerLane: agents.length >= 3 ? agents[1]!.span.spanId : "",
    };
  };
  for (const { r, it, k } of entries) {
    let place = places.get(r);
    if (place === undefined) places.set(r, (place = placeOf(r)));
    if (place === null) continue;
    const { session, tips, placed, sub, lane, outerLane } = place;
    const id = itemId(r.span, it);
    if (placed.has(id)) continue;
    placed.add(id);
    const item = sessionItem(it, k, r.reading.stamp, id, tips.get(lane) ?? null);
    if (!tips.has(lane) && sub) {
      item.parent = tips.get(outerLane) ?? null;
      item.branch = `${sub.reading.agent ?? "agent"}-${sub.span.spanId.slice(0, 8)}`;
    }
    origin.set(id, r.ref);
    session.model ??= item.model;
    session.items.push(item);
    tips.set(lane, id);
  }
  return { sessions: [...sessions.values()], origin };
}

/** A span's item (its `k`-th) as the session's: its fields and what it takes from its span (./conventions/reading.ts
 *  stamp), without the span's key and place. (Built field by field: a rest copy and a spread of it were over half of
 *  assemble's own time in a CPU profile of bench:ingest's OTLP exports.) */
function sessionItem(
  it: SpanItem,
  k: number,
  stamp: SpanStamp | undefined,
  id: string,
  parent: string | null,
): NormalisedItem {
  const item: NormalisedItem = { id, parent, kind: it.kind, text: it.text };
  if (stamp) {
    if (stamp.at !== undefined) item.at = stamp.at;
    if (stamp.model !== undefined && it.kind !== "prompt") item.model = stamp.model;
    if (k === stamp.first && stamp.usage !== undefined) item.usage = stamp.usage;
    if (k === stamp.latencyAt && stamp.latencyMs !== undefined) item.latencyMs = stamp.latencyMs;
    if (k === stamp.first && stamp.costUsd !== undefined) item.costUsd = stamp.costUsd;
  }
  if (it.tool !== undefined) item.tool = it.tool;
  if (it.withheld !== undefined) item.withheld = it.withheld;
  if (it.opaque !== undefined) item.opaque = it.opaque;
  return item;
}

/** An item's id: a call or result by its call id, a prompt by its trace, anything else by trace, span and key. */
function itemId(span: OtlpSpan, it: SpanItem): string {
  if (it.key.startsWith("call:") || it.key.startsWith("result:")) return it.key;
  if (it.key.startsWith("prompt:")) return `${span.traceId}:${it.key}`;
  return `${span.traceId}:${span.spanId}:${it.key}`;
}
