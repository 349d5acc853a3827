// One batch of thought writes, in three steps around two loads: which sessions the requests belong to, what those
// sessions already hold, and the rows to write. All decisions live here and in lib/domain/apply-thought.ts; the
// stores (server/ingest/write-store*.ts) only run queries. Every door (REST, ingest, MCP) ends here, so the same input
// gives the same rows whichever door it came through; the query count per batch does not grow with its size.
import type { ApiErrorBody } from "@/lib/contracts/errors";
import { mergeBuilder } from "@/lib/contracts/object-shape";
import {
  STORED_THOUGHT,
  type ComputedColumn,
  type StoredRegistry,
  type StoredRow,
} from "@/lib/contracts/stored-thought";
import { parseThoughtInput, withClient, type ThoughtInput, type ThoughtResult } from "@/lib/contracts/thought";
import { emptyIndex, indexThought, planThought, recordPlan, type SessionIndex } from "@/lib/domain/apply-thought";
import { loggedResult, shouldContinue, type LoggedResult, type ResultFacts } from "@/lib/domain/continuation";
import { decideSession, decideThinkSession, withinIdleWindow, type SessionDecision } from "@/lib/domain/session-rule";
import { uuidv7 } from "@/lib/ids";
import { plainLine } from "@/lib/markdown/plain";
import type { Limits } from "@/lib/limits";
import type {
  AgentRef,
  BatchWrites,
  FirstLoad,
  FirstLoadResult,
  KeyClaim,
  Row,
  SecondLoadResult,
  SessionRow,
} from "@/server/ingest/write-store";

export interface WriteRequest {
  /** Which tool sent it, stored as the thought's `source`: a `think` thought is numbered by the session's step
   *  counter, not by the agent; "thoughtmcp" marks ThoughtMCP's reasoning tools (numbered by their caller);
   *  "transcript" and "otlp" mark thoughts read out of an imported transcript or an OpenTelemetry export. */
  tool?: "sequentialthinking" | "think" | "thoughtmcp" | "transcript" | "otlp";
  projectId: string;
  apiKeyId: string | null;
  input: ThoughtInput;
  /** The body as the agent sent it, kept in the ingest log. */
  raw: unknown;
  /** Idempotency-Key header or ingest event id. */
  idempotencyKey: string | null;
  /** Set for the events of one ingest request: logged once for the whole request, this event at `position`. */
  batch?: EventRef;
}

/** An ingest event: its request's log, and its position in the request's events. */
export interface EventRef {
  log: IngestLog;
  position: number;
}

/** One POST /api/v1/ingest request, logged as one IngestEvent whatever the number of its events. */
export interface IngestLog {
  id: string;
  projectId: string;
  /** The request body (JsonText when the door kept the text as it arrived). */
  body: unknown;
  /** How many events the request held (the logged results have one slot per event). */
  events: number;
  /** What the log keeps of each written event: its facts (by default: a single request with the same key gets its
   *  whole answer), or only its Placement, for a door whose events no single request can repeat (an OTLP export's
   *  spans): ~110 bytes of JSON per event instead of ~200. */
  keep?: "placement";
}

/**
 * Where an ingest event's thought went: all its answer holds. The event's full result is kept in the ingest log (for a
 * replay through a single request), and is not carried back to the door: 1,000 full results cost the write thread ~1 ms
 * to post and the serving thread as much to receive (bench:ingest).
 */
export type Placement = Pick<ThoughtResult, "sessionId" | "thoughtId" | "seq">;

/** The answer to one request: a single request's holds its full result, an ingest event's its Placement. */
export type WriteOutcome<R extends Placement = ThoughtResult> =
  { status: 201 | 200; result: R } | { status: number; error: ApiErrorBody; result?: undefined };

/** An outcome while the batch runs: a written or replayed thought's answer as logged (finish() makes the answer). */
type Decided = WriteOutcome<LoggedResult | Placement>;

export interface SessionEventRef {
  projectId: string;
  sessionId: string;
  seq: number;
}

/** A session touched by the batch: its row as loaded (or made), the index, and what the batch changes. */
interface Touched {
  row: SessionRow;
  isNew: boolean;
  index: SessionIndex;
  revisions: number;
  flags: number;
  status: string;
  agent: string | null;
  model: string | null;
  metadata: Record<string, unknown> | null;
}

/** The Thought columns the write path computes; the others are copied from the input (`input` in the registry). */
export type ComputedThought<R extends StoredRegistry = typeof STORED_THOUGHT> = Pick<StoredRow<R>, ComputedColumn<R>>;

/**
 * A stored thought's row of a registry (lib/contracts/stored-thought.ts), from the columns the write path computes and
 * the input: one object literal in the registry's order, generated once (lib/contracts/object-shape.ts), so a row
 * costs what the hand-written literal did.
 */
export function thoughtRowBuilder<R extends StoredRegistry>(
  registry: R,
): (own: ComputedThought<R>, input: ThoughtInput) => Row {
  const sources = Object.fromEntries(Object.entries(registry).flatMap(([c, s]) => (s.input ? [[c, s.input]] : [])));
  const build = mergeBuilder(Object.keys(registry), sources);
  return (own, input) => build(own, input);
}

const thoughtRow = thoughtRowBuilder(STORED_THOUGHT);

const TITLE_CHARS = 120;
/** The first line of the first thought as plain text (code spans keep their underscores). */
export function titleFrom(text: string): string {
  const line = plainLine(text.trim().split("\n", 1)[0] ?? "");
  return line.length > TITLE_CHARS ? `${line.slice(0, TITLE_CHARS - 1)}…` : line;
}

/** JSON with object keys sorted, so two equal values give the same text whatever their key order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * Whether a key's first thought body (as sent) is the request `r` again: both go through the contract the door uses, so
 * snake_case vs camelCase or "3" vs 3 are the same request. Runs only on a replay: a new key costs nothing.
 */
function sameRequest(stored: unknown, r: WriteRequest, limits: Limits): boolean {
  const parsed = parseThoughtInput(stored, limits);
  if (!parsed.ok) return false;
  return canonicalJson(withClient(parsed.value, r.input.metadata?.client)) === canonicalJson(r.input);
}

/** 409 for a key reused with a different body (as Stripe answers): the first answer is not this request's. */
function keyReused(r: WriteRequest): Decided {
  return {
    status: 409,
    error: {
      code: "idempotency_key_reused",
      message: `The idempotency key "${r.idempotencyKey}" was already used for a different request.`,
      field: r.batch ? `events[${r.batch.position}].id` : "Idempotency-Key",
      suggestion: "Use a new key for a different request; send the identical body again to get the first answer.",
    },
  };
}

const SEP = "\u0000";
const agentKey = (a: AgentRef) => `${a.projectId}${SEP}${a.apiKeyId ?? ""}${SEP}${a.client ?? ""}`;
const decisionFor = (r: WriteRequest) =>
  r.tool === "think" ? decideThinkSession(r.input.sessionId) : decideSession(r.input);
const agentOf = (r: WriteRequest): AgentRef => ({
  projectId: r.projectId,
  apiKeyId: r.apiKeyId,
  client: r.input.metadata?.client ?? null,
});

/**
 * Values by project, then by a string unique within it (an idempotency key, a session reference). Nested maps need no
 * joined string built and hashed per request (for a 1,000-event batch, ~0.4 ms of the write thread's time).
 */
class PerProject<V> {
  private readonly maps = new Map<string, Map<string, V>>();

  get(projectId: string, key: string): V | undefined {
    return this.maps.get(projectId)?.get(key);
  }

  set(projectId: string, key: string, value: V): void {
    let map = this.maps.get(projectId);
    if (!map) this.maps.set(projectId, (map = new Map<string, V>()));
    map.set(key, value);
  }

  values(): V[] {
    return [...this.maps.values()].flatMap((map) => [...map.values()]);
  }

  entries(): [string, Map<string, V>][] {
    return [...this.maps];
  }
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export class WriteBatch {
  private readonly outcomes: (Decided | undefined)[];
  private readonly sessionOf: (Touched | null)[];
  /** Each request's session decision (decideSession), made once in firstLoad. */
  private readonly decisions: SessionDecision[];
  private readonly touched = new Map<string, Touched>();
  /** Index of the first request with each idempotency key. */
  private readonly firstWithKey = new PerProject<number>();
  /** The logged request id of each single request with a key, fixed in firstLoad so its key can be claimed there. */
  private readonly eventIds: (string | undefined)[] = [];
  /** The store claimed the new keys in its first load (FirstLoadResult.claimed). */
  private claimed = false;

  constructor(
    private readonly requests: readonly WriteRequest[],
    private readonly limits: Limits,
    private readonly now: Date = new Date(),
  ) {
    this.outcomes = Array.from<Decided | undefined>({ length: requests.length });
    this.sessionOf = Array.from<Touched | null>({ length: requests.length }).fill(null);
    this.decisions = requests.map(decisionFor);
  }

  /** Step 1: what to load before sessions can be assigned. */
  firstLoad(): FirstLoad {
    const replayKeys = new Map<string, string[]>();
    // A set: the thoughts of one session name it again and again, and the store looks each reference up once.
    const sessionRefs = new Map<string, Set<string>>();
    const agents = new Map<string, AgentRef>();
    const claims = new PerProject<KeyClaim>();
    const ms = this.now.getTime();
    this.requests.forEach((r, i) => {
      if (r.idempotencyKey !== null) {
        const keys = replayKeys.get(r.projectId);
        if (keys) keys.push(r.idempotencyKey);
        else replayKeys.set(r.projectId, [r.idempotencyKey]);
        if (claims.get(r.projectId, r.idempotencyKey) === undefined) {
          // The request that would answer it if it is new (a repeat in this batch answers the first one's result).
          const eventId = r.batch ? r.batch.log.id : (this.eventIds[i] = uuidv7(ms));
          const position = r.batch ? r.batch.position : null;
          claims.set(r.projectId, r.idempotencyKey, {
            projectId: r.projectId,
            key: r.idempotencyKey,
            eventId,
            position,
          });
        }
      }
      const decision = this.decisions[i]!;
      if (decision.kind === "explicit") {
        const refs = sessionRefs.get(r.projectId);
        if (refs) refs.add(decision.ref);
        else sessionRefs.set(r.projectId, new Set([decision.ref]));
      } else if (decision.kind === "join-recent") {
        const agent = agentOf(r);
        agents.set(agentKey(agent), agent);
      }
    });
    return {
      replayKeys,
      // Sorted, so two transactions claiming the same keys take their index entries in one order (no deadlock).
      keyClaims: claims.values().sort((a, b) => cmp(a.projectId, b.projectId) || cmp(a.key, b.key)),
      sessionRefs: new Map([...sessionRefs].map(([projectId, refs]) => [projectId, [...refs]])),
      agents: [...agents.values()],
      idleSince: new Date(this.now.getTime() - this.limits.sessionIdleMinutes * 60_000),
    };
  }

  /** Step 2: assigns every request its session, in order (a session made by one request is joinable by the next). */
  assignSessions(first: FirstLoad, loaded: FirstLoadResult): void {
    this.claimed = loaded.claimed === true;
    const replays = new PerProject<FirstLoadResult["replays"][number]>();
    for (const r of loaded.replays) replays.set(r.projectId, r.key, r);
    const byRef = new PerProject<Touched>();
    for (const row of loaded.sessions) {
      const t = this.touch(row, false);
      if (row.key !== null) byRef.set(row.projectId, row.key, t);
      byRef.set(row.projectId, row.id, t);
    }
    // The most recent session of each agent, for a later thought that joins it; kept only when one of the batch does.
    const joinsRecent = first.agents.length > 0;
    const recent = new Map<string, Touched | null>();
    first.agents.forEach((a, i) => {
      const row = loaded.recent[i] ?? null;
      recent.set(agentKey(a), row ? this.touch(row, false) : null);
    });

    this.requests.forEach((r, i) => {
      if (r.idempotencyKey !== null) {
        const replay = replays.get(r.projectId, r.idempotencyKey);
        if (replay) {
          // A logged Placement answers only an ingest event (a single request's answer is whole).
          const same =
            (r.batch !== undefined || !isPlacement(replay.result)) && sameRequest(replay.body, r, this.limits);
          this.outcomes[i] = same ? { status: 200, result: replay.result } : keyReused(r);
          return;
        }
        if (this.firstWithKey.get(r.projectId, r.idempotencyKey) !== undefined) return; // answered in finish()
        this.firstWithKey.set(r.projectId, r.idempotencyKey, i);
      }
      const decision = this.decisions[i]!;
      const agent = joinsRecent ? agentKey(agentOf(r)) : "";
      let t: Touched;
      if (decision.kind === "explicit") {
        t = byRef.get(r.projectId, decision.ref) ?? this.newSession(r, decision.ref);
        byRef.set(r.projectId, decision.ref, t);
      } else if (decision.kind === "join-recent") {
        const candidate = recent.get(agent) ?? null;
        const joinable =
          candidate !== null &&
          candidate.status === "active" &&
          (candidate.isNew || withinIdleWindow(candidate.row.lastActivityAt, this.now, this.limits.sessionIdleMinutes));
        t = joinable ? candidate : this.newSession(r, null);
      } else {
        t = this.newSession(r, null);
      }
      if (joinsRecent) recent.set(agent, t);
      t.status = "active"; // a thought reopens a completed session, and keeps it joinable for this batch
      this.sessionOf[i] = t;
    });
  }

  /** The existing sessions the batch writes to, and the thought numbers it needs resolved in them. */
  secondLoad(): { sessionIds: string[]; numbers: number[] } {
    const numbers = new Set<number>();
    this.requests.forEach((r, i) => {
      const t = this.sessionOf[i];
      if (!t || t.isNew) return;
      if (r.input.revisesThought !== undefined) numbers.add(r.input.revisesThought);
      if (r.input.branchFromThought !== undefined) numbers.add(r.input.branchFromThought);
    });
    const sessionIds = [...this.touched.values()].filter((t) => !t.isNew).map((t) => t.row.id);
    return { sessionIds: sessionIds.sort(), numbers: [...numbers] };
  }

  /** Step 3: plans every thought against its session and returns the rows to write. */
  plan(loaded: SecondLoadResult): BatchWrites {
    for (const row of loaded.locked ?? []) {
      const t = this.touched.get(row.id);
      if (t) t.row = row;
    }
    for (const t of this.touched.values()) t.index.count = t.row.thoughtCount;
    for (const b of loaded.branches) {
      this.touched.get(b.sessionId)?.index.branches.push({
        key: b.key,
        forkThought: b.forkThought,
        forkThoughtId: b.forkThoughtId,
      });
    }
    for (const th of loaded.thoughts) {
      const t = this.touched.get(th.sessionId);
      if (t) indexThought(t.index, th.thoughtNumber, th.id, th.branchId);
    }

    const now = this.now;
    const ms = now.getTime();
    const writes: BatchWrites = { sessions: [], thoughts: [], branches: [], events: [], keys: [], sessionUpdates: [] };
    const logged = new Map<IngestLog, (ResultFacts | Placement | null)[]>();
    const projectOfNew = new Map<string, string>();
    this.requests.forEach((r, i) => {
      const t = this.sessionOf[i];
      if (!t) return;
      if (t.index.count >= this.limits.maxThoughtsPerSession) {
        this.outcomes[i] = {
          status: 422,
          error: {
            code: "limit_exceeded",
            message: `Session ${t.row.id} already holds ${this.limits.maxThoughtsPerSession} thoughts, the most one session may hold.`,
            field: "sessionId",
            suggestion: "Start a new session: send thoughtNumber 1 without a sessionId, or a new sessionId.",
          },
        };
        return;
      }
      let input = r.input;
      if (r.tool === "think") {
        t.row.thinkStep += 1;
        const step = t.row.thinkStep;
        input = { ...input, thoughtNumber: step, totalThoughts: step, nextThoughtNeeded: true };
      }
      const thoughtId = uuidv7(ms);
      const plan = planThought(t.index, input, thoughtId);
      recordPlan(t.index, plan);
      const facts = plan.facts;
      this.outcomes[i] = { status: 201, result: facts };
      if (t.isNew) projectOfNew.set(t.row.id, r.projectId);

      if (plan.newBranch) {
        writes.branches.push({
          id: uuidv7(ms),
          projectId: r.projectId,
          sessionId: t.row.id,
          key: plan.newBranch.key,
          ordinal: t.index.branches.length - 1,
          forkThought: plan.newBranch.forkThought,
          forkThoughtId: plan.newBranch.forkThoughtId,
          createdAt: now,
        });
      }
      writes.thoughts.push(
        thoughtRow(
          {
            id: thoughtId,
            projectId: r.projectId,
            sessionId: t.row.id,
            seq: plan.seq,
            thoughtNumber: plan.thoughtNumber,
            totalThoughts: plan.totalThoughts,
            revisesThoughtId: plan.revisesThoughtId,
            branchFromThoughtId: plan.branchFromThoughtId,
            flags: plan.flags.length > 0 ? plan.flags : null,
            source: r.tool ?? "sequentialthinking",
            kind: input.detail?.kind ?? null,
            version: 1,
            createdAt: now,
            updatedAt: now,
          },
          input,
        ),
      );
      if (r.batch) {
        const { log, position } = r.batch;
        const results =
          logged.get(log) ?? Array.from<ResultFacts | Placement | null>({ length: log.events }).fill(null);
        logged.set(log, results);
        results[position] =
          log.keep === "placement" ? { sessionId: facts.sessionId, thoughtId: facts.thoughtId, seq: facts.seq } : facts;
        if (r.idempotencyKey !== null && !this.claimed) {
          writes.keys.push(keyRow(r.projectId, r.idempotencyKey, log.id, position));
        }
      } else {
        const eventId = this.eventIds[i] ?? uuidv7(ms);
        writes.events.push({
          id: eventId,
          projectId: r.projectId,
          kind: r.tool === "think" ? "think" : "thought",
          body: r.raw ?? {},
          status: 201,
          result: facts,
          createdAt: now,
        });
        if (r.idempotencyKey !== null && !this.claimed)
          writes.keys.push(keyRow(r.projectId, r.idempotencyKey, eventId, null));
      }
      if (input.isRevision === true) t.revisions += 1;
      if (plan.flags.length > 0) t.flags += 1;
      t.status = shouldContinue(facts) ? "active" : "completed";
      t.row.title ??= titleFrom(input.thought);
    });

    if (this.claimed) {
      // A claimed key whose request wrote nothing (over a session's limit) must not answer a later retry.
      for (const [projectId, byKey] of this.firstWithKey.entries()) {
        for (const [key, i] of byKey) {
          if (this.outcomes[i]?.status !== 201) (writes.unclaimed ??= []).push({ projectId, key });
        }
      }
    }

    for (const [log, results] of logged) {
      writes.events.push({
        id: log.id,
        projectId: log.projectId,
        kind: "ingest",
        body: log.body,
        status: 207,
        result: { results },
        createdAt: now,
      });
    }

    for (const t of this.touched.values()) {
      if (t.isNew) {
        if (t.index.count === 0) continue; // every thought for it was rejected
        writes.sessions.push({
          id: t.row.id,
          projectId: projectOfNew.get(t.row.id)!,
          key: t.row.key,
          title: t.row.title,
          status: t.status,
          apiKeyId: t.row.apiKeyId,
          agent: t.agent,
          client: t.row.client,
          model: t.model,
          metadata: t.metadata,
          thoughtCount: t.index.count,
          branchCount: t.index.branches.length,
          revisionCount: t.revisions,
          flagCount: t.flags,
          thinkStep: t.row.thinkStep,
          createdAt: now,
          updatedAt: now,
          lastActivityAt: now,
        } satisfies Row);
      } else if (t.index.count !== t.row.thoughtCount) {
        writes.sessionUpdates.push({
          id: t.row.id,
          thoughtCount: t.index.count,
          branchCount: t.index.branches.length,
          revisionDelta: t.revisions,
          flagDelta: t.flags,
          status: t.status,
          title: t.row.title,
          thinkStep: t.row.thinkStep,
          lastActivityAt: now,
        });
      }
    }
    // Sorted as the first load's claims are: two transactions inserting the same keys take their index entries in one
    // order (PostgreSQL inserts a batch's keys with its rows, write-store-pg.ts PgKeyMode).
    writes.keys.sort(
      (a, b) => cmp(a.projectId as string, b.projectId as string) || cmp(a.key as string, b.key as string),
    );
    return writes;
  }

  /**
   * Whether the plan refused a request that has an idempotency key. A store that did not look the keys up first
   * (PostgreSQL's "insert" key mode, write-store-pg.ts) cannot tell such a refusal from a retry of a request that was
   * written, whose answer is its first result.
   */
  refusedWithKey(): boolean {
    return this.requests.some((r, i) => r.idempotencyKey !== null && (this.outcomes[i]?.status ?? 201) !== 201);
  }

  /** The answer to each request, and the sessions to announce once the batch has committed. */
  finish(): { outcomes: WriteOutcome<Placement>[]; events: SessionEventRef[] } {
    const outcomes = this.requests.map((r, i): WriteOutcome<Placement> => {
      let outcome = this.outcomes[i];
      if (!outcome) {
        // A repeated idempotency key inside one batch answers the first occurrence's result.
        // A different body under the same key is refused as on a later replay.
        const at = this.firstWithKey.get(r.projectId, r.idempotencyKey!)!;
        const first = this.outcomes[at]!;
        if (canonicalJson(this.requests[at]!.input) !== canonicalJson(r.input)) outcome = keyReused(r);
        else outcome = first.result ? { status: 200, result: first.result } : first;
      }
      if (!outcome.result) return outcome;
      if (!r.batch) return { status: outcome.status, result: loggedResult(outcome.result as LoggedResult) };
      const { sessionId, thoughtId, seq } = outcome.result;
      return { status: outcome.status, result: { sessionId, thoughtId, seq } };
    });
    const events: SessionEventRef[] = [];
    for (const t of this.touched.values()) {
      if (t.index.count > t.row.thoughtCount || (t.isNew && t.index.count > 0)) {
        events.push({ projectId: t.row.projectId, sessionId: t.row.id, seq: t.index.count });
      }
    }
    return { outcomes, events };
  }

  private touch(row: SessionRow, isNew: boolean): Touched {
    let t = this.touched.get(row.id);
    if (!t) {
      t = {
        row,
        isNew,
        index: emptyIndex(row.id),
        revisions: 0,
        flags: 0,
        status: row.status,
        agent: null,
        model: null,
        metadata: null,
      };
      this.touched.set(row.id, t);
    }
    return t;
  }

  private newSession(r: WriteRequest, key: string | null): Touched {
    const row: SessionRow = {
      id: uuidv7(this.now.getTime()),
      projectId: r.projectId,
      key,
      status: "active",
      title: null,
      apiKeyId: r.apiKeyId,
      client: r.input.metadata?.client ?? null,
      lastActivityAt: this.now,
      thoughtCount: 0,
      thinkStep: 0,
    };
    const t = this.touch(row, true);
    t.agent = r.input.metadata?.agent ?? null;
    t.model = r.input.metadata?.model ?? null;
    t.metadata = r.input.metadata ?? null;
    return t;
  }
}

/** A logged result that holds only where the thought went (IngestLog.keep). */
const isPlacement = (logged: LoggedResult | Placement): logged is Placement => !("thoughtNumber" in logged);

const keyRow = (projectId: string, key: string, eventId: string, position: number | null): Row => ({
  projectId,
  key,
  eventId,
  position,
});
