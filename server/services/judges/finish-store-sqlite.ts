// The finish's statements on SQLite (./finish-store.ts says why): prepared once per connection and run on the
// connection under Prisma's open transaction, so they commit or roll back with it. Dates are written as Prisma
// writes them (sqliteDate: ISO text).
import "@/server/server-only";
import type BetterSqlite3 from "better-sqlite3";
import { uuidv7 } from "@/lib/ids";
import { sqliteDate } from "@/server/ingest/write-store";
import { utcDay } from "./budget";
import type { FinishStore } from "./finish-store";

const prepared = new WeakMap<BetterSqlite3.Database, ReturnType<typeof statementsFor>>();

/** Counts and flags are small: read them as plain numbers (Prisma's adapter turns on BigInt for the connection). */
function statementsFor(db: BetterSqlite3.Database) {
  const statement = (sql: string) => db.prepare(sql).safeIntegers(false);
  return {
    state: statement(
      `SELECT r."cancelledAt" IS NOT NULL AS "cancelled", c."archivedAt" IS NOT NULL AS "archived", c."name" AS "name"
       FROM "JudgeRun" r LEFT JOIN "ScoreConfig" c ON c."id" = ? WHERE r."id" = ?`,
    ),
    endJob: statement(
      `UPDATE "JudgeJob" SET "status" = ?, "finishedAt" = ?, "lastError" = ?, "lastStatus" = ?, "nextAttemptAt" = ?,
         "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "updatedAt" = ?
       WHERE "id" = ? AND "status" = 'running' AND "leaseOwner" = ? AND "attempts" = ?`,
    ),
    score: statement(
      `INSERT INTO "Score" ("id", "projectId", "configId", "sessionId", "thoughtId", "targetKey", "authorKey", "value",
         "stringValue", "comment", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT ("configId", "targetKey", "authorKey") DO UPDATE SET "value" = excluded."value",
         "stringValue" = excluded."stringValue", "comment" = excluded."comment", "updatedAt" = excluded."updatedAt"
       RETURNING "id"`,
    ),
    judgment: statement(
      `INSERT INTO "Judgment" ("id", "projectId", "judgeId", "runId", "jobId", "sessionId", "thoughtId", "targetKey",
         "configId", "scoreId", "value", "stringValue", "rationale", "confidence", "model", "inputTokens",
         "outputTokens", "costUsd", "latencyMs", "createdAt")
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    countRun: statement(
      `UPDATE "JudgeRun" SET "done" = "done" + ?, "failed" = "failed" + ?, "cancelled" = "cancelled" + ?,
         "inputTokens" = "inputTokens" + ?, "outputTokens" = "outputTokens" + ?, "costUsd" = "costUsd" + ?
       WHERE "id" = ?
       RETURNING "total", "done", "failed", "cancelled", "finishedAt" IS NOT NULL AS "finished"`,
    ),
    markFinished: statement(`UPDATE "JudgeRun" SET "finishedAt" = ? WHERE "id" = ? AND "finishedAt" IS NULL`),
    addTokens: statement(
      `INSERT INTO "JudgeUsage" ("projectId", "day", "calls", "tokens") VALUES (?, ?, 0, ?)
       ON CONFLICT ("projectId", "day") DO UPDATE SET "tokens" = "tokens" + excluded."tokens"`,
    ),
  };
}

export function sqliteFinishStore(db: BetterSqlite3.Database): FinishStore {
  let s = prepared.get(db);
  if (!s) prepared.set(db, (s = statementsFor(db)));
  const q = s;
  return {
    state(runId, configId) {
      const row = q.state.get(configId, runId) as
        { cancelled: number; archived: number; name: string | null } | undefined;
      if (!row) return Promise.reject(new Error(`judge run ${runId} is gone`));
      return Promise.resolve({ cancelled: row.cancelled === 1, archived: row.archived === 1, name: row.name ?? "" });
    },
    endJob(job, owner, end, now) {
      const { changes } = q.endJob.run(
        end.status,
        end.finishedAt ? sqliteDate(end.finishedAt) : null,
        end.lastError,
        end.lastStatus,
        sqliteDate(end.nextAttemptAt),
        sqliteDate(now),
        job.id,
        owner,
        job.attempts,
      );
      return Promise.resolve(changes > 0);
    },
    writeJudgment(job, { answer, model, configId, spend }, now) {
      const at = sqliteDate(now);
      const score = q.score.get(
        uuidv7(),
        job.projectId,
        configId,
        job.sessionId,
        job.thoughtId,
        job.targetKey,
        `judge:${job.judgeId}`,
        answer.value,
        answer.stringValue,
        answer.rationale,
        at,
        at,
      ) as { id: string };
      q.judgment.run(
        uuidv7(),
        job.projectId,
        job.judgeId,
        job.runId,
        job.id,
        job.sessionId,
        job.thoughtId,
        job.targetKey,
        configId,
        score.id,
        answer.value,
        answer.stringValue,
        answer.rationale,
        answer.confidence,
        model,
        spend.inputTokens,
        spend.outputTokens,
        spend.costUsd,
        spend.latencyMs,
        at,
      );
      return Promise.resolve();
    },
    countRun(runId, counter, spend) {
      const row = q.countRun.get(
        counter === "done" ? 1 : 0,
        counter === "failed" ? 1 : 0,
        counter === "cancelled" ? 1 : 0,
        spend?.inputTokens ?? 0,
        spend?.outputTokens ?? 0,
        spend?.costUsd ?? 0,
        runId,
      ) as { total: number; done: number; failed: number; cancelled: number; finished: number };
      return Promise.resolve({ ...row, finished: row.finished === 1 });
    },
    markFinished(runId, now) {
      q.markFinished.run(sqliteDate(now), runId);
      return Promise.resolve();
    },
    addTokens(projectId, tokens, now) {
      q.addTokens.run(projectId, utcDay(now), tokens);
      return Promise.resolve();
    },
  };
}
