// Judge runs, always scoped to one project: make one (a session, a thought, every session matching a sessions-list
// filter, or a queue's sessions) as a JudgeRun and one JudgeJob per target in one transaction; estimate one before it
// is made (targets, tokens, cost, what is left of today's budget); read one (status, counts, cost, failures with the
// provider's words); cancel one. The jobs are run by ./worker.ts.
import "@/server/server-only";
import type { RunEstimate, RunFailure, RunKind, RunStatus, RunTarget, RunView } from "@/lib/contracts/judges";
import type { JudgeTarget } from "@/lib/judges/template";
import { isUuid, uuidv7 } from "@/lib/ids";
import type { Db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/sqlite/client";
import { NotFoundError, ValidationError } from "@/server/errors";
import { sessionTableWhere } from "../dashboard";
import { findSession } from "../sessions/sessions";
import { budgetPause, judgeSettings } from "./budget";
import { findJudge } from "./judges";
import { MAX_PROMPT_CHARS } from "./judge-input";
import { costOf } from "./providers";
import { wakeJudgeWorker } from "./worker-handle";

type Tx = Prisma.TransactionClient;

/** Targets one run may hold: a backfill of 100,000 thoughts is a day of calls at 1 per second. */
export const MAX_RUN_TARGETS = 100_000;
/** Jobs written per statement. */
const INSERT_CHUNK = 500;
/** Output tokens an estimate assumes per call: a value, a rationale of a few sentences and a confidence (~60-120). */
const ESTIMATED_OUTPUT_TOKENS = 120;
/** Characters per token, for estimates (English text with OpenAI's and Anthropic's tokenizers: ~3.5-4.5). */
const CHARS_PER_TOKEN = 4;
/** Failures a run's view lists. */
const FAILURES_SHOWN = 100;

export interface RunJobTarget {
  sessionId: string;
  thoughtId: string | null;
}

const targetKeyOf = (t: RunJobTarget) => (t.thoughtId ? `thought:${t.thoughtId}` : `session:${t.sessionId}`);

/** The sessions a target names (a filter's: matching now, newest activity first). */
async function sessionsOf(db: Db, projectId: string, target: RunTarget): Promise<string[]> {
  if (target.sessionId !== undefined)
    return [(await findSession(db, projectId, target.sessionId).catch(notFound("sessionId"))).id];
  if (target.queueId !== undefined) {
    const queue = isUuid(target.queueId)
      ? await db.annotationQueue.findFirst({ where: { projectId, id: target.queueId }, select: { id: true } })
      : null;
    if (!queue) throw new NotFoundError(`Queue "${target.queueId}"`, "queueId");
    const items = await db.queueItem.findMany({
      where: { queueId: queue.id },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { sessionId: true },
    });
    return items.map((i) => i.sessionId);
  }
  const where = await sessionTableWhere(db, projectId, target.filter ?? {});
  const rows = await db.thinkingSession.findMany({
    where,
    orderBy: [{ lastActivityAt: "desc" }, { id: "desc" }],
    select: { id: true },
    take: MAX_RUN_TARGETS + 1,
  });
  return rows.map((r) => r.id);
}

const notFound = (field: string) => (error: unknown) => {
  throw error instanceof NotFoundError
    ? new NotFoundError(error.message.replace(/ was not found\.$/, ""), field)
    : error;
};

/** Every target of a run: a thought judge judges each thought of the sessions, a session judge each session. */
export async function runTargets(
  db: Db,
  projectId: string,
  judgeTarget: JudgeTarget,
  target: RunTarget,
): Promise<RunJobTarget[]> {
  if (target.thoughtId !== undefined) {
    const thought = isUuid(target.thoughtId)
      ? await db.thought.findFirst({
          where: { projectId, id: target.thoughtId },
          select: { id: true, sessionId: true },
        })
      : null;
    if (!thought) throw new NotFoundError(`Thought "${target.thoughtId}"`, "thoughtId");
    return [{ sessionId: thought.sessionId, thoughtId: judgeTarget === "thought" ? thought.id : null }];
  }
  const sessions = await sessionsOf(db, projectId, target);
  if (judgeTarget === "session") return sessions.map((sessionId) => ({ sessionId, thoughtId: null }));
  const out: RunJobTarget[] = [];
  for (let i = 0; i < sessions.length && out.length <= MAX_RUN_TARGETS; i += INSERT_CHUNK) {
    const thoughts = await db.thought.findMany({
      where: { sessionId: { in: sessions.slice(i, i + INSERT_CHUNK) } },
      orderBy: [{ sessionId: "asc" }, { seq: "asc" }],
      select: { id: true, sessionId: true },
    });
    out.push(...thoughts.map((t) => ({ sessionId: t.sessionId, thoughtId: t.id })));
  }
  return out;
}

function kindOf(target: RunTarget): RunKind {
  if (target.sessionId !== undefined) return "session";
  if (target.thoughtId !== undefined) return "thought";
  if (target.queueId !== undefined) return "queue";
  return "filter";
}

const nothing = (target: RunTarget) =>
  new ValidationError({
    field: target.filter !== undefined ? "filter" : target.queueId !== undefined ? "queueId" : "sessionId",
    message:
      target.filter !== undefined
        ? "No session matches the filter, so there is nothing to judge."
        : target.queueId !== undefined
          ? "The queue has no sessions, so there is nothing to judge."
          : "The session has no thoughts, so there is nothing to judge.",
    suggestion: "Widen the filter, or pick another session.",
  });

/** Adds jobs for `targets` to a run (those it already has are skipped) and counts them in; answers how many. */
export async function addJobs(
  tx: Tx,
  run: { id: string; projectId: string; judgeId: string; connectionId: string },
  targets: RunJobTarget[],
): Promise<number> {
  let added = 0;
  for (let i = 0; i < targets.length; i += INSERT_CHUNK) {
    const chunk = targets.slice(i, i + INSERT_CHUNK);
    const have = new Set(
      (
        await tx.judgeJob.findMany({
          where: { runId: run.id, targetKey: { in: chunk.map(targetKeyOf) } },
          select: { targetKey: true },
        })
      ).map((j) => j.targetKey),
    );
    const rows = chunk
      .filter((t) => !have.has(targetKeyOf(t)))
      .map((t) => ({
        id: uuidv7(),
        projectId: run.projectId,
        runId: run.id,
        judgeId: run.judgeId,
        connectionId: run.connectionId,
        sessionId: t.sessionId,
        thoughtId: t.thoughtId,
        targetKey: targetKeyOf(t),
      }));
    if (rows.length > 0) await tx.judgeJob.createMany({ data: rows });
    added += rows.length;
  }
  if (added > 0) {
    await tx.judgeRun.update({ where: { id: run.id }, data: { total: { increment: added }, finishedAt: null } });
  }
  return added;
}

/** Makes a run of `judgeId` over `target`: its jobs are queued at once; answers the run's id and size. */
export async function createRun(
  db: Db,
  projectId: string,
  judgeId: string,
  target: RunTarget,
  createdBy: string,
): Promise<{ runId: string; total: number }> {
  const judge = await findJudge(db, projectId, judgeId);
  if (!judge.connectionId)
    throw new ValidationError({ field: "connectionId", message: "This judge has no model connection." });
  const targets = await runTargets(db, projectId, judge.target as JudgeTarget, target);
  if (targets.length === 0) throw nothing(target);
  if (targets.length > MAX_RUN_TARGETS) {
    throw new ValidationError({
      field: target.filter !== undefined ? "filter" : "sessionId",
      message: `This run would make more than ${MAX_RUN_TARGETS} calls.`,
      suggestion: "Narrow the filter (e.g. by date) and run it in parts.",
    });
  }
  const runId = uuidv7();
  const total = await db.$transaction(
    async (tx) => {
      await tx.judgeRun.create({
        data: { id: runId, projectId, judgeId: judge.id, kind: kindOf(target), scope: target, createdBy },
      });
      return addJobs(tx, { id: runId, projectId, judgeId: judge.id, connectionId: judge.connectionId! }, targets);
    },
    { timeout: 120_000 },
  );
  wakeJudgeWorker();
  return { runId, total };
}

/** What a run over `target` would cost, before it is made. */
export async function estimateRun(db: Db, projectId: string, judgeId: string, target: RunTarget): Promise<RunEstimate> {
  const judge = await findJudge(db, projectId, judgeId);
  const judgeTarget = judge.target as JudgeTarget;
  const targets = await runTargets(db, projectId, judgeTarget, target);
  const sessionIds = [...new Set(targets.map((t) => t.sessionId))];
  const wanted = new Set(targets.map((t) => t.thoughtId));
  let chars = 0;
  for (let i = 0; i < sessionIds.length; i += INSERT_CHUNK) {
    const rows = await db.thought.findMany({
      where: { sessionId: { in: sessionIds.slice(i, i + INSERT_CHUNK) } },
      orderBy: [{ sessionId: "asc" }, { seq: "asc" }],
      select: { id: true, sessionId: true, text: true },
    });
    // A thought's prompt holds its path (at most every earlier thought of its session) and the template; a session's
    // holds every thought. Each prompt is capped at MAX_PROMPT_CHARS, as the calls are.
    let session = "";
    let before = 0;
    for (const r of rows) {
      if (r.sessionId !== session) {
        if (judgeTarget === "session" && session !== "") chars += Math.min(before, MAX_PROMPT_CHARS);
        session = r.sessionId;
        before = 0;
      }
      before += r.text.length;
      if (judgeTarget === "thought" && wanted.has(r.id))
        chars += Math.min(before + judge.prompt.length, MAX_PROMPT_CHARS);
    }
    if (judgeTarget === "session" && session !== "") chars += Math.min(before, MAX_PROMPT_CHARS);
  }
  if (judgeTarget === "session") chars += targets.length * judge.prompt.length;
  const inputTokens = Math.ceil(chars / CHARS_PER_TOKEN);
  const outputTokens = targets.length * ESTIMATED_OUTPUT_TOKENS;
  const connection = judge.connectionId
    ? await db.modelConnection.findFirst({ where: { id: judge.connectionId } })
    : null;
  const budget = await judgeSettings(db, projectId);
  return {
    sessions: sessionIds.length,
    targets: targets.length,
    estimatedInputTokens: inputTokens,
    estimatedOutputTokens: outputTokens,
    estimatedCostUsd: connection ? costOf(connection, inputTokens, outputTokens) : null,
    callsLeftToday: budget.dailyCallLimit === null ? null : Math.max(0, budget.dailyCallLimit - budget.callsToday),
    tokensLeftToday: budget.dailyTokenLimit === null ? null : Math.max(0, budget.dailyTokenLimit - budget.tokensToday),
  };
}

async function findRun(db: Db, projectId: string, id: string) {
  const row = isUuid(id)
    ? await db.judgeRun.findFirst({
        where: { projectId, id },
        include: { judge: { select: { name: true, autoRun: true, deletedAt: true } } },
      })
    : null;
  if (!row) throw new NotFoundError(`Judge run "${id}"`, "id");
  return row;
}

type RunRow = Awaited<ReturnType<typeof findRun>>;

async function jobCounts(db: Db, runIds: string[]): Promise<Map<string, { queued: number; running: number }>> {
  const groups = await db.judgeJob.groupBy({
    by: ["runId", "status"],
    where: { runId: { in: runIds }, status: { in: ["queued", "running"] } },
    _count: { _all: true },
  });
  const out = new Map<string, { queued: number; running: number }>();
  for (const g of groups) {
    const entry = out.get(g.runId) ?? { queued: 0, running: 0 };
    if (g.status === "queued") entry.queued = g._count._all;
    else entry.running = g._count._all;
    out.set(g.runId, entry);
  }
  return out;
}

function statusOf(
  row: RunRow,
  left: number,
  paused: string | null,
): { status: RunStatus; pausedReason: string | null } {
  if (row.cancelledAt !== null && left === 0) return { status: "cancelled", pausedReason: null };
  if (left === 0 && !(row.kind === "auto" && row.judge.autoRun && row.judge.deletedAt === null)) {
    return { status: "done", pausedReason: null };
  }
  if (left > 0 && paused !== null) return { status: "paused", pausedReason: paused };
  return { status: "running", pausedReason: null };
}

/**
 * What is left of a run, from its own row: a job's end and its run's counters are written in one transaction, so
 * total − done − failed − cancelled is exactly its queued and running jobs, however the two reads interleave with
 * those ends. The job table (read separately) only splits that number into running and queued.
 */
function leftOf(row: RunRow, counts: { running: number }): { queued: number; running: number } {
  const left = Math.max(0, row.total - row.done - row.failed - row.cancelled);
  const running = Math.min(counts.running, left);
  return { queued: left - running, running };
}

function toRunView(
  row: RunRow,
  jobCounts: { queued: number; running: number },
  paused: string | null,
  hasPrices: boolean,
  failures: RunFailure[],
): RunView {
  const counts = leftOf(row, jobCounts);
  return {
    id: row.id,
    judgeId: row.judgeId,
    judgeName: row.judge.name,
    kind: row.kind as RunKind,
    scope: row.scope as Record<string, unknown>,
    ...statusOf(row, counts.queued + counts.running, paused),
    total: row.total,
    queued: counts.queued,
    running: counts.running,
    done: row.done,
    failed: row.failed,
    cancelled: row.cancelled,
    inputTokens: row.inputTokens,
    outputTokens: row.outputTokens,
    costUsd: hasPrices ? row.costUsd : null,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    failures,
  };
}

async function hasPrices(db: Db, judgeIds: string[]): Promise<Set<string>> {
  const judges = await db.judge.findMany({
    where: { id: { in: judgeIds } },
    select: { id: true, connection: { select: { inputPricePerMTok: true, outputPricePerMTok: true } } },
  });
  return new Set(
    judges
      .filter(
        (j) => j.connection && (j.connection.inputPricePerMTok !== null || j.connection.outputPricePerMTok !== null),
      )
      .map((j) => j.id),
  );
}

export async function getRun(db: Db, projectId: string, id: string): Promise<RunView> {
  const row = await findRun(db, projectId, id);
  const counts = await jobCounts(db, [row.id]);
  const [paused, priced, failed] = await Promise.all([
    budgetPause(db, projectId),
    hasPrices(db, [row.judgeId]),
    db.judgeJob.findMany({
      where: { runId: row.id, status: "failed" },
      orderBy: [{ finishedAt: "desc" }, { id: "desc" }],
      take: FAILURES_SHOWN,
    }),
  ]);
  const failures = failed.map((j) => ({
    jobId: j.id,
    sessionId: j.sessionId,
    thoughtId: j.thoughtId,
    attempts: j.attempts,
    error: j.lastError ?? "failed",
    status: j.lastStatus,
    at: (j.finishedAt ?? j.updatedAt).toISOString(),
  }));
  return toRunView(row, counts.get(row.id) ?? { queued: 0, running: 0 }, paused, priced.has(row.judgeId), failures);
}

/** The project's runs, newest first (optionally one judge's). */
export async function listRuns(
  db: Db,
  projectId: string,
  opts: { judgeId?: string; limit?: number } = {},
): Promise<Omit<RunView, "failures">[]> {
  const rows = await db.judgeRun.findMany({
    where: { projectId, ...(opts.judgeId ? { judgeId: opts.judgeId } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: opts.limit ?? 50,
    include: { judge: { select: { name: true, autoRun: true, deletedAt: true } } },
  });
  const [counts, paused, priced] = await Promise.all([
    jobCounts(
      db,
      rows.map((r) => r.id),
    ),
    budgetPause(db, projectId),
    hasPrices(db, [...new Set(rows.map((r) => r.judgeId))]),
  ]);
  return rows.map((r) => {
    const { failures: _, ...view } = toRunView(
      r,
      counts.get(r.id) ?? { queued: 0, running: 0 },
      paused,
      priced.has(r.judgeId),
      [],
    );
    return view;
  });
}

/**
 * Cancels a run: its queued jobs are cancelled at once; a call in flight is cut off on this instance, and on any other
 * its answer is dropped when it ends (the job's end sees the run cancelled). An auto run also stops its judge
 * auto-running. Idempotent.
 */
export async function cancelRun(db: Db, projectId: string, id: string): Promise<RunView> {
  const row = await findRun(db, projectId, id);
  const now = new Date();
  await db.$transaction(async (tx) => {
    const { count } = await tx.judgeJob.updateMany({
      where: { runId: row.id, status: "queued" },
      data: { status: "cancelled", finishedAt: now, updatedAt: now },
    });
    await tx.judgeRun.update({
      where: { id: row.id },
      data: { cancelledAt: row.cancelledAt ?? now, cancelled: { increment: count } },
    });
    if (row.kind === "auto") await tx.judge.update({ where: { id: row.judgeId }, data: { autoRun: false } });
    await finishIfDone(tx, row.id, now);
  });
  wakeJudgeWorker({ cancelledRun: row.id });
  return getRun(db, projectId, row.id);
}

/** Marks a run finished once no job of it is queued or running. */
export async function finishIfDone(tx: Tx, runId: string, now: Date): Promise<void> {
  const left = await tx.judgeJob.count({ where: { runId, status: { in: ["queued", "running"] } } });
  if (left === 0) await tx.judgeRun.updateMany({ where: { id: runId, finishedAt: null }, data: { finishedAt: now } });
}

export { targetKeyOf };
