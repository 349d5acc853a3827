// Recording thoughts: one transaction per batch of requests, applying the pure domain rules of
// lib/domain/apply-thought.ts to the sessions' stored state. Every door (REST, ingest, MCP) ends here, so the same
// input gives the same rows whichever door it came through. Group commit (server/services/thought-writer.ts) feeds
// this function many concurrent requests at once; the query count per batch does not grow with its size.
import type { ApiErrorBody } from "@/lib/contracts/errors";
import type { ThoughtInput, ThoughtResult } from "@/lib/contracts/thought";
import { PARAMETER_USAGE } from "@/lib/domain/continuation";
import { emptyIndex, indexThought, planThought, recordPlan, type SessionIndex } from "@/lib/domain/apply-thought";
import { decideSession, withinIdleWindow } from "@/lib/domain/session-rule";
import { isUuid, uuidv7 } from "@/lib/ids";
import type { Limits } from "@/lib/limits";
import type { RowSink } from "@/server/db/bulk-insert";
import type { Prisma } from "@/server/db/generated/sqlite/client";

export type Tx = Prisma.TransactionClient;

export interface WriteRequest {
  projectId: string;
  apiKeyId: string | null;
  input: ThoughtInput;
  /** The body as the agent sent it, kept in the ingest log. */
  raw: unknown;
  /** Idempotency-Key header or ingest event id. */
  idempotencyKey: string | null;
}

export type WriteOutcome =
  | { status: 201 | 200; result: ThoughtResult }
  | { status: number; error: ApiErrorBody; result?: undefined };

interface SessionRow {
  id: string;
  key: string | null;
  status: string;
  title: string | null;
  apiKeyId: string | null;
  client: string | null;
  lastActivityAt: Date;
  thoughtCount: number;
  branchCount: number;
  revisionCount: number;
  flagCount: number;
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

const SESSION_SELECT = {
  id: true,
  key: true,
  status: true,
  title: true,
  apiKeyId: true,
  client: true,
  lastActivityAt: true,
  thoughtCount: true,
  branchCount: true,
  revisionCount: true,
  flagCount: true,
} as const;

const TITLE_CHARS = 120;
function titleFrom(text: string): string {
  const line = text.trim().split("\n", 1)[0] ?? "";
  return line.length > TITLE_CHARS ? `${line.slice(0, TITLE_CHARS - 1)}…` : line;
}

const agentKey = (projectId: string, apiKeyId: string | null, client: string | null) =>
  `${projectId}\u0000${apiKeyId ?? ""}\u0000${client ?? ""}`;

export async function writeThoughts(
  tx: Tx,
  sink: RowSink,
  requests: readonly WriteRequest[],
  limits: Limits,
  now: Date = new Date(),
): Promise<{ outcomes: WriteOutcome[]; touchedSessions: { projectId: string; sessionId: string; seq: number }[] }> {
  const outcomes: WriteOutcome[] = new Array(requests.length);

  // 1. Idempotency: a key already stored answers its first result and writes nothing.
  const replays = await loadReplays(tx, requests);

  // 2. Sessions named explicitly (by our id or the agent's key), loaded in one query per project.
  const touched = new Map<string, Touched>();
  const byRef = new Map<string, Touched>(); // projectId + ref → session
  const explicitRefs = new Map<string, Set<string>>();
  for (const r of requests) {
    if (r.input.sessionId === undefined) continue;
    let refs = explicitRefs.get(r.projectId);
    if (!refs) explicitRefs.set(r.projectId, (refs = new Set()));
    refs.add(r.input.sessionId);
  }
  for (const [projectId, refs] of explicitRefs) {
    const list = [...refs];
    const ids = list.filter(isUuid);
    const rows = await tx.thinkingSession.findMany({
      where: { projectId, OR: [{ key: { in: list } }, ...(ids.length > 0 ? [{ id: { in: ids } }] : [])] },
      select: { ...SESSION_SELECT, projectId: true },
    });
    for (const row of rows) {
      if (row.key !== null) byRef.set(`${projectId}\u0000${row.key}`, touchedFor(row));
      byRef.set(`${projectId}\u0000${row.id}`, touchedFor(row));
    }
  }

  function touchedFor(row: SessionRow): Touched {
    let t = touched.get(row.id);
    if (!t) {
      t = {
        row,
        isNew: false,
        index: emptyIndex(row.id),
        revisions: 0,
        flags: 0,
        status: row.status,
        agent: null,
        model: null,
        metadata: null,
      };
      touched.set(row.id, t);
    }
    return t;
  }

  // 3. Implicit sessions: the most recent active one of the same key and client, within the idle window.
  const recentByAgent = new Map<string, Touched | null>();
  async function recentFor(r: WriteRequest): Promise<Touched | null> {
    const client = r.input.metadata?.client ?? null;
    const k = agentKey(r.projectId, r.apiKeyId, client);
    if (recentByAgent.has(k)) return recentByAgent.get(k)!;
    const since = new Date(now.getTime() - limits.sessionIdleMinutes * 60_000);
    const row = await tx.thinkingSession.findFirst({
      where: { projectId: r.projectId, apiKeyId: r.apiKeyId, client, status: "active", lastActivityAt: { gte: since } },
      orderBy: { lastActivityAt: "desc" },
      select: SESSION_SELECT,
    });
    const t = row ? touchedFor(row) : null;
    recentByAgent.set(k, t);
    return t;
  }

  function newSession(r: WriteRequest, key: string | null): Touched {
    const id = uuidv7(now.getTime());
    const t: Touched = {
      row: {
        id,
        key,
        status: "active",
        title: null,
        apiKeyId: r.apiKeyId,
        client: r.input.metadata?.client ?? null,
        lastActivityAt: now,
        thoughtCount: 0,
        branchCount: 0,
        revisionCount: 0,
        flagCount: 0,
      },
      isNew: true,
      index: emptyIndex(id),
      revisions: 0,
      flags: 0,
      status: "active",
      agent: r.input.metadata?.agent ?? null,
      model: r.input.metadata?.model ?? null,
      metadata: r.input.metadata ?? null,
    };
    touched.set(id, t);
    if (key !== null) byRef.set(`${r.projectId}\u0000${key}`, t);
    return t;
  }

  // Assign every request its session, in order (a new session made by one request is joinable by the next).
  const sessionOf: (Touched | null)[] = new Array(requests.length).fill(null);
  const newSessionProject = new Map<string, string>();
  const seenKeys = new Map<string, number>();
  for (let i = 0; i < requests.length; i++) {
    const r = requests[i]!;
    if (r.idempotencyKey !== null) {
      const replay = replays.get(`${r.projectId}\u0000${r.idempotencyKey}`);
      if (replay) {
        outcomes[i] = replay;
        continue;
      }
      const k = `${r.projectId}\u0000${r.idempotencyKey}`;
      if (seenKeys.has(k)) continue; // answered from the first occurrence below
      seenKeys.set(k, i);
    }
    const decision = decideSession(r.input);
    let t: Touched;
    if (decision.kind === "explicit") {
      t = byRef.get(`${r.projectId}\u0000${decision.ref}`) ?? newSession(r, decision.ref);
    } else if (decision.kind === "join-recent") {
      const recent = await recentFor(r);
      const joinable =
        recent !== null &&
        recent.status === "active" &&
        withinIdleWindow(recent.isNew ? now : recent.row.lastActivityAt, now, limits.sessionIdleMinutes);
      t = joinable ? recent : newSession(r, null);
    } else {
      t = newSession(r, null);
    }
    if (t.isNew) newSessionProject.set(t.row.id, r.projectId);
    recentByAgent.set(agentKey(r.projectId, r.apiKeyId, r.input.metadata?.client ?? null), t);
    sessionOf[i] = t;
    // Keep the status current for the join rule of later requests in this batch.
    t.status = "active";
  }

  // 4. On PostgreSQL, lock the existing sessions (row locks until commit) and reload their counters, so writers in
  //    other processes cannot hand out the same seq. SQLite has one writer, and this process holds it already.
  const existingIds = [...touched.values()].filter((t) => !t.isNew).map((t) => t.row.id);
  for (const t of touched.values()) t.index.count = t.row.thoughtCount;
  if (existingIds.length > 0) {
    if (sink.provider === "postgresql") {
      existingIds.sort();
      await tx.thinkingSession.updateMany({ where: { id: { in: existingIds } }, data: { updatedAt: now } });
      const fresh = await tx.thinkingSession.findMany({ where: { id: { in: existingIds } }, select: SESSION_SELECT });
      for (const row of fresh) {
        const t = touched.get(row.id)!;
        t.row = row;
        t.index.count = row.thoughtCount;
      }
    }
    const branches = await tx.branch.findMany({
      where: { sessionId: { in: existingIds } },
      orderBy: { ordinal: "asc" },
      select: { sessionId: true, key: true, forkThought: true, forkThoughtId: true },
    });
    for (const b of branches) {
      touched.get(b.sessionId)!.index.branches.push({
        key: b.key,
        forkThought: b.forkThought,
        forkThoughtId: b.forkThoughtId,
      });
    }
    // Only the thought numbers this batch refers to are needed to resolve revisions and forks.
    const numbers = new Set<number>();
    for (let i = 0; i < requests.length; i++) {
      if (!sessionOf[i] || sessionOf[i]!.isNew) continue;
      const { revisesThought, branchFromThought } = requests[i]!.input;
      if (revisesThought !== undefined) numbers.add(revisesThought);
      if (branchFromThought !== undefined) numbers.add(branchFromThought);
    }
    if (numbers.size > 0) {
      const rows = await tx.thought.findMany({
        where: { sessionId: { in: existingIds }, thoughtNumber: { in: [...numbers] } },
        orderBy: { seq: "asc" },
        select: { id: true, sessionId: true, thoughtNumber: true, branchId: true },
      });
      for (const row of rows) indexThought(touched.get(row.sessionId)!.index, row.thoughtNumber, row.id, row.branchId);
    }
  }

  // 5. Plan every thought against its session, in arrival order.
  const thoughtRows: Prisma.ThoughtUncheckedCreateInput[] = [];
  const branchRows: Prisma.BranchUncheckedCreateInput[] = [];
  const eventRows: Prisma.IngestEventUncheckedCreateInput[] = [];
  const lastSeq = new Map<string, { projectId: string; seq: number }>();
  for (let i = 0; i < requests.length; i++) {
    const t = sessionOf[i];
    if (!t) continue;
    const r = requests[i]!;
    const input = r.input;
    if (t.index.count >= limits.maxThoughtsPerSession) {
      outcomes[i] = {
        status: 422,
        error: {
          code: "limit_exceeded",
          message: `Session ${t.row.id} already holds ${limits.maxThoughtsPerSession} thoughts, the most one session may hold.`,
          field: "sessionId",
          suggestion: "Start a new session: send thoughtNumber 1 without a sessionId, or a new sessionId.",
        },
      };
      continue;
    }
    const plan = planThought(t.index, input);
    const thoughtId = uuidv7(now.getTime());
    recordPlan(t.index, plan, thoughtId, input.branchId ?? null);
    const result: ThoughtResult = { thoughtId, ...plan.result };
    if (input.includeParameterUsage === true) result.parameter_usage = PARAMETER_USAGE;
    outcomes[i] = { status: 201, result };

    if (plan.newBranch) {
      branchRows.push({
        id: uuidv7(now.getTime()),
        projectId: r.projectId,
        sessionId: t.row.id,
        key: plan.newBranch.key,
        ordinal: t.index.branches.length - 1,
        forkThought: plan.newBranch.forkThought,
        forkThoughtId: plan.newBranch.forkThoughtId,
        createdAt: now,
      });
    }
    thoughtRows.push({
      id: thoughtId,
      projectId: r.projectId,
      sessionId: t.row.id,
      seq: plan.seq,
      thoughtNumber: plan.thoughtNumber,
      totalThoughts: plan.totalThoughts,
      text: input.thought,
      nextThoughtNeeded: input.nextThoughtNeeded,
      needsMoreThoughts: input.needsMoreThoughts ?? null,
      isRevision: input.isRevision ?? null,
      revisesThought: input.revisesThought ?? null,
      revisesThoughtId: plan.revisesThoughtId,
      branchId: input.branchId ?? null,
      branchFromThought: input.branchFromThought ?? null,
      branchFromThoughtId: plan.branchFromThoughtId,
      stage: input.stage ?? null,
      ...(input.tags !== undefined ? { tags: input.tags } : {}),
      score: input.score ?? null,
      ...(plan.flags.length > 0 ? { flags: plan.flags } : {}),
      ...(input.metadata !== undefined ? { metadata: input.metadata as Prisma.InputJsonValue } : {}),
      source: "sequentialthinking",
      version: 1,
      createdAt: now,
      updatedAt: now,
    });
    eventRows.push({
      id: uuidv7(now.getTime()),
      projectId: r.projectId,
      idempotencyKey: r.idempotencyKey,
      kind: "thought",
      body: (r.raw ?? {}) as Prisma.InputJsonValue,
      status: 201,
      result: result as unknown as Prisma.InputJsonValue,
      createdAt: now,
    });
    if (input.isRevision === true) t.revisions += 1;
    if (plan.flags.length > 0) t.flags += 1;
    t.status = result.should_continue ? "active" : "completed";
    t.row.title ??= titleFrom(input.thought);
    t.row.lastActivityAt = now;
    lastSeq.set(t.row.id, { projectId: r.projectId, seq: plan.seq });
  }

  // A repeated idempotency key inside one batch answers the first occurrence's result.
  for (let i = 0; i < requests.length; i++) {
    if (outcomes[i] !== undefined) continue;
    const r = requests[i]!;
    const first = outcomes[seenKeys.get(`${r.projectId}\u0000${r.idempotencyKey}`)!]!;
    outcomes[i] = first.result ? { status: 200, result: first.result } : first;
  }

  // 6. Write: new sessions, thoughts, branches, the ingest log, then the counters of existing sessions.
  const newSessions: Prisma.ThinkingSessionUncheckedCreateInput[] = [];
  for (const t of touched.values()) {
    if (!t.isNew || t.index.count === 0) continue;
    newSessions.push({
      id: t.row.id,
      projectId: newSessionProject.get(t.row.id)!,
      key: t.row.key,
      title: t.row.title,
      status: t.status,
      apiKeyId: t.row.apiKeyId,
      agent: t.agent,
      client: t.row.client,
      model: t.model,
      ...(t.metadata ? { metadata: t.metadata as Prisma.InputJsonValue } : {}),
      thoughtCount: t.index.count,
      branchCount: t.index.branches.length,
      revisionCount: t.revisions,
      flagCount: t.flags,
      thinkStep: 0,
      createdAt: now,
      updatedAt: now,
      lastActivityAt: now,
    });
  }
  await sink.insert("ThinkingSession", newSessions);
  await sink.insert("Thought", thoughtRows);
  await sink.insert("Branch", branchRows);
  await sink.insert("IngestEvent", eventRows);
  await sink.updateSessions(
    [...touched.values()]
      .filter((t) => !t.isNew && t.index.count !== t.row.thoughtCount)
      .map((t) => ({
        id: t.row.id,
        thoughtCount: t.index.count,
        branchCount: t.index.branches.length,
        revisionDelta: t.revisions,
        flagDelta: t.flags,
        status: t.status,
        title: t.row.title,
        lastActivityAt: now,
      })),
  );

  return {
    outcomes,
    touchedSessions: [...lastSeq].map(([sessionId, v]) => ({ sessionId, projectId: v.projectId, seq: v.seq })),
  };
}

async function loadReplays(tx: Tx, requests: readonly WriteRequest[]): Promise<Map<string, WriteOutcome>> {
  const keysByProject = new Map<string, string[]>();
  for (const r of requests) {
    if (r.idempotencyKey === null) continue;
    const list = keysByProject.get(r.projectId) ?? [];
    list.push(r.idempotencyKey);
    keysByProject.set(r.projectId, list);
  }
  const replays = new Map<string, WriteOutcome>();
  for (const [projectId, keys] of keysByProject) {
    const rows = await tx.ingestEvent.findMany({
      where: { projectId, idempotencyKey: { in: keys } },
      select: { idempotencyKey: true, result: true },
    });
    for (const row of rows) {
      replays.set(`${projectId}\u0000${row.idempotencyKey}`, {
        status: 200,
        result: row.result as unknown as ThoughtResult,
      });
    }
  }
  return replays;
}
