// The statements of a job's finish (./jobs.ts finishJob), behind one interface with two implementations: Prisma's
// (PostgreSQL) and better-sqlite3's on the connection Prisma's SQLite transaction holds (./finish-store-sqlite.ts).
// On SQLite the finish is the worker's hottest transaction: through Prisma each statement cost ~0.4 ms of CPU on
// this machine, ~47 % of the worker's busy time at concurrency 16; prepared once on the connection, a few µs.
import "@/server/server-only";
import { uuidv7 } from "@/lib/ids";
import type { JudgeAnswer } from "@/lib/judges/output-schema";
import { rawSqlite, type Db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/sqlite/client";
import { recordUsage } from "./budget";
import { sqliteFinishStore } from "./finish-store-sqlite";

export interface CallSpend {
  inputTokens: number | null;
  outputTokens: number | null;
  costUsd: number | null;
  latencyMs: number;
}

/** What a job row holds that a finish reads or writes. */
export interface FinishingJob {
  id: string;
  projectId: string;
  runId: string;
  judgeId: string;
  sessionId: string;
  thoughtId: string | null;
  targetKey: string;
  attempts: number;
}

/** A job's row after its finish (every column a finish may change; the unchanged ones as they were). */
export interface JobEndRow {
  status: "done" | "failed" | "cancelled" | "queued";
  finishedAt: Date | null;
  lastError: string | null;
  lastStatus: number | null;
  nextAttemptAt: Date;
}

export interface JudgmentRow {
  answer: JudgeAnswer;
  model: string;
  configId: string;
  spend: CallSpend;
}

export interface RunCounters {
  total: number;
  done: number;
  failed: number;
  cancelled: number;
  finished: boolean;
}

export interface FinishStore {
  /** Whether the run was cancelled, and whether the config (when there is one) was archived, with its name. */
  state(runId: string, configId: string | null): Promise<{ cancelled: boolean; archived: boolean; name: string }>;
  /** Ends the job if this attempt still holds it (running, same owner, same attempt count); false when not. */
  endJob(job: FinishingJob, owner: string, end: JobEndRow, now: Date): Promise<boolean>;
  /** The judge's score (one per config, target and judge: replaced when judged again) and the job's Judgment. */
  writeJudgment(job: FinishingJob, judgment: JudgmentRow, now: Date): Promise<void>;
  /** Adds to the run's counter and its spend; answers the counters after. */
  countRun(
    runId: string,
    counter: "done" | "failed" | "cancelled" | null,
    spend: CallSpend | null,
  ): Promise<RunCounters>;
  markFinished(runId: string, now: Date): Promise<void>;
  addTokens(projectId: string, tokens: number, now: Date): Promise<void>;
}

type Tx = Prisma.TransactionClient;

/** The store of one finish transaction: `tx`'s, or on SQLite the raw connection under it. */
export function finishStore(db: Db, tx: Tx): FinishStore {
  const sqlite = rawSqlite(db);
  return sqlite ? sqliteFinishStore(sqlite) : prismaFinishStore(tx);
}

/** A boolean from a raw query: PostgreSQL answers true/false, SQLite 1/0. */
const truthy = (v: unknown) => v === true || Number(v) === 1;

function prismaFinishStore(tx: Tx): FinishStore {
  return {
    async state(runId, configId) {
      const [row] = await tx.$queryRaw<{ cancelled: unknown; archived: unknown; name: string | null }[]>`
        SELECT r."cancelledAt" IS NOT NULL AS "cancelled", c."archivedAt" IS NOT NULL AS "archived", c."name" AS "name"
        FROM "JudgeRun" r LEFT JOIN "ScoreConfig" c ON c."id" = ${configId}
        WHERE r."id" = ${runId}`;
      if (!row) throw new Error(`judge run ${runId} is gone`);
      return { cancelled: truthy(row.cancelled), archived: truthy(row.archived), name: row.name ?? "" };
    },
    async endJob(job, owner, end, now) {
      const held = await tx.judgeJob.updateMany({
        where: { id: job.id, status: "running", leaseOwner: owner, attempts: job.attempts },
        data: { ...end, leaseOwner: null, leaseExpiresAt: null, updatedAt: now },
      });
      return held.count > 0;
    },
    async writeJudgment(job, { answer, model, configId, spend }, now) {
      const authorKey = `judge:${job.judgeId}`;
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
          createdAt: now,
          updatedAt: now,
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
          model,
          inputTokens: spend.inputTokens,
          outputTokens: spend.outputTokens,
          costUsd: spend.costUsd,
          latencyMs: spend.latencyMs,
          createdAt: now,
        },
      });
    },
    async countRun(runId, counter, spend) {
      const run = await tx.judgeRun.update({
        where: { id: runId },
        data: {
          ...(counter ? { [counter]: { increment: 1 } } : {}),
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
      return { ...run, finished: run.finishedAt !== null };
    },
    async markFinished(runId, now) {
      await tx.judgeRun.updateMany({ where: { id: runId, finishedAt: null }, data: { finishedAt: now } });
    },
    async addTokens(projectId, tokens, now) {
      await recordUsage(tx, projectId, { calls: 0, tokens }, now);
    },
  };
}
