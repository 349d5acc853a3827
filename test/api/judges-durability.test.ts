// Judge runs survive the server: the production server is killed with SIGKILL while a run's calls are in flight, and
// another server on the same database (a restart on SQLite, the fleet's other instance on PostgreSQL) finishes the
// run once the dead process's leases run out. Nothing is lost (every thought gets its judge's score) and nothing is
// stored twice (one judgment per job, one judge score per thought), though the calls cut off by the kill are made
// again. The test model server (scripts/lib/model-server.ts) stands in for a model endpoint: no real model runs here.
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startServer, type RunningServer } from "@/scripts/lib/server-process";
import {
  call,
  getGraph,
  record,
  rowCounts,
  sleep,
  startSqliteServer,
  thought,
  unique,
} from "@/test/support/api-client";
import { bearer, createAdminKey, setUpJudge, TEST_SECRET_KEY, waitForRun } from "@/test/support/judges";
import { startModelServer, type ModelServer } from "@/scripts/lib/model-server";
import { freshPgUrl } from "@/test/support/pg";

const THOUGHTS = 8;
/** Long enough that a call received just before the kill is surely unanswered when the process dies. */
const LATENCY_MS = 1_000;
/** A call's time limit, above the model's latency; a lease lasts this plus a 10 s margin (jobs.ts). */
const TIMEOUT_MS = 3_000;
const ENV = { THOUGHTGRAPH_SECRET_KEY: TEST_SECRET_KEY };

const stepOf = (prompt: string) => Number(/The step under review:\nThought (\d+)/.exec(prompt)?.[1] ?? 0);

/** Waits until no client holds a connection to the model server. */
async function untilNoConnections(model: ModelServer): Promise<void> {
  const end = Date.now() + 30_000;
  while (model.openConnections() > 0) {
    if (Date.now() > end) throw new Error(`${model.openConnections()} connections to the model server stay open`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits until the model server has received `n` completion calls. */
async function untilCalls(model: ModelServer, n: number): Promise<void> {
  const end = Date.now() + 30_000;
  while (model.calls().length < n) {
    if (Date.now() > end) throw new Error(`the model server saw ${model.calls().length} calls, not ${n}`);
    await sleep(10);
  }
}

/** How many judgments of the run the PostgreSQL database at `url` holds. */
async function judgmentsOf(url: string, runId: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ n: string }>(`SELECT count(*) AS n FROM "Judgment" WHERE "runId" = $1`, [runId]);
    return Number(r.rows[0]!.n);
  } finally {
    await client.end();
  }
}

/** The run's jobs tried more than once, and the servers' log lines about judges: what a failed count is about. */
function jobsOf(dbFile: string, runId: string, servers: RunningServer[]): string {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const jobs = db
      .prepare(`SELECT "attempts", "status", "lastError" FROM "JudgeJob" WHERE "runId" = ? AND "attempts" > 1`)
      .all(runId);
    const logged = servers.flatMap((s) => s.output().split("\n")).filter((l) => l.includes("[judges]"));
    return JSON.stringify({ jobs, logged });
  } finally {
    db.close();
  }
}

interface Setup {
  judgeId: string;
  session: string;
  runId: string;
}

/** A thought judge on the model server, a session of THOUGHTS thoughts, and a run over it started on `server`. */
async function startRun(server: RunningServer, admin: string, model: ModelServer): Promise<Setup> {
  const config = unique("quality");
  const created = await call(server, "/api/v1/score-configs", {
    method: "POST",
    json: { name: config, type: "numeric", min: 1, max: THOUGHTS, step: 1 },
  });
  expect(created.status, created.text).toBe(201);
  const { judgeId } = await setUpJudge(server, admin, {
    modelUrl: model.url,
    configName: config,
    // One call at a time: when the second call arrives the first job is done, and the kill cuts off exactly one.
    maxConcurrency: 1,
    timeoutMs: TIMEOUT_MS,
  });
  const session = unique("durable");
  for (let n = 1; n <= THOUGHTS; n++) await record(server, thought(n, THOUGHTS, { sessionId: session }));
  const started = await call<{ runId: string }>(server, `/api/v1/judges/${judgeId}/runs`, {
    method: "POST",
    headers: bearer(admin),
    json: { sessionId: session },
  });
  expect(started.status, started.text).toBe(201);
  return { judgeId, session, runId: started.body.runId };
}

/** Every thought carries exactly one score of the judge, with the value the model gave for it. */
async function expectOneScoreEach(server: RunningServer, { judgeId, session }: Setup): Promise<void> {
  const graph = await getGraph(server, session);
  expect(graph.thoughts).toHaveLength(THOUGHTS);
  for (const t of graph.thoughts) {
    const mine = t.scores.filter((s) => s.authorKey === `judge:${judgeId}`);
    expect(mine.map((s) => s.value)).toEqual([t.thoughtNumber]);
  }
}

describe("a judge run across a kill -9", () => {
  let model: ModelServer;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    model = await startModelServer((req) => ({
      answer: { value: stepOf(req.prompt), rationale: "sound", confidence: 1 },
      latencyMs: LATENCY_MS,
    }));
  });

  afterAll(async () => {
    await Promise.allSettled(servers.map((s) => s.stop()));
    await model?.close();
  });

  it("SQLite: a server killed mid-run, restarted on the same file, finishes it with nothing lost or doubled", async () => {
    const first = await startSqliteServer("judges-kill", ENV);
    servers.push(first.server);
    const admin = await createAdminKey(first.databaseUrl);
    const before = model.calls().length;
    const setup = await startRun(first.server, admin, model);
    await untilCalls(model, before + 2);
    await first.server.kill9();
    // A request the server sent just before it died may still be unread by the model server (this process): once the
    // dead server's connections have closed, every request it sent has been counted.
    await untilNoConnections(model);
    // Calls the killed server made that left no judgment: each is made again after the restart (under load a third
    // call may have started between the second's arrival and the kill).
    const cutOff = model.calls().length - before - rowCounts(first.dbFile, { judgments: "Judgment" }).judgments;
    expect(cutOff).toBeGreaterThanOrEqual(1);

    const second = await startServer({ databaseUrl: first.databaseUrl, env: ENV });
    servers.push(second);
    const run = await waitForRun(second, admin, setup.runId, undefined, 120_000);
    expect(run).toMatchObject({ status: "done", total: THOUGHTS, done: THOUGHTS, failed: 0, cancelled: 0 });
    await expectOneScoreEach(second, setup);
    expect(rowCounts(first.dbFile, { judgments: "Judgment" }).judgments).toBe(THOUGHTS);
    // The calls cut off by the kill were made again: that many calls more than judgments, one judgment per job.
    // (Should a call be made once more, the message says which job and why: its attempts and last error, and what
    // either server logged about judges.)
    expect(model.calls().length - before, jobsOf(first.dbFile, setup.runId, [first.server, second])).toBe(
      THOUGHTS + cutOff,
    );
    await second.stop();
  }, 180_000);

  it("PostgreSQL: the fleet's other instance finishes a run whose instance was killed; no job claimed twice", async () => {
    const url = await freshPgUrl("judges_fleet");
    const a = await startServer({ databaseUrl: url, env: ENV });
    servers.push(a);
    const admin = await createAdminKey(url);
    const before = model.calls().length;
    const setup = await startRun(a, admin, model);
    await untilCalls(model, before + 2);
    await a.kill9();
    await untilNoConnections(model);
    // Calls the killed instance made that left no judgment: the other instance makes each again (under load the
    // first calls may have been answered and recorded before the kill, or a third started). The other instance
    // starts now, so that none of its own calls, made but not yet judged, is counted among them.
    const cutOff = model.calls().length - before - (await judgmentsOf(url, setup.runId));
    expect(cutOff).toBeGreaterThanOrEqual(1);
    const b = await startServer({ databaseUrl: url, env: ENV });
    servers.push(b);

    const run = await waitForRun(b, admin, setup.runId, undefined, 120_000);
    expect(run).toMatchObject({ status: "done", total: THOUGHTS, done: THOUGHTS, failed: 0, cancelled: 0 });
    await expectOneScoreEach(b, setup);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const counts = await client.query<{ judgments: string; attempts: string }>(
        `SELECT (SELECT count(*) FROM "Judgment" WHERE "runId" = $1) AS judgments,
                (SELECT sum("attempts") FROM "JudgeJob" WHERE "runId" = $1) AS attempts`,
        [setup.runId],
      );
      expect(Number(counts.rows[0]!.judgments)).toBe(THOUGHTS);
      // Every call the model server saw was one attempt of one job: none was claimed by both instances.
      expect(Number(counts.rows[0]!.attempts)).toBe(model.calls().length - before);
    } finally {
      await client.end();
    }
    expect(model.calls().length - before).toBe(THOUGHTS + cutOff);
    await b.stop();
  }, 240_000);
});
