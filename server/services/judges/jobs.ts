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
import type { Db } from "@/server/db/client";
import { retryOnConflict } from "@/server/db/db-errors";
import { reserveCalls } from "./budget";
import { finishStore, type CallSpend, type JobEndRow } from "./finish-store";

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

export type { CallSpend } from "./finish-store";

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

/** How a job ends: its row after, and which of its run's counters it adds to (none when queued again). */
interface JobEnd {
  outcome: Exclude<FinishOutcome, "lost">;
  row: JobEndRow;
  counter: "done" | "failed" | "cancelled" | null;
}

function endOf(job: JobRow, result: JobResult, runCancelled: boolean, archived: string | null, now: Date): JobEnd {
  const kept = { lastError: job.lastError, lastStatus: job.lastStatus, nextAttemptAt: job.nextAttemptAt };
  if (runCancelled || result.kind === "cancelled") {
    return { outcome: "cancelled", row: { ...kept, status: "cancelled", finishedAt: now }, counter: "cancelled" };
  }
  if (result.kind === "judged") {
    const cleared = { ...kept, lastError: archived, lastStatus: null, finishedAt: now };
    return archived === null
      ? { outcome: "judged", row: { ...cleared, status: "done" }, counter: "done" }
      : { outcome: "failed", row: { ...cleared, status: "failed" }, counter: "failed" };
  }
  const step = nextStep(result.failure, job.attempts, result.retryAfterMs);
  const error = { lastError: result.message, lastStatus: result.status };
  if (step.retry) {
    const nextAttemptAt = new Date(now.getTime() + step.delayMs);
    return {
      outcome: "retry",
      row: { ...error, status: "queued", finishedAt: job.finishedAt, nextAttemptAt },
      counter: null,
    };
  }
  return { outcome: "failed", row: { ...kept, ...error, status: "failed", finishedAt: now }, counter: "failed" };
}

/**
 * Ends this process's attempt at a job (see the file header); "lost" when the job is no longer this attempt's. Eight
 * statements at most, BEGIN and COMMIT included (./finish-store.ts): the run's and the config's state, the job's end
 * (which is also the check that this attempt still holds it), the score and judgment, one update of the run (its
 * counter, tokens and cost; its end when this was its last job, from the counters that update answers) and the
 * day's tokens.
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
        const store = finishStore(db, tx);
        const state = await store.state(job.runId, result.kind === "judged" ? result.configId : null);
        const archived = state.archived ? `Score config "${state.name}" was archived; no score was written.` : null;
        const end = endOf(job, result, state.cancelled, archived, now);
        if (!(await store.endJob(job, owner, end.row, now))) return "lost";
        if (end.outcome === "judged" && result.kind === "judged") await store.writeJudgment(job, result, now);
        const spend = result.kind === "cancelled" ? null : result.spend;
        const run = await store.countRun(job.runId, end.counter, spend);
        if (end.counter && run.total - run.done - run.failed - run.cancelled === 0 && !run.finished) {
          await store.markFinished(job.runId, now);
        }
        const tokens = (spend?.inputTokens ?? 0) + (spend?.outputTokens ?? 0);
        if (tokens > 0) await store.addTokens(job.projectId, tokens, now);
        return end.outcome;
      }),
    { alsoUnique: true },
  );
}
