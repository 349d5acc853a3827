// The durable job table's two transactions, on SQLite and PostgreSQL alike.
//
// Claim (per connection): lock the connection's claims (PostgreSQL: a transaction-scoped advisory lock; SQLite: the
// transaction itself, which BEGIN IMMEDIATE makes serial), count its live running jobs against maxConcurrency, pick
// due jobs (queued and due, or running with a lease that ran out: its process died) with FOR UPDATE SKIP LOCKED on
// PostgreSQL, reserve their calls in the daily budget, and mark them running under this process's lease. The lease
// outlives the call's time limit, so a lease runs out only when its process is gone.
//
// Finish: in one transaction, read the run's state (cancelled?) and the answer's config's (archived?), then end the
// job in a statement that matches only while this process still holds it (same owner, same attempt, still running; a
// job whose lease ran out and was claimed again belongs to the new claim); if it matched, write the judge's score and
// its Judgment (one per job: jobId is unique) and count the job into its run; or queue it again after a retryable
// failure (lib/judges/retry.ts: Retry-After, or exponential backoff), or fail it with the provider's words. A process
// killed at any point leaves either nothing (the claim runs again) or everything (the job is done), never half.
import "@/server/server-only";
import { nextStep, type FailureKind } from "@/lib/judges/retry";
import type { JudgeAnswer } from "@/lib/judges/output-schema";
import { uuidv7 } from "@/lib/ids";
import type { Db } from "@/server/db/client";
import { retryOnConflict } from "@/server/db/db-errors";
import type { Prisma } from "@/server/db/generated/sqlite/client";
import { recordUsage, reserveCalls } from "./budget";

type Tx = Prisma.TransactionClient;

/** How much longer than a call's time limit a lease lasts: the finish transaction's time, with room. */
export const LEASE_MARGIN_MS = 10_000;
/** The advisory lock namespace of a connection's claims (the second key is hashtext(connection id)). */
const CLAIM_LOCK_NAMESPACE = 35;

export type JobRow = Awaited<ReturnType<Db["judgeJob"]["findFirstOrThrow"]>>;

export interface ClaimConnection {
  id: string;
  projectId: string;
  maxConcurrency: number;
  timeoutMs: number;
}

const dueWhere = (connectionId: string, now: Date) => ({
  connectionId,
  OR: [
    { status: "queued", nextAttemptAt: { lte: now } },
    { status: "running", leaseExpiresAt: { lt: now } },
  ],
});

/** Claims up to `want` due jobs of one connection for `owner` (see the file header). */
export async function claimJobs(
  db: Db,
  postgres: boolean,
  connection: ClaimConnection,
  owner: string,
  want: number,
  now = new Date(),
): Promise<JobRow[]> {
  if (want <= 0) return [];
  return retryOnConflict(() =>
    db.$transaction(async (tx) => {
      if (postgres) {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${CLAIM_LOCK_NAMESPACE}::int, hashtext(${connection.id}))`;
      }
      const running = await tx.judgeJob.count({
        where: { connectionId: connection.id, status: "running", leaseExpiresAt: { gte: now } },
      });
      const free = Math.min(want, connection.maxConcurrency - running);
      if (free <= 0) return [];
      const ids = postgres
        ? (
            await tx.$queryRaw<{ id: string }[]>`
              SELECT "id" FROM "JudgeJob"
              WHERE "connectionId" = ${connection.id}
                AND (("status" = 'queued' AND "nextAttemptAt" <= ${now})
                  OR ("status" = 'running' AND "leaseExpiresAt" < ${now}))
              ORDER BY "nextAttemptAt", "id"
              LIMIT ${free}
              FOR UPDATE SKIP LOCKED`
          ).map((r) => r.id)
        : null;
      // SQLite: the due rows themselves (its transaction holds the write lock, so no one changes them before the
      // update below); PostgreSQL: the rows of the ids locked above.
      const due = await tx.judgeJob.findMany({
        where: ids === null ? dueWhere(connection.id, now) : { id: { in: ids } },
        orderBy: [{ nextAttemptAt: "asc" }, { id: "asc" }],
        ...(ids === null ? { take: free } : {}),
      });
      if (due.length === 0) return [];
      const granted = await reserveCalls(tx, postgres, connection.projectId, due.length, now);
      const mine = due.slice(0, granted);
      if (mine.length === 0) return [];
      const lease = {
        status: "running",
        leaseOwner: owner,
        leaseExpiresAt: new Date(now.getTime() + connection.timeoutMs + LEASE_MARGIN_MS),
        updatedAt: now,
      };
      await tx.judgeJob.updateMany({
        where: { id: { in: mine.map((j) => j.id) } },
        data: { ...lease, attempts: { increment: 1 } },
      });
      return mine.map((j) => ({ ...j, ...lease, attempts: j.attempts + 1 }));
    }),
  );
}

/** The connections with jobs due now (queued and due, or with a lease that ran out). */
export async function connectionsWithDueJobs(db: Db, now = new Date()): Promise<string[]> {
  const rows = await db.judgeJob.findMany({
    where: {
      OR: [
        { status: "queued", nextAttemptAt: { lte: now } },
        { status: "running", leaseExpiresAt: { lt: now } },
      ],
    },
    distinct: ["connectionId"],
    select: { connectionId: true },
  });
  return rows.map((r) => r.connectionId);
}

export interface CallSpend {
  inputTokens: number | null;
  outputTokens: number | null;
  costUsd: number | null;
  latencyMs: number;
}

export type JobResult =
  /** `configId`: the config the answer was read against (the judge's when the call was made). */
  | { kind: "judged"; answer: JudgeAnswer; model: string; configId: string; spend: CallSpend }
  | {
      kind: "failed";
      failure: FailureKind;
      message: string;
      status: number | null;
      retryAfterMs: number | null;
      spend: CallSpend | null;
    }
  /** The run was cancelled before the call; no call was made. */
  | { kind: "cancelled" };

export type FinishOutcome = "judged" | "retry" | "failed" | "cancelled" | "lost";

/** A boolean from a raw query: PostgreSQL answers true/false, SQLite 1/0. */
const truthy = (v: unknown) => v === true || Number(v) === 1;

/** How a job ends: its row's new state, and which of its run's counters it adds to (none when queued again). */
interface JobEnd {
  outcome: Exclude<FinishOutcome, "lost">;
  data: Prisma.JudgeJobUpdateManyMutationInput;
  counter: "done" | "failed" | "cancelled" | null;
}

function endOf(job: JobRow, result: JobResult, runCancelled: boolean, archived: string | null, now: Date): JobEnd {
  const closed = { leaseOwner: null, leaseExpiresAt: null, updatedAt: now };
  const ended = { ...closed, finishedAt: now };
  if (runCancelled || result.kind === "cancelled") {
    return { outcome: "cancelled", data: { ...ended, status: "cancelled" }, counter: "cancelled" };
  }
  if (result.kind === "judged") {
    return archived === null
      ? { outcome: "judged", data: { ...ended, status: "done", lastError: null, lastStatus: null }, counter: "done" }
      : {
          outcome: "failed",
          data: { ...ended, status: "failed", lastError: archived, lastStatus: null },
          counter: "failed",
        };
  }
  const step = nextStep(result.failure, job.attempts, result.retryAfterMs);
  const error = { lastError: result.message, lastStatus: result.status };
  if (step.retry) {
    const nextAttemptAt = new Date(now.getTime() + step.delayMs);
    return { outcome: "retry", data: { ...closed, ...error, status: "queued", nextAttemptAt }, counter: null };
  }
  return { outcome: "failed", data: { ...ended, ...error, status: "failed" }, counter: "failed" };
}

async function writeJudgment(tx: Tx, job: JobRow, result: Extract<JobResult, { kind: "judged" }>, now: Date) {
  const authorKey = `judge:${job.judgeId}`;
  const { answer, spend, configId } = result;
  const values = { value: answer.value, stringValue: answer.stringValue, comment: answer.rationale };
  const score = await tx.score.upsert({
    where: { configId_targetKey_authorKey: { configId, targetKey: job.targetKey, authorKey } },
    create: {
      id: uuidv7(),
      projectId: job.projectId,
      configId,
      sessionId: job.sessionId,
      thoughtId: job.thoughtId,
      targetKey: job.targetKey,
      authorKey,
      ...values,
    },
    update: { ...values, updatedAt: now },
    select: { id: true },
  });
  await tx.judgment.create({
    data: {
      id: uuidv7(),
      projectId: job.projectId,
      judgeId: job.judgeId,
      runId: job.runId,
      jobId: job.id,
      sessionId: job.sessionId,
      thoughtId: job.thoughtId,
      targetKey: job.targetKey,
      configId,
      scoreId: score.id,
      value: answer.value,
      stringValue: answer.stringValue,
      rationale: answer.rationale,
      confidence: answer.confidence,
      model: result.model,
      inputTokens: spend.inputTokens,
      outputTokens: spend.outputTokens,
      costUsd: spend.costUsd,
      latencyMs: spend.latencyMs,
      createdAt: now,
    },
  });
}

/**
 * Ends this process's attempt at a job (see the file header); "lost" when the job is no longer this attempt's. Seven
 * statements at most: the run's and the config's state, the job's end (which is also the check that this attempt still
 * holds it), the score and judgment, one update of the run (its counter, tokens and cost; its end when this was its
 * last job, read from the counters that update returns) and the day's tokens.
 */
export async function finishJob(
  db: Db,
  job: JobRow,
  owner: string,
  result: JobResult,
  now = new Date(),
): Promise<FinishOutcome> {
  return retryOnConflict(
    () =>
      db.$transaction(async (tx): Promise<FinishOutcome> => {
        // The run's state and the answer's config's, in one statement (the config only for an answer).
        const configId = result.kind === "judged" ? result.configId : null;
        const [state] = await tx.$queryRaw<{ cancelled: unknown; archived: unknown; name: string | null }[]>`
          SELECT r."cancelledAt" IS NOT NULL AS "cancelled", c."archivedAt" IS NOT NULL AS "archived", c."name" AS "name"
          FROM "JudgeRun" r LEFT JOIN "ScoreConfig" c ON c."id" = ${configId}
          WHERE r."id" = ${job.runId}`;
        if (!state) throw new Error(`judge run ${job.runId} is gone`);
        const archived = truthy(state.archived)
          ? `Score config "${state.name}" was archived; no score was written.`
          : null;
        const end = endOf(job, result, truthy(state.cancelled), archived, now);
        const held = await tx.judgeJob.updateMany({
          where: { id: job.id, status: "running", leaseOwner: owner, attempts: job.attempts },
          data: end.data,
        });
        if (held.count === 0) return "lost";
        if (end.outcome === "judged" && result.kind === "judged") await writeJudgment(tx, job, result, now);
        const spend = result.kind === "cancelled" ? null : result.spend;
        const counted = await tx.judgeRun.update({
          where: { id: job.runId },
          data: {
            ...(end.counter ? { [end.counter]: { increment: 1 } } : {}),
            ...(spend
              ? {
                  inputTokens: { increment: spend.inputTokens ?? 0 },
                  outputTokens: { increment: spend.outputTokens ?? 0 },
                  costUsd: { increment: spend.costUsd ?? 0 },
                }
              : {}),
          },
          select: { total: true, done: true, failed: true, cancelled: true, finishedAt: true },
        });
        const left = counted.total - counted.done - counted.failed - counted.cancelled;
        if (end.counter && left === 0 && counted.finishedAt === null) {
          await tx.judgeRun.update({ where: { id: job.runId }, data: { finishedAt: now } });
        }
        const tokens = (spend?.inputTokens ?? 0) + (spend?.outputTokens ?? 0);
        if (tokens > 0) await recordUsage(tx, job.projectId, { calls: 0, tokens }, now);
        return end.outcome;
      }),
    { alsoUnique: true },
  );
}
