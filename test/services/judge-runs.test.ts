// Judge runs through the durable job table, on a real SQLite file and a real PostgreSQL database, against the test
// model server (scripts/lib/model-server.ts, a stand-in for a model endpoint: no real model runs here). Each test
// drives a JudgeWorker as the server runs one, and checks what was stored and how many calls the endpoint saw:
// scores with rationales and judgments, retries after 429 (Retry-After) and 500 (backoff), time limits, answers the
// config cannot take, the daily budget, cancel, and the concurrency limit per connection.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { RunView } from "@/lib/contracts/judges";
import { createDb, type Db } from "@/server/db/client";
import { applyMigrations } from "@/server/db/migrations";
import { setJudgeSettings } from "@/server/services/judges/budget";
import { createConnection } from "@/server/services/judges/connections";
import { createJudge } from "@/server/services/judges/judges";
import { cancelRun, createRun, getRun, listRuns } from "@/server/services/judges/runs";
import { JudgeWorker } from "@/server/services/judges/worker";
import { createScoreConfig } from "@/server/services/scores/score-configs";
import { startModelServer, type ModelServer } from "@/scripts/lib/model-server";
import { freshPgUrl } from "@/test/support/pg";
import { seedProject, seedSession, unique } from "@/test/support/seed";
import { freshSqliteUrl } from "@/test/support/sqlite-file";

process.env.THOUGHTGRAPH_SECRET_KEY ??= "test-secret-key-for-judge-runs-0123456789";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(db: Db, projectId: string, runId: string, done: (r: RunView) => boolean, ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    const run = await getRun(db, projectId, runId);
    if (done(run)) return run;
    if (Date.now() > end) throw new Error(`run did not get there: ${JSON.stringify(run)}`);
    await sleep(50);
  }
}
const settled = (r: Pick<RunView, "status">) => r.status === "done" || r.status === "cancelled";

/** The thought number the prompt is about: the default thought prompt ends "The step under review:\nThought N…". */
const thoughtUnderReview = (prompt: string) => Number(/The step under review:\nThought (\d+)/.exec(prompt)?.[1]);

describe.each(["sqlite", "postgresql"] as const)("judge runs on %s", (provider) => {
  let db: Db;
  let projectId = "";
  let model: ModelServer;
  let worker: JudgeWorker;
  let configId = "";

  /** A connection and a thought judge of its own (so budgets and concurrency do not mix between tests). */
  async function judgeFor(
    opts: { maxConcurrency?: number; timeoutMs?: number; project?: string; provider?: "anthropic" } = {},
  ) {
    const project = opts.project ?? projectId;
    const connection = await createConnection(db, project, {
      name: unique("local"),
      provider: opts.provider ?? "openai-compatible",
      baseUrl: model.url,
      apiKey: "sk-test-secret-9876",
      allowPrivateNetwork: true,
      maxConcurrency: opts.maxConcurrency ?? 4,
      timeoutMs: opts.timeoutMs ?? 10_000,
      inputPricePerMTok: 1,
      outputPricePerMTok: 4,
    });
    const config =
      project === projectId
        ? configId
        : (await createScoreConfig(db, project, { name: "quality", type: "numeric", min: 1, max: 5, step: 1 })).id;
    return createJudge(db, project, {
      name: unique("judge"),
      connectionId: connection.id,
      model: "judge-small",
      scoreConfigId: config,
      target: "thought",
    });
  }

  beforeAll(async () => {
    const url = provider === "sqlite" ? freshSqliteUrl("judge-runs") : await freshPgUrl("judge_runs");
    await applyMigrations(url);
    db = createDb(url);
    projectId = await seedProject(db);
    configId = (await createScoreConfig(db, projectId, { name: "quality", type: "numeric", min: 1, max: 5, step: 1 }))
      .id;
    model = await startModelServer();
    worker = new JudgeWorker(db, { pollMs: 50, autoScanMs: 3_600_000 }).start();
  });

  afterAll(async () => {
    worker?.stop();
    await model?.close();
    await db?.$disconnect();
  });

  it("judges every thought of a session: scores with rationales, one judgment per job, tokens and cost", async () => {
    const judge = await judgeFor();
    const { sessionId, thoughtIds } = await seedSession(db, projectId, 3);
    model.setScript((req) => {
      const n = thoughtUnderReview(req.prompt);
      return {
        answer: { value: n + 1, rationale: `thought ${n} is fine`, confidence: 0.5 + n / 10 },
        usage: { input: 100, output: 10 },
      };
    });
    const { runId, total } = await createRun(db, projectId, judge.id, { sessionId }, "key:test");
    expect(total).toBe(3);
    const run = await until(db, projectId, runId, settled);
    expect(run).toMatchObject({ status: "done", done: 3, failed: 0, inputTokens: 300, outputTokens: 30 });
    expect(run.costUsd).toBeCloseTo((300 * 1 + 30 * 4) / 1e6, 12);
    const scores = await db.score.findMany({ where: { authorKey: `judge:${judge.id}` } });
    const byThought = new Map(scores.map((s) => [s.thoughtId, s]));
    expect(thoughtIds.map((id) => [id, byThought.get(id)?.value, byThought.get(id)?.comment])).toEqual(
      thoughtIds.map((id, i) => [id, i + 2, `thought ${i + 1} is fine`]),
    );
    const judgments = await db.judgment.findMany({ where: { judgeId: judge.id } });
    expect(judgments).toHaveLength(3);
    expect(new Set(judgments.map((j) => j.jobId)).size).toBe(3);
    expect(judgments.every((j) => j.model === "judge-small" && j.inputTokens === 100 && j.latencyMs >= 0)).toBe(true);
    // The key went out as a bearer token, and only to the model server.
    expect(model.calls().at(-1)!.headers.authorization).toBe("Bearer sk-test-secret-9876");
  });

  it("speaks Anthropic's Messages API too: the key as x-api-key, the answer schema sent, the answer stored", async () => {
    const judge = await judgeFor({ provider: "anthropic" });
    const { sessionId, thoughtIds } = await seedSession(db, projectId, 2);
    const start = model.calls().length;
    model.setScript((req) => ({
      answer: { value: thoughtUnderReview(req.prompt) + 2, rationale: "via messages", confidence: 0.7 },
    }));
    const { runId } = await createRun(db, projectId, judge.id, { sessionId }, "key:test");
    const run = await until(db, projectId, runId, settled);
    expect(run).toMatchObject({ status: "done", done: 2, failed: 0 });
    const calls = model.calls().slice(start);
    expect(calls.map((c) => [c.protocol, c.path.endsWith("/messages"), c.headers["x-api-key"]])).toEqual([
      ["anthropic", true, "sk-test-secret-9876"],
      ["anthropic", true, "sk-test-secret-9876"],
    ]);
    expect(calls.every((c) => c.structuredAs !== "none" && c.schema !== null)).toBe(true);
    const scores = await db.score.findMany({ where: { authorKey: `judge:${judge.id}` } });
    const byThought = new Map(scores.map((s) => [s.thoughtId, s.value]));
    expect(thoughtIds.map((id) => byThought.get(id))).toEqual([3, 4]);
  });

  it("retries a 429 after its Retry-After, and a 500 after the backoff: exactly one judgment", async () => {
    const judge = await judgeFor();
    const { thoughtIds } = await seedSession(db, projectId, 1);
    const replies = [
      { status: 429, retryAfter: "2" },
      { status: 500 },
      { answer: { value: 3, rationale: "ok", confidence: 1 } },
    ];
    const start = model.calls().length;
    model.setScript((_req, n) => replies[n - start] ?? { status: 500 });
    const { runId } = await createRun(db, projectId, judge.id, { thoughtId: thoughtIds[0]! }, "key:test");
    const run = await until(db, projectId, runId, settled);
    const calls = model.calls().slice(start);
    expect(calls).toHaveLength(3);
    // Retry-After: 2 s; then the backoff after a second failed call: 2 s (1 s doubled).
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(2_000);
    expect(calls[2]!.at - calls[1]!.at).toBeGreaterThanOrEqual(2_000);
    expect(run).toMatchObject({ status: "done", done: 1, failed: 0 });
    const job = await db.judgeJob.findFirstOrThrow({ where: { runId } });
    expect(job).toMatchObject({ status: "done", attempts: 3 });
    expect(await db.judgment.count({ where: { runId } })).toBe(1);
  });

  it("gives up after 6 calls of 429, and at once on a 400, listing the provider's error; no score", async () => {
    const judge = await judgeFor();
    const { thoughtIds } = await seedSession(db, projectId, 2);
    const start = model.calls().length;
    model.setScript((req) =>
      thoughtUnderReview(req.prompt) === 1
        ? { status: 429, retryAfter: "0", text: "slow down" }
        : { status: 400, text: "model judge-small does not exist" },
    );
    const { runId } = await createRun(
      db,
      projectId,
      judge.id,
      { sessionId: (await db.thought.findUniqueOrThrow({ where: { id: thoughtIds[0]! } })).sessionId },
      "key:test",
    );
    const run = await until(db, projectId, runId, settled);
    expect(run).toMatchObject({ status: "done", done: 0, failed: 2 });
    const calls = model.calls().slice(start);
    expect(calls.filter((c) => thoughtUnderReview(c.prompt) === 1)).toHaveLength(6);
    expect(calls.filter((c) => thoughtUnderReview(c.prompt) === 2)).toHaveLength(1);
    const byThought = new Map(run.failures.map((f) => [f.thoughtId, f]));
    expect(byThought.get(thoughtIds[0]!)).toMatchObject({ attempts: 6, status: 429 });
    expect(byThought.get(thoughtIds[0]!)!.error).toContain("slow down");
    expect(byThought.get(thoughtIds[1]!)).toMatchObject({ attempts: 1, status: 400 });
    expect(byThought.get(thoughtIds[1]!)!.error).toContain("model judge-small does not exist");
    expect(await db.score.count({ where: { authorKey: `judge:${judge.id}` } })).toBe(0);
  });

  it("cuts off a call past the time limit and tries again", async () => {
    const judge = await judgeFor({ timeoutMs: 1_000 });
    const { thoughtIds } = await seedSession(db, projectId, 1);
    const start = model.calls().length;
    model.setScript((_req, n) =>
      n === start
        ? { hang: true }
        : n === start + 1
          ? { answer: { value: 2, rationale: "late", confidence: 0.4 }, trickleMs: 20 }
          : { answer: { value: 4, rationale: "ok", confidence: 1 } },
    );
    const { runId } = await createRun(db, projectId, judge.id, { thoughtId: thoughtIds[0]! }, "key:test");
    const run = await until(db, projectId, runId, settled);
    // A hang and a body trickling out slower than the limit allows are both cut off; the third call answers.
    expect(model.calls().length - start).toBe(3);
    expect(run).toMatchObject({ done: 1, failed: 0 });
    const score = await db.score.findFirstOrThrow({ where: { authorKey: `judge:${judge.id}` } });
    expect(score.value).toBe(4);
  });

  it("an answer outside the config, or not JSON, fails the job with the reason and writes no score", async () => {
    const judge = await judgeFor();
    const { sessionId, thoughtIds } = await seedSession(db, projectId, 3);
    model.setScript((req) => {
      const n = thoughtUnderReview(req.prompt);
      if (n === 1) return { answer: { value: 9, rationale: "too high", confidence: 1 } };
      if (n === 2) return { text: "{not json" };
      return { answer: { value: 2.5, rationale: "between", confidence: 1 } };
    });
    const { runId } = await createRun(db, projectId, judge.id, { sessionId }, "key:test");
    const run = await until(db, projectId, runId, settled);
    expect(run).toMatchObject({ done: 0, failed: 3 });
    const byThought = new Map(run.failures.map((f) => [f.thoughtId, f.error]));
    expect(byThought.get(thoughtIds[0]!)).toMatch(/answered 9 for "quality", which takes a number from 1 to 5/);
    expect(byThought.get(thoughtIds[1]!)).toMatch(/not the JSON object asked for: \{not json/);
    expect(byThought.get(thoughtIds[2]!)).toMatch(/answered 2\.5/);
    expect(await db.score.count({ where: { authorKey: `judge:${judge.id}` } })).toBe(0);
    expect(await db.judgment.count({ where: { judgeId: judge.id } })).toBe(0);
  });

  it("a daily call budget pauses the run at exactly the limit, says so, and goes on when raised", async () => {
    const project = await seedProject(db);
    const judge = await judgeFor({ project });
    const { sessionId } = await seedSession(db, project, 5);
    await setJudgeSettings(db, project, { dailyCallLimit: 3 });
    const start = model.calls().length;
    model.setScript(() => ({ answer: { value: 3, rationale: "ok", confidence: 1 } }));
    const { runId } = await createRun(db, project, judge.id, { sessionId }, "key:test");
    const paused = await until(db, project, runId, (r) => r.done === 3 && r.status === "paused");
    await sleep(500); // several polls: nothing more may be claimed
    expect(model.calls().length - start).toBe(3);
    expect(paused.pausedReason).toMatch(/daily budget of 3 judge calls is spent/);
    expect(await getRun(db, project, runId)).toMatchObject({ status: "paused", queued: 2, done: 3 });
    await setJudgeSettings(db, project, { dailyCallLimit: 10 });
    worker.wake();
    const run = await until(db, project, runId, settled);
    expect(run).toMatchObject({ status: "done", done: 5 });
    expect(model.calls().length - start).toBe(5);
  });

  it("a run's counts always add up to its jobs while they end, in the run list as in the run's view", async () => {
    const judge = await judgeFor({ maxConcurrency: 4 });
    const { sessionId } = await seedSession(db, projectId, 16);
    model.setScript((_req, n) => ({
      answer: { value: 3, rationale: "ok", confidence: 1 },
      latencyMs: 5 + (n % 4) * 5,
    }));
    const { runId } = await createRun(db, projectId, judge.id, { sessionId }, "key:test");
    const seen: string[] = [];
    const end = Date.now() + 30_000;
    for (;;) {
      const [listed, one] = await Promise.all([
        listRuns(db, projectId, { judgeId: judge.id }).then((runs) => runs.find((r) => r.id === runId)!),
        getRun(db, projectId, runId),
      ]);
      for (const r of [listed, one]) {
        const sum = r.done + r.failed + r.cancelled + r.queued + r.running;
        if (sum !== r.total) seen.push(`${r.status}: ${JSON.stringify(r)}`);
      }
      if (settled(listed) && settled(one)) break;
      if (Date.now() > end) throw new Error(`run did not end: ${JSON.stringify(one)}`);
      await sleep(5);
    }
    expect(seen).toEqual([]);
    expect(await getRun(db, projectId, runId)).toMatchObject({ status: "done", done: 16, queued: 0, running: 0 });
  });

  it("keeps each connection at its concurrency, and cancel stops what is left", async () => {
    const judge = await judgeFor({ maxConcurrency: 3 });
    const { sessionId } = await seedSession(db, projectId, 12);
    model.resetMaxInFlight();
    model.setScript(() => ({ answer: { value: 5, rationale: "ok", confidence: 1 }, latencyMs: 300 }));
    const { runId } = await createRun(db, projectId, judge.id, { sessionId }, "key:test");
    await until(db, projectId, runId, (r) => r.done >= 3);
    const cancelled = await cancelRun(db, projectId, runId);
    expect(cancelled.cancelledAt).not.toBeNull();
    const run = await until(db, projectId, runId, settled);
    expect(run.status).toBe("cancelled");
    expect(run.done + run.cancelled).toBe(12);
    expect(run.cancelled).toBeGreaterThan(0);
    expect(await db.score.count({ where: { authorKey: `judge:${judge.id}` } })).toBe(run.done);
    expect(model.maxInFlight()).toBe(3);
  });
});
