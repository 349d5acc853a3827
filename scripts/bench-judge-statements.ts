// Statements and CPU per judgment of the judge worker, in this process (no HTTP server): a run of N thought judgments
// at connection concurrency 16 against the test model server (scripts/lib/model-server.ts) answering at once,
// counting every SQL statement the database driver runs (SQLite: executions of better-sqlite3 statements, Prisma's
// and those prepared once; PostgreSQL: pg client queries) and this process's CPU time from the run's start to its end (the model server's share included).
// DATABASE_URL: a postgresql:// URL measures PostgreSQL; default a fresh SQLite file. BENCH_JUDGMENTS (default 320).
// BENCH_JUDGE_LATENCY_MS: the model's latency (default 0). BENCH_SHOW_SQL=1 also lists the statements run at least once per two judgments (SQLite), with their counts.
// Run: npx tsx scripts/bench-judge-statements.ts
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createDb, rawSqlite } from "@/server/db/client";
import { applyMigrations } from "@/server/db/migrations";
import { uuidv7 } from "@/lib/ids";
import { createConnection } from "@/server/services/judges/connections";
import { createJudge } from "@/server/services/judges/judges";
import { createRun, getRun } from "@/server/services/judges/runs";
import { JudgeWorker } from "@/server/services/judges/worker";
import { createScoreConfig } from "@/server/services/scores/score-configs";
import { startModelServer } from "./lib/model-server";

const N = Number(process.env.BENCH_JUDGMENTS ?? 320);
const PER_SESSION = 4;
process.env.THOUGHTGRAPH_SECRET_KEY ??= "bench-judge-statements-secret-0123456789";

async function main(): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "bench-judge-statements-"));
  const url = process.env.DATABASE_URL?.trim() || `file:${path.join(tmp, "db.sqlite")}`;
  await applyMigrations(url);
  const db = createDb(url);
  const latencyMs = Number(process.env.BENCH_JUDGE_LATENCY_MS ?? 0);
  const model = await startModelServer(() => ({
    answer: { value: 3, rationale: "sound", confidence: 0.9 },
    latencyMs,
  }));
  let statements = 0;
  const shown = new Map<string, number>();
  const pgClient = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const pgQuery = pgClient.query;
  pgClient.query = function (this: unknown, ...args: unknown[]) {
    statements++;
    return pgQuery.apply(this, args);
  };
  try {
    const projectId = uuidv7();
    await db.project.create({ data: { id: projectId, name: "bench", slug: `bench-${projectId}` } });
    const sqlite = rawSqlite(db);
    if (sqlite) {
      // Every execution of a prepared statement, Prisma's (prepared for each query) and the ones prepared once.
      const proto = Object.getPrototypeOf(sqlite.prepare("SELECT 1")) as Record<string, unknown>;
      for (const method of ["run", "get", "all", "iterate"]) {
        const original = proto[method] as (this: { source: string }, ...args: unknown[]) => unknown;
        proto[method] = function (this: { source: string }, ...args: unknown[]) {
          statements++;
          const sql = this.source.trim().slice(0, 90);
          if (process.env.BENCH_SHOW_SQL) shown.set(sql, (shown.get(sql) ?? 0) + 1);
          return original.apply(this, args);
        };
      }
    }
    const config = await createScoreConfig(db, projectId, { name: "q", type: "numeric", min: 1, max: 5, step: 1 });
    const connection = await createConnection(db, projectId, {
      name: "bench",
      provider: "openai-compatible",
      baseUrl: model.url,
      allowPrivateNetwork: true,
      maxConcurrency: 16,
      timeoutMs: 60_000,
    });
    const judge = await createJudge(db, projectId, {
      name: "bench",
      connectionId: connection.id,
      model: "judge-small",
      scoreConfigId: config.id,
      target: "thought",
    });
    const tag = `bench-${Date.now()}`;
    for (let s = 0; s < N / PER_SESSION; s++) {
      const sessionId = uuidv7();
      await db.thinkingSession.create({
        data: { id: sessionId, projectId, key: `${tag}-${s}`, thoughtCount: PER_SESSION },
      });
      for (let n = 1; n <= PER_SESSION; n++) {
        await db.thought.create({
          data: {
            id: uuidv7(),
            projectId,
            sessionId,
            seq: n,
            thoughtNumber: n,
            totalThoughts: PER_SESSION,
            text: `Step ${n}: a step of the benchmark's reasoning.`,
            nextThoughtNeeded: n < PER_SESSION,
            tags: [tag],
          },
        });
      }
    }
    const worker = new JudgeWorker(db, { autoScanMs: 3_600_000 });
    const cpu = process.cpuUsage();
    const started = performance.now();
    statements = 0;
    const { runId, total } = await createRun(db, projectId, judge.id, { filter: { tag } }, "bench");
    const createStatements = statements;
    worker.start();
    let polls = 0;
    for (;;) {
      polls++;
      const run = await getRun(db, projectId, runId);
      if (run.status === "done") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    worker.stop();
    const end = statements;
    await getRun(db, projectId, runId);
    const perPoll = statements - end;
    if (process.env.BENCH_SHOW_SQL) for (const [sql, n] of shown) if (n >= total / 2) console.log(n, sql);
    statements = end - polls * perPoll;
    console.log(
      `${url.startsWith("file:") ? "SQLite" : "PostgreSQL"}: ${total} judgments in ${seconds.toFixed(2)} s, ` +
        `${(total / seconds).toFixed(1)}/s; statements per judgment ${((statements - createStatements) / total).toFixed(1)} ` +
        `(besides the run's creation, ${createStatements}, and ${polls} status polls); CPU per judgment ` +
        `${((used.user + used.system) / 1000 / total).toFixed(2)} ms; load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(" ")}`,
    );
  } finally {
    pgClient.query = pgQuery;
    await model.close();
    await db.$disconnect();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
