// The job table's claim and finish under contention, on a real PostgreSQL database and a real SQLite file: two
// instances (on PostgreSQL two database clients, each with its own pool, as two processes have; SQLite serves one
// process per file, so there its claims run at once through one client) claim one connection's jobs at once
// and never take the same job or more than the connection's concurrency (PostgreSQL: FOR UPDATE SKIP LOCKED under the
// connection's advisory lock); a lease that ran out (its process died) is claimed again, and then only the new
// claim's end is stored: the dead attempt's late answer is refused, so one judgment per job.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDb, type Db } from "@/server/db/client";
import { applyMigrations } from "@/server/db/migrations";
import { createConnection } from "@/server/services/judges/connections";
import { claimJobs, finishJob, LEASE_MARGIN_MS, type JobResult } from "@/server/services/judges/jobs";
import { createJudge } from "@/server/services/judges/judges";
import { createRun } from "@/server/services/judges/runs";
import { createScoreConfig } from "@/server/services/scores/score-configs";
import { freshPgUrl } from "@/test/support/pg";
import { seedProject, seedSession, unique } from "@/test/support/seed";
import { freshSqliteUrl } from "@/test/support/sqlite-file";

process.env.THOUGHTGRAPH_SECRET_KEY ??= "test-secret-key-for-judge-claims-0123456789";

const judged = (value: number, configId: string): JobResult => ({
  kind: "judged",
  answer: { value, stringValue: null, rationale: "ok", confidence: 1 },
  model: "judge-small",
  configId,
  spend: { inputTokens: 10, outputTokens: 5, costUsd: null, latencyMs: 3 },
});

describe.each(["postgresql", "sqlite"] as const)("judge job claims on %s", (provider) => {
  let a: Db;
  let b: Db;
  let projectId = "";

  /** A connection of `maxConcurrency` (timeout 1 s) with a run of `thoughts` queued jobs. */
  async function queued(maxConcurrency: number, thoughts: number) {
    const connection = await createConnection(a, projectId, {
      name: unique("local"),
      provider: "openai-compatible",
      baseUrl: "http://127.0.0.1:9/v1",
      allowPrivateNetwork: true,
      maxConcurrency,
      timeoutMs: 1_000,
    });
    const config = await createScoreConfig(a, projectId, {
      name: unique("quality"),
      type: "numeric",
      min: 1,
      max: 5,
      step: 1,
    });
    const judge = await createJudge(a, projectId, {
      name: unique("judge"),
      connectionId: connection.id,
      model: "judge-small",
      scoreConfigId: config.id,
      target: "thought",
    });
    const { sessionId } = await seedSession(a, projectId, thoughts);
    const { runId } = await createRun(a, projectId, judge.id, { sessionId }, "key:test");
    const row = await a.modelConnection.findUniqueOrThrow({ where: { id: connection.id } });
    return { connection: row, runId, configId: config.id };
  }

  beforeAll(async () => {
    const url = provider === "sqlite" ? freshSqliteUrl("judge-claims") : await freshPgUrl("judge_claims");
    await applyMigrations(url);
    a = createDb(url);
    // SQLite serves one process per file: its "instances" are claims at once through the one client.
    b = provider === "sqlite" ? a : createDb(url);
    projectId = await seedProject(a);
  });

  afterAll(async () => {
    await a?.$disconnect();
    if (b !== a) await b?.$disconnect();
  });

  it("two instances claiming at once never take the same job, nor more than the connection's concurrency", async () => {
    const { connection, runId } = await queued(24, 60);
    const postgres = provider === "postgresql";
    // Twelve claims at once, alternating between the two clients, each asking for 5: 60 wanted, 24 allowed.
    const claims = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        claimJobs(i % 2 === 0 ? a : b, postgres, connection, i % 2 === 0 ? "instance-a" : "instance-b", 5),
      ),
    );
    const ids = claims.flat().map((j) => j.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(24);
    const rows = await a.judgeJob.findMany({ where: { runId, status: "running" } });
    expect(rows).toHaveLength(24);
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
    // Each claim's jobs carry its own lease.
    for (const [i, jobs] of claims.entries()) {
      const owner = i % 2 === 0 ? "instance-a" : "instance-b";
      for (const job of jobs) expect(rows.find((r) => r.id === job.id)?.leaseOwner).toBe(owner);
    }
  });

  it("a lease that ran out is claimed again, and only the new claim's answer is stored", async () => {
    const { connection, runId, configId } = await queued(1, 1);
    const postgres = provider === "postgresql";
    const [dead] = await claimJobs(a, postgres, connection, "dead-process", 1);
    expect(dead).toBeDefined();
    // Within the lease nobody else may take it.
    expect(await claimJobs(b, postgres, connection, "survivor", 1)).toEqual([]);
    const later = new Date(Date.now() + connection.timeoutMs + LEASE_MARGIN_MS + 1_000);
    const [again] = await claimJobs(b, postgres, connection, "survivor", 1, later);
    expect(again?.id).toBe(dead!.id);
    expect(again?.attempts).toBe(2);
    // The dead process's answer arrives after all: refused. The survivor's is stored, once.
    expect(await finishJob(a, dead!, "dead-process", judged(2, configId), later)).toBe("lost");
    expect(await finishJob(b, again!, "survivor", judged(4, configId), later)).toBe("judged");
    expect(await finishJob(b, again!, "survivor", judged(4, configId), later)).toBe("lost");
    const judgments = await a.judgment.findMany({ where: { runId } });
    expect(judgments.map((j) => j.value)).toEqual([4]);
    expect(await a.judgeRun.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ done: 1, total: 1 });
  });
});
