// Normalised items → thought inputs for the one write path (the same events POST /api/v1/ingest takes). Streaming:
// feed items in source order, each answer depends only on the items before it, so importing a file, importing a longer
// version of it, or following it line by line gives every item the same thought (same idempotency key, same body), and
// the write path writes only what is new.
//
// The source's tree becomes the write path's lanes: an item continues its parent's lane while the parent is that
// lane's last thought; a parent that already has a continuation forks (a rewind, an edited prompt, a retry), and the
// new lane is a branch from the parent's thought. A sub-agent (item.branch) is always a branch, named after it.
// Thought numbers are depths in that tree (a branch numbers on from its fork, as sequentialthinking branches do).
import { fenced } from "../markdown/fence";
import { placeholderText, type ItemKind, type NormalisedItem, type NormalisedSession, type SourceKind } from "./model";

/** A reasoning text longer than this is split at paragraph breaks into consecutive thoughts (whole paragraphs, so a
 *  paragraph longer than this stays one thought): about a screenful of the transcript per thought. */
export const REASONING_CHUNK_CHARS = 2_000;

/** What the write path stores beside a thought's text for an item (lib/contracts/thought-detail.ts validates it). */
export interface ThoughtDetail {
  kind: ItemKind;
  /** The item's id within its source session, `#n` added for the n-th part of a split reasoning text. */
  sourceRef: string;
  at?: string;
  model?: string;
  tokensIn?: number;
  tokensOut?: number;
  tokensReasoning?: number;
  tokensCached?: number;
  latencyMs?: number;
  costUsd?: number;
  toolName?: string;
  toolCallId?: string;
  isError?: boolean;
  withheld?: NormalisedItem["withheld"];
  opaque?: NormalisedItem["opaque"];
}

/** One thought to write: `id` is its idempotency key (an ingest event id), `body` the thought's input. */
export interface ThoughtEvent {
  id: string;
  type: "thought";
  body: {
    thought: string;
    thoughtNumber: number;
    totalThoughts: number;
    nextThoughtNeeded: boolean;
    sessionId: string;
    branchId?: string;
    branchFromThought?: number;
    metadata?: Record<string, string | number | boolean>;
    detail: ThoughtDetail;
  };
}

/** Idempotency keys are at most this long (lib/contracts/ingest.ts). */
const MAX_KEY = 200;
/** Branch names are short texts (lib/contracts/fields.ts SHORT_TEXT). */
const MAX_BRANCH = 200;

/** The session's key in thoughtgraph: the source and its own id, so re-imports and `watch` find the same session. */
export function sessionKey(source: SourceKind, id: string): string {
  return shorten(`${source}:${id}`, MAX_KEY);
}

/** `text` when it fits, else its head and a hash of the whole (FNV-1a, 2 × 32 bits): stable and still unique. */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  const hash = `~${a.toString(16).padStart(8, "0")}${b.toString(16).padStart(8, "0")}`;
  return text.slice(0, max - hash.length) + hash;
}

/** Splits text at blank lines into parts of at most `max` characters, each made of whole paragraphs. */
export function splitParagraphs(text: string, max: number = REASONING_CHUNK_CHARS): string[] {
  if (text.length <= max) return [text];
  const paragraphs = text.split(/\n[ \t]*\n/);
  const parts: string[] = [];
  let current = "";
  for (const p of paragraphs) {
    if (current === "") current = p;
    else if (current.length + 2 + p.length <= max) current += `\n\n${p}`;
    else {
      parts.push(current);
      current = p;
    }
  }
  if (current !== "") parts.push(current);
  return parts.filter((p) => p.trim() !== "");
}

/** A text longer than the thought limit, cut with a note saying how much was left out. */
function fit(text: string, max: number): string {
  if (text.length <= max) return text;
  const note = `\n\n… (${(text.length - (max - 60)).toLocaleString("en-US")} more characters not imported)`;
  return text.slice(0, max - note.length) + note;
}

/** The text a thought shows for an item: never blank (the write path refuses blank thoughts). */
export function thoughtText(source: SourceKind, item: NormalisedItem): string {
  switch (item.kind) {
    case "placeholder":
      return placeholderText(source, item.withheld ?? "not_recorded");
    case "tool_call": {
      const name = item.tool?.name ?? "tool";
      return item.text.trim() === "" ? `**${name}**` : `**${name}**\n\n${fenced(item.text, "json")}`;
    }
    case "tool_result": {
      const head = item.tool?.isError ? "Error" : "Result";
      return item.text.trim() === "" ? `${head}: (no output)` : item.text;
    }
    default:
      return item.text.trim() === "" ? "(empty)" : item.text;
  }
}

interface Placed {
  /** The thought number of the item's last thought, and its lane ("" = the main chain). */
  number: number;
  lane: string;
}

export interface PlanOptions {
  /** The thought limit (characters); longer texts are cut with a note. */
  maxThoughtChars: number;
  /** The door's client name, stored as metadata.client on the first thought. */
  client?: string;
}

/**
 * Streaming planner of one source session's thoughts. `add` answers the thoughts an item becomes (one, or several for
 * a long reasoning text); the answer depends only on the items added before it.
 */
export class ThoughtPlanner {
  private readonly placed = new Map<string, Placed>();
  /** The item last placed in each lane. */
  private readonly tips = new Map<string, string>();
  private first = true;
  readonly key: string;

  constructor(
    private readonly session: Omit<NormalisedSession, "items">,
    private readonly options: PlanOptions,
  ) {
    this.key = sessionKey(session.source, session.id);
  }

  /**
   * Continues a session written before this planner (an earlier request, or before a restart): each lane's last
   * thought number, so new items number on from it. The earlier items are not known by id: a new item whose parent is
   * unknown follows the main lane's last thought.
   */
  resume(lanes: readonly { lane: string; number: number }[]): void {
    for (const { lane, number } of lanes) {
      const id = `\u0000resumed:${lane}`; // no item id holds a NUL (the write path refuses one in a key)
      this.placed.set(id, { number, lane });
      this.tips.set(lane, id);
    }
    if (lanes.length > 0) this.first = false;
  }

  add(item: NormalisedItem): ThoughtEvent[] {
    if (this.placed.has(item.id)) return []; // a source that repeats a record: its first copy stands
    // An unknown parent (a record this reader skipped, a sub-agent whose call is not in the file) follows the main
    // chain's last item; a branch with no known parent starts on its own.
    const known = item.parent !== null && this.placed.has(item.parent);
    const parentId = known ? item.parent : item.branch !== undefined ? null : (this.tips.get("") ?? null);
    const parent = parentId === null ? undefined : this.placed.get(parentId);
    let lane: string;
    let forkFrom: number | undefined;
    // Lanes are named after the item that starts them, so the names do not depend on the order in which a session's
    // files are read (a sub-agent's file beside its session's, followed live or imported after it).
    if (item.branch !== undefined) {
      lane = shorten(this.tips.has(item.branch) ? `${item.branch}~${item.id}` : item.branch, MAX_BRANCH);
      forkFrom = parent?.number;
    } else if (!parent) {
      lane = "";
    } else if (this.tips.get(parent.lane) === parentId) {
      lane = parent.lane;
    } else {
      lane = shorten(`fork-${item.id}`, MAX_BRANCH);
      forkFrom = parent.number;
    }
    const startsLane = !this.tips.has(lane);
    let number = parent ? parent.number : 0;

    const text = thoughtText(this.session.source, item);
    const parts =
      item.kind === "reasoning"
        ? splitParagraphs(text).map((p) => fit(p, this.options.maxThoughtChars))
        : [fit(text, this.options.maxThoughtChars)];
    const events = parts.map((part, i): ThoughtEvent => {
      number += 1;
      const ref = i === 0 ? item.id : `${item.id}#${i + 1}`;
      const body: ThoughtEvent["body"] = {
        thought: part,
        thoughtNumber: number,
        totalThoughts: number,
        nextThoughtNeeded: !(item.kind === "answer" && i === parts.length - 1),
        sessionId: this.key,
        detail: this.detail(item, ref, i === 0),
      };
      if (lane !== "") body.branchId = lane;
      if (i === 0 && startsLane && forkFrom !== undefined) body.branchFromThought = forkFrom;
      if (this.first) {
        body.metadata = this.sessionMetadata();
        this.first = false;
      }
      return { id: shorten(`${this.key}/${ref}`, MAX_KEY), type: "thought", body };
    });
    this.placed.set(item.id, { number, lane });
    this.tips.set(lane, item.id);
    return events;
  }

  /** The detail of an item's thought; usage, latency and cost go with its first part only, so sums count them once. */
  private detail(item: NormalisedItem, sourceRef: string, first: boolean): ThoughtDetail {
    const d: ThoughtDetail = { kind: item.kind, sourceRef };
    if (item.at !== undefined) d.at = item.at;
    if (item.model !== undefined) d.model = item.model;
    if (first) {
      const u = item.usage;
      if (u?.input !== undefined) d.tokensIn = u.input;
      if (u?.output !== undefined) d.tokensOut = u.output;
      if (u?.reasoning !== undefined) d.tokensReasoning = u.reasoning;
      if (u?.cachedInput !== undefined) d.tokensCached = u.cachedInput;
      if (item.latencyMs !== undefined) d.latencyMs = item.latencyMs;
      if (item.costUsd !== undefined) d.costUsd = item.costUsd;
      if (item.opaque !== undefined) d.opaque = item.opaque;
    }
    if (item.tool) {
      d.toolName = item.tool.name;
      d.toolCallId = item.tool.callId;
      if (item.tool.isError) d.isError = true;
    }
    if (item.withheld !== undefined) d.withheld = item.withheld;
    return d;
  }

  /** The session's facts, sent with its first thought (the write path keeps a new session's first metadata). */
  private sessionMetadata(): Record<string, string> {
    const s = this.session;
    const m: Record<string, string> = { agent: s.agent ?? s.source, source: s.source };
    if (s.model) m.model = s.model;
    if (this.options.client) m.client = this.options.client;
    if (s.cwd) m.cwd = s.cwd;
    if (s.gitBranch) m.gitBranch = s.gitBranch;
    if (s.version) m.version = s.version;
    return m;
  }
}

/** Every thought of a whole session, in order. */
export function planThoughts(session: NormalisedSession, options: PlanOptions): ThoughtEvent[] {
  const planner = new ThoughtPlanner(session, options);
  return session.items.flatMap((item) => planner.add(item));
}
