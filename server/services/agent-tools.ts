// The agent tools beside `sequentialthinking`: think, revise_thought, and reading or clearing a thinking session.
// MCP, REST and the stdio bridge call these; `think` goes through the same writer as every other thought.
import type { Prisma } from "@/server/db/generated/sqlite/client";
import type { ThoughtView } from "@/lib/contracts/session";
import { uuidv7 } from "@/lib/ids";
import {
  parseToolInput,
  THINK_WINDOW,
  ZClearSessionInput,
  ZGetSessionInput,
  ZReviseInput,
  ZThinkInput,
  type ClearSessionResult,
  type GetSessionResult,
  type ReviseResult,
  type ThinkResult,
} from "@/lib/contracts/tools";
import { currentLimits } from "@/server/config";
import { getDb, type Db } from "@/server/db/client";
import { ConflictError, DomainError, NotFoundError, ValidationError } from "@/server/errors";
import { publish } from "@/server/events/bus";
import type { Writer } from "../ingest/record-thoughts";
import { findSession, toThoughtView } from "./sessions/sessions";
import { submitThoughts } from "../ingest/thought-writer";

function parse<T>(
  r: { ok: true; value: T } | { ok: false; problem: import("@/lib/contracts/errors").FieldProblem },
): T {
  if (!r.ok) throw new ValidationError(r.problem);
  return r.value;
}

/** The named session, or the agent's most recent active one (same key and client). */
async function sessionFor(db: Db, who: Writer, sessionId: string | undefined) {
  if (sessionId !== undefined) return findSession(db, who.projectId, sessionId);
  const row = await db.thinkingSession.findFirst({
    where: { projectId: who.projectId, apiKeyId: who.apiKeyId, client: who.client ?? null, status: "active" },
    orderBy: { lastActivityAt: "desc" },
  });
  if (!row) {
    throw new NotFoundError("An active session for this agent", "sessionId");
  }
  return row;
}

export async function think(who: Writer, raw: unknown): Promise<ThinkResult> {
  const input = parse(parseToolInput(ZThinkInput, raw));
  const limits = currentLimits();
  if (input.thought.length > limits.maxThoughtChars) {
    throw new ValidationError({
      field: "thought",
      message: `thought is ${input.thought.length} characters; the limit is ${limits.maxThoughtChars}.`,
      suggestion: "Split it into several thoughts.",
    });
  }
  const [outcome] = await submitThoughts([
    {
      tool: "think",
      projectId: who.projectId,
      apiKeyId: who.apiKeyId,
      input: {
        thought: input.thought,
        thoughtNumber: 1, // replaced by the session's step counter when the batch is planned
        totalThoughts: 1,
        nextThoughtNeeded: true,
        ...(input.sessionId !== undefined ? { sessionId: input.sessionId } : {}),
        ...(who.client || who.agent
          ? { metadata: { ...(who.client ? { client: who.client } : {}), ...(who.agent ? { agent: who.agent } : {}) } }
          : {}),
      },
      raw,
      idempotencyKey: null,
    },
  ]);
  if (!outcome?.result) {
    const e = outcome!.error;
    throw new DomainError(e.code, outcome!.status, e.message, e.field, e.suggestion);
  }
  const r = outcome.result;
  return {
    status: "success",
    step: r.seq, // the note's position among all the session's thoughts, sequential ones included
    thought: input.thought,
    context_size: Math.min(r.thoughtHistoryLength, THINK_WINDOW),
    session_id: r.sessionId,
    thought_id: r.thoughtId,
  };
}

const SNAPSHOT_FIELDS = [
  "text",
  "thoughtNumber",
  "totalThoughts",
  "nextThoughtNeeded",
  "needsMoreThoughts",
  "isRevision",
  "revisesThought",
  "revisesThoughtId",
  "branchId",
  "branchFromThought",
  "branchFromThoughtId",
  "stage",
  "tags",
  "score",
  "flags",
  "version",
  "updatedAt",
] as const;

/**
 * The thought a number names in a session (`think` notes are numbered 1, 2, … on their own, so number 1 may also
 * name a note). Sequential thoughts first, `think` notes only when no sequential thought has the number; two
 * or more candidates left (a branch or a repeated number) is a 409 listing each with its id, never a guess.
 */
async function thoughtByNumber(db: Db, sessionId: string, n: number) {
  const all = await db.thought.findMany({ where: { sessionId, thoughtNumber: n }, orderBy: { seq: "asc" } });
  const sequential = all.filter((t) => t.source !== "think");
  const candidates = sequential.length > 0 ? sequential : all;
  if (candidates.length === 0) throw new NotFoundError(`Thought number ${n} in session ${sessionId}`, "thought_id");
  if (candidates.length > 1) {
    const list = candidates
      .map((t) => `${t.id} (${t.source}${t.branchId ? `, branch ${t.branchId}` : ""}, arrival ${t.seq})`)
      .join("; ");
    throw new ConflictError(
      `Thought number ${n} names ${candidates.length} thoughts in session ${sessionId}: ${list}.`,
      "thought_id",
      "Send the id of the one to revise as thought_id.",
    );
  }
  return candidates[0]!;
}

/** Edits a thought, keeping its previous state as a ThoughtVersion: nothing an agent sent is lost. */
export async function reviseThought(who: Writer, raw: unknown): Promise<ReviseResult> {
  const input = parse(parseToolInput(ZReviseInput, raw));
  const db = getDb();
  let target: Awaited<ReturnType<Db["thought"]["findFirst"]>>;
  if (typeof input.thoughtId === "string") {
    target = await db.thought.findFirst({ where: { projectId: who.projectId, id: input.thoughtId } });
    if (!target) throw new NotFoundError(`Thought "${input.thoughtId}"`, "thought_id");
  } else {
    const session = await sessionFor(db, who, input.sessionId);
    target = await thoughtByNumber(db, session.id, input.thoughtId);
  }
  if (input.thought !== undefined && input.thought.length > currentLimits().maxThoughtChars) {
    throw new ValidationError({
      field: "thought",
      message: "thought is longer than the limit.",
      suggestion: "Shorten it.",
    });
  }
  const current = target;

  const changes: Prisma.ThoughtUncheckedUpdateInput = {};
  const changed: string[] = [];
  const set = <K extends keyof typeof current>(field: K, value: (typeof current)[K] | undefined) => {
    if (value === undefined || JSON.stringify(value) === JSON.stringify(current[field])) return;
    (changes as Record<string, unknown>)[field as string] = value;
    changed.push(field);
  };
  set("text", input.thought);
  set("thoughtNumber", input.thoughtNumber);
  set("totalThoughts", input.totalThoughts);
  set("nextThoughtNeeded", input.nextThoughtNeeded);
  set("needsMoreThoughts", input.needsMoreThoughts);
  set("isRevision", input.isRevision);
  set("revisesThought", input.revisesThought);
  set("branchId", input.branchId);
  set("branchFromThought", input.branchFromThought);
  set("stage", input.stage);
  set("score", input.score);
  if (input.tags !== undefined && JSON.stringify(input.tags) !== JSON.stringify(current.tags ?? [])) {
    changes.tags = input.tags;
    changed.push("tags");
  }

  const now = new Date();
  const updated = await db.$transaction(async (tx) => {
    // Links follow the numbers: re-resolve them within the session when the numbers change.
    const resolve = async (n: number) =>
      (
        await tx.thought.findFirst({
          where: { sessionId: current.sessionId, thoughtNumber: n, id: { not: current.id } },
          orderBy: { seq: "desc" },
          select: { id: true },
        })
      )?.id ?? null;
    if (input.revisesThought !== undefined && changed.includes("revisesThought")) {
      changes.revisesThoughtId = await resolve(input.revisesThought);
    }
    if (input.branchFromThought !== undefined && changed.includes("branchFromThought")) {
      changes.branchFromThoughtId = await resolve(input.branchFromThought);
    }
    if (changed.length === 0) return current;
    const snapshot = Object.fromEntries(SNAPSHOT_FIELDS.map((f) => [f, current[f]])) as Prisma.InputJsonValue;
    await tx.thoughtVersion.create({
      data: { id: uuidv7(), thoughtId: current.id, version: current.version, snapshot },
    });
    const row = await tx.thought.update({
      where: { id: current.id },
      data: { ...changes, version: current.version + 1, updatedAt: now },
    });
    if (changed.includes("isRevision")) {
      const revisions = await tx.thought.count({ where: { sessionId: current.sessionId, isRevision: true } });
      await tx.thinkingSession.update({ where: { id: current.sessionId }, data: { revisionCount: revisions } });
    }
    await tx.thinkingSession.update({
      where: { id: current.sessionId },
      data: { updatedAt: now, lastActivityAt: now },
    });
    await tx.ingestEvent.create({
      data: {
        id: uuidv7(),
        projectId: who.projectId,
        kind: "revise",
        body: raw ?? {},
        status: 200,
        result: { thoughtId: current.id, version: current.version + 1, changed },
      },
    });
    return row;
  });
  const session = await db.thinkingSession.findUniqueOrThrow({
    where: { id: current.sessionId },
    select: { thoughtCount: true },
  });
  publish([{ projectId: who.projectId, sessionId: current.sessionId, seq: session.thoughtCount }]);
  return { thought: toThoughtView(updated), previousVersion: current.version, changed };
}

function formatContext(thoughts: ThoughtView[]): string {
  if (thoughts.length === 0) return "No thoughts in this session yet.";
  const parts = thoughts.map((t) => `Step ${t.thoughtNumber} (${t.createdAt}):\n${t.text}`);
  return `Previous thoughts in this session:\n\n${parts.join("\n\n")}\n`;
}

export async function getThinkingSession(who: Writer, raw: unknown): Promise<GetSessionResult> {
  const input = parse(parseToolInput(ZGetSessionInput, raw ?? {}));
  const db = getDb();
  const session = await sessionFor(db, who, input.sessionId);
  const limit = input.limit ?? THINK_WINDOW;
  const [rows, branches] = await Promise.all([
    db.thought.findMany({ where: { sessionId: session.id }, orderBy: { seq: "desc" }, take: limit }),
    db.branch.findMany({ where: { sessionId: session.id }, orderBy: { ordinal: "asc" }, select: { key: true } }),
  ]);
  const thoughts = rows.reverse().map(toThoughtView);
  const base = {
    sessionId: session.id,
    status: session.status,
    thoughtCount: session.thoughtCount,
    branches: branches.map((b) => b.key),
  };
  if (input.format === "context") return { ...base, context: formatContext(thoughts) };
  return {
    ...base,
    thoughts: thoughts.map((t) => ({
      id: t.id,
      seq: t.seq,
      thoughtNumber: t.thoughtNumber,
      totalThoughts: t.totalThoughts,
      thought: t.text,
      branchId: t.branchId,
      isRevision: t.isRevision,
      revisesThought: t.revisesThought,
      flags: t.flags,
      createdAt: t.createdAt,
    })),
  };
}

/**
 * Closes a session as `cleared`: it stays for review, and the agent's next thought starts a new session. The agent's
 * own key moves off the cleared session so that the same key names the new one.
 */
export async function clearThinkingSession(who: Writer, raw: unknown): Promise<ClearSessionResult> {
  const input = parse(parseToolInput(ZClearSessionInput, raw ?? {}));
  const db = getDb();
  const session = await sessionFor(db, who, input.sessionId);
  const now = new Date();
  await db.thinkingSession.update({
    where: { id: session.id },
    data: {
      status: "cleared",
      key: session.key === null ? null : `${session.key}~cleared~${now.toISOString()}`,
      updatedAt: now,
    },
  });
  publish([{ projectId: who.projectId, sessionId: session.id, seq: session.thoughtCount }]);
  return { sessionId: session.id, status: "cleared", thoughtCount: session.thoughtCount };
}
