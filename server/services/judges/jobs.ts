// The durable job table's two transactions, on SQLite and PostgreSQL alike.
//
// Claim (per connection): lock the connection's claims (PostgreSQL: a transaction-scoped advisory lock; SQLite: the
// transaction itself, which BEGIN IMMEDIATE makes serial), count its live running jobs against maxConcurrency, pick
// due jobs (queued and due, or running with a lease that ran out: its process died) with FOR UPDATE SKIP LOCKED on
// PostgreSQL, reserve their calls in the daily budget, and mark them running under this process's lease. The lease
// outlives the call's time limit, so a lease runs out only when its process is gone.
//
// Finish: in one transaction, check this process still holds the job (same owner, same attempt, still running; a
// job whose lease ran out and was claimed again belongs to the new claim), then write the judge's score and its
// Judgment (one per job: jobId is unique) and count the job into its run; or queue it again after a retryable failure
// (lib/judges/retry.ts: Retry-After, or exponential backoff), or fail it with the provider's words. A process killed
// at any point leaves either nothing (the claim runs again) or everything (the job is done), never half.
import "@/server/server-only";
import { nextStep, type FailureKind } from "@/lib/judges/retry";
import type { JudgeAnswer } from "@/lib/judges/output-schema";
import { uuidv7 } from "@/lib/ids";
import type { Db } from "@/server/db/client";
import { retryOnConflict } from "@/server/db/db-errors";
import type { Prisma } from "@/server/db/generated/sqlite/client";
import { recordUsage, reserveCalls } from "./budget";
import { finishIfDone } from "./runs";

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
        : (
            await tx.judgeJob.findMany({
              where: dueWhere(connection.id, now),
              orderBy: [{ nextAttemptAt: "asc" }, { id: "asc" }],
              take: free,
              select: { id: true },
            })
          ).map((r) => r.id);
      if (ids.length === 0) return [];
      const granted = await reserveCalls(tx, postgres, connection.projectId, ids.length, now);
      const mine = ids.slice(0, granted);
      if (mine.length === 0) return [];
      await tx.judgeJob.updateMany({
        where: { id: { in: mine } },
        data: {
          status: "running",
          leaseOwner: owner,
          leaseExpiresAt: new Date(now.getTime() + connection.timeoutMs + LEASE_MARGIN_MS),
          attempts: { increment: 1 },
          updatedAt: now,
        },
      });
      return tx.judgeJob.findMany({ where: { id: { in: mine } }, orderBy: [{ nextAttemptAt: "asc" }, { id: "asc" }] });
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
  | { kind: "judged"; answer: JudgeAnswer; model: string; spend: CallSpend }
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

async function countSpend(tx: Tx, job: JobRow, spend: CallSpend | null, now: Date): Promise<void> {
  if (!spend) return;
  const tokens = (spend.inputTokens ?? 0) + (spend.outputTokens ?? 0);
  await tx.judgeRun.update({
    where: { id: job.runId },
    data: {
      inputTokens: { increment: spend.inputTokens ?? 0 },
      outputTokens: { increment: spend.outputTokens ?? 0 },
      costUsd: { increment: spend.costUsd ?? 0 },
    },
  });
  if (tokens > 0) await recordUsage(tx, job.projectId, { calls: 0, tokens }, now);
}

async function writeJudgment(tx: Tx, job: JobRow, result: Extract<JobResult, { kind: "judged" }>, now: Date) {
  const judge = await tx.judge.findUniqueOrThrow({
    where: { id: job.judgeId },
    select: { configId: true, config: { select: { archivedAt: true, name: true } } },
  });
  if (judge.config.archivedAt !== null)
    return `Score config "${judge.config.name}" was archived; no score was written.`;
  const authorKey = `judge:${job.judgeId}`;
  const { answer, spend } = result;
  const values = { value: answer.value, stringValue: answer.stringValue, comment: answer.rationale };
  const score = await tx.score.upsert({
    where: { configId_targetKey_authorKey: { configId: judge.configId, targetKey: job.targetKey, authorKey } },
    create: {
      id: uuidv7(),
      projectId: job.projectId,
      configId: judge.configId,
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
      configId: judge.configId,
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
  return null;
}

/** Ends this process's attempt at a job (see the file header); "lost" when the job is no longer this attempt's. */
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
        const held = await tx.judgeJob.updateMany({
          where: { id: job.id, status: "running", leaseOwner: owner, attempts: job.attempts },
          data: { updatedAt: now },
        });
        if (held.count === 0) return "lost";
        const run = await tx.judgeRun.findUniqueOrThrow({ where: { id: job.runId }, select: { cancelledAt: true } });
        await countSpend(tx, job, result.kind === "cancelled" ? null : result.spend, now);
        const end = (status: string, extra: Prisma.JudgeJobUpdateInput = {}) =>
          tx.judgeJob.update({
            where: { id: job.id },
            data: { status, leaseOwner: null, leaseExpiresAt: null, finishedAt: now, updatedAt: now, ...extra },
          });
        let outcome: FinishOutcome;
        if (run.cancelledAt !== null || result.kind === "cancelled") {
          await end("cancelled");
          await tx.judgeRun.update({ where: { id: job.runId }, data: { cancelled: { increment: 1 } } });
          outcome = "cancelled";
        } else if (result.kind === "judged") {
          const refused = await writeJudgment(tx, job, result, now);
          if (refused === null) {
            await end("done", { lastError: null, lastStatus: null });
            await tx.judgeRun.update({ where: { id: job.runId }, data: { done: { increment: 1 } } });
            outcome = "judged";
          } else {
            await end("failed", { lastError: refused, lastStatus: null });
            await tx.judgeRun.update({ where: { id: job.runId }, data: { failed: { increment: 1 } } });
            outcome = "failed";
          }
        } else {
          const step = nextStep(result.failure, job.attempts, result.retryAfterMs);
          if (step.retry) {
            await tx.judgeJob.update({
              where: { id: job.id },
              data: {
                status: "queued",
                nextAttemptAt: new Date(now.getTime() + step.delayMs),
                leaseOwner: null,
                leaseExpiresAt: null,
                lastError: result.message,
                lastStatus: result.status,
                updatedAt: now,
              },
            });
            return "retry";
          }
          await end("failed", { lastError: result.message, lastStatus: result.status });
          await tx.judgeRun.update({ where: { id: job.runId }, data: { failed: { increment: 1 } } });
          outcome = "failed";
        }
        await finishIfDone(tx, job.runId, now);
        return outcome;
      }),
    { alsoUnique: true },
  );
}
