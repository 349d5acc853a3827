// Judges over the REST API against the production server on a fresh SQLite file, with the test model server standing
// in for a model endpoint (scripts/lib/model-server.ts; no real model runs here): the admin key scope (read and
// write keys refused), connection keys that never come back out (answers, exports, the server's log, the database
// file), private addresses only when allowed and never through a redirect to another host, bad judges refused with
// the field named, and a run whose scores and rationales reach GET /api/v1/sessions/{id} and the export marked as a
// judge's, while an answer outside the config's range fails its job with the reason and writes no score.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  ZConnectionList,
  ZConnectionTestResult,
  ZConnectionView,
  ZDeleted,
  ZJudgeSettingsView,
  ZPreviewResult,
  ZRunView,
} from "@/lib/contracts/judges";
import { ZSessionExport } from "@/lib/contracts/session";
import {
  call,
  expectError,
  expectShape,
  getGraph,
  record,
  sleep,
  startSqliteServer,
  thought,
  unique,
  type SqliteServer,
} from "@/test/support/api-client";
import { bearer, createAdminKey, setUpJudge, TEST_SECRET_KEY, waitForRun } from "@/test/support/judges";
import { startModelServer, type ModelServer } from "@/scripts/lib/model-server";

const SECRET = "sk-live-do-not-leak-8c1f3a9e";

describe("judges over REST", () => {
  let tg: SqliteServer;
  let model: ModelServer;
  let admin = "";
  let reader = "";
  let config = "";

  beforeAll(async () => {
    model = await startModelServer((req) => {
      const n = Number(/The step under review:\nThought (\d+)/.exec(req.prompt)?.[1] ?? 0);
      return n === 3
        ? { answer: { value: 11, rationale: "far too high", confidence: 1 } }
        : { answer: { value: n, rationale: `step ${n} is sound`, confidence: 0.9 } };
    });
    tg = await startSqliteServer("judges", { THOUGHTGRAPH_SECRET_KEY: TEST_SECRET_KEY });
    admin = await createAdminKey(tg.databaseUrl, "admin");
    reader = await createAdminKey(tg.databaseUrl, "read");
    config = unique("quality");
    const created = await call(tg.server, "/api/v1/score-configs", {
      method: "POST",
      json: { name: config, type: "numeric", min: 1, max: 5, step: 1 },
    });
    expect(created.status, created.text).toBe(201);
  }, 180_000);

  afterAll(async () => {
    await tg?.server.stop();
    await model?.close();
  });

  it("needs an admin key: write and read keys are refused with 403 naming the scope", async () => {
    for (const [key, scope] of [
      [tg.server.apiKey, "write"],
      [reader, "read"],
    ] as const) {
      const a = await call(tg.server, "/api/v1/model-connections", { headers: bearer(key) });
      const error = expectError(a, 403, "authorization");
      expect(error.message).toBe(`This route needs an API key with admin scope; this key's scope is ${scope}.`);
      expect(error.suggestion).toMatch(/--scope admin/);
    }
    const ok = await call(tg.server, "/api/v1/model-connections", { headers: bearer(admin) });
    expect(ok.status, ok.text).toBe(200);
    expectShape(ZConnectionList, ok);
    // An admin key may also write.
    const written = await call(tg.server, "/api/v1/thoughts", {
      method: "POST",
      headers: bearer(admin),
      json: thought(1, 1),
    });
    expect(written.status, written.text).toBe(201);
  });

  it("refuses a private address unless allowed, and never follows a redirect to another host", async () => {
    const refused = await call(tg.server, "/api/v1/model-connections", {
      method: "POST",
      headers: bearer(admin),
      json: { name: unique("local"), provider: "openai-compatible", baseUrl: model.url },
    });
    const error = expectError(refused, 409, "baseUrl");
    expect(error.message).toMatch(/is a private or local address \(127\.0\.0\.1\)/);
    expect(error.suggestion).toMatch(/allowPrivateNetwork: true/);
    const localhost = await call(tg.server, "/api/v1/model-connections", {
      method: "POST",
      headers: bearer(admin),
      json: { name: unique("local"), provider: "openai", baseUrl: "http://localhost:11434/v1" },
    });
    expectError(localhost, 409, "baseUrl");

    const allowed = await call(tg.server, "/api/v1/model-connections", {
      method: "POST",
      headers: bearer(admin),
      json: { name: unique("local"), provider: "openai-compatible", baseUrl: model.url, allowPrivateNetwork: true },
    });
    expect(allowed.status, allowed.text).toBe(201);
    const { id } = expectShape(ZConnectionView, allowed);
    const tested = await call(tg.server, `/api/v1/model-connections/${id}/test`, {
      method: "POST",
      headers: bearer(admin),
    });
    expect(expectShape(ZConnectionTestResult, tested)).toMatchObject({
      ok: true,
      models: ["judge-small", "judge-large"],
    });

    const script = model.requests.length;
    model.setScript((req) =>
      req.path.endsWith("/models") ? { redirectTo: "http://example.com/v1/models" } : { answer: {} },
    );
    const redirected = expectShape(
      ZConnectionTestResult,
      await call(tg.server, `/api/v1/model-connections/${id}/test`, { method: "POST", headers: bearer(admin) }),
    );
    expect(redirected.ok).toBe(false);
    expect(redirected.error).toMatch(/redirected to http:\/\/example\.com, another host/);
    expect(model.requests.length - script).toBe(1);
  });

  it("refuses a template variable that does not exist and a config a judge cannot fill, writing nothing", async () => {
    const { connectionId } = await setUpJudge(tg.server, admin, { modelUrl: model.url, configName: config });
    const configs = await call<{ configs: { id: string; name: string }[] }>(tg.server, "/api/v1/score-configs");
    const configId = configs.body.configs.find((c) => c.name === config)!.id;
    const before = (await call<{ judges: unknown[] }>(tg.server, "/api/v1/judges", { headers: bearer(admin) })).body
      .judges.length;
    const badVariable = await call(tg.server, "/api/v1/judges", {
      method: "POST",
      headers: bearer(admin),
      json: {
        name: unique("j"),
        connectionId,
        model: "m",
        scoreConfigId: configId,
        target: "thought",
        prompt: "Rate {{thougth}}",
      },
    });
    expect(expectError(badVariable, 400, "prompt").message).toBe(
      "The template uses {{thougth}}, which is not a variable.",
    );
    const sessionOnly = await call(tg.server, "/api/v1/judges", {
      method: "POST",
      headers: bearer(admin),
      json: {
        name: unique("j"),
        connectionId,
        model: "m",
        scoreConfigId: configId,
        target: "thought",
        prompt: "{{transcript}}",
      },
    });
    expectError(sessionOnly, 400, "prompt");
    const open = unique("open");
    await call(tg.server, "/api/v1/score-configs", { method: "POST", json: { name: open, type: "numeric", min: 0 } });
    const openId = (
      await call<{ configs: { id: string; name: string }[] }>(tg.server, "/api/v1/score-configs")
    ).body.configs.find((c) => c.name === open)!.id;
    const unbounded = await call(tg.server, "/api/v1/judges", {
      method: "POST",
      headers: bearer(admin),
      json: { name: unique("j"), connectionId, model: "m", scoreConfigId: openId, target: "session" },
    });
    expect(expectError(unbounded, 400, "scoreConfigId").message).toMatch(/a judge needs a scale with both ends/);
    const after = (await call<{ judges: unknown[] }>(tg.server, "/api/v1/judges", { headers: bearer(admin) })).body
      .judges.length;
    expect(after).toBe(before);
  });

  it("runs a judge: scores and rationales on the session, marked as a judge's; an answer out of range fails with no score", async () => {
    model.setScript((req) => {
      const n = Number(/The step under review:\nThought (\d+)/.exec(req.prompt)?.[1] ?? 0);
      return n === 3
        ? { answer: { value: 11, rationale: "far too high", confidence: 1 } }
        : { answer: { value: n, rationale: `step ${n} is sound`, confidence: 0.9 } };
    });
    const { judgeId } = await setUpJudge(tg.server, admin, { modelUrl: model.url, configName: config, apiKey: SECRET });
    const session = unique("run");
    for (let n = 1; n <= 3; n++) await record(tg.server, thought(n, 3, { sessionId: session }));
    const graph = await getGraph(tg.server, session);

    const preview = await call(tg.server, `/api/v1/judges/${judgeId}/preview`, {
      method: "POST",
      headers: bearer(admin),
      json: { thoughtId: graph.thoughts[1]!.id },
    });
    const shown = expectShape(ZPreviewResult, preview);
    expect(shown.messages[1]!.content).toBe(model.calls().at(-1)!.prompt);
    expect(shown.answer).toMatchObject({ value: 2, rationale: "step 2 is sound", confidence: 0.9 });

    const started = await call<{ runId: string; total: number }>(tg.server, `/api/v1/judges/${judgeId}/runs`, {
      method: "POST",
      headers: bearer(admin),
      json: { sessionId: session },
    });
    expect(started.status, started.text).toBe(201);
    expect(started.body.total).toBe(3);
    const run = await waitForRun(tg.server, admin, started.body.runId);
    expect(run).toMatchObject({ status: "done", done: 2, failed: 1 });
    expect(run.failures[0]).toMatchObject({ thoughtId: graph.thoughts[2]!.id, attempts: 1 });
    expect(run.failures[0]!.error).toBe(
      'The model answered 11 for "' + config + '", which takes a number from 1 to 5 in steps of 1.',
    );

    const after = await getGraph(tg.server, session);
    const judged = after.thoughts.map((t) => t.scores.find((s) => s.source === "judge") ?? null);
    expect(judged.map((s) => s?.value ?? null)).toEqual([1, 2, null]);
    expect(judged[0]).toMatchObject({
      source: "judge",
      authorKey: `judge:${judgeId}`,
      comment: "step 1 is sound",
      judge: { judgeId, model: "judge-small", confidence: 0.9, runId: started.body.runId },
    });
    expect(judged[0]!.judge!.inputTokens).toBeGreaterThan(0);

    const exported = await call(tg.server, `/api/v1/sessions/${session}/export`);
    const file = expectShape(ZSessionExport, exported);
    expect(file.thoughts[0]!.scores.find((s) => s.source === "judge")?.comment).toBe("step 1 is sound");
    // The key went out to the model server as a bearer token, and nowhere else: not in an answer, not in an export,
    // not in the server's log, not as plain text in the database file.
    expect(model.calls().at(-1)!.headers.authorization).toBe(`Bearer ${SECRET}`);
    const connections = await call(tg.server, "/api/v1/model-connections", { headers: bearer(admin) });
    for (const text of [connections.text, exported.text, preview.text, tg.server.output()])
      expect(text).not.toContain(SECRET);
    const bytes = fs.readFileSync(tg.dbFile);
    const wal = fs.existsSync(`${tg.dbFile}-wal`) ? fs.readFileSync(`${tg.dbFile}-wal`) : Buffer.alloc(0);
    expect(bytes.includes(SECRET)).toBe(false);
    expect(wal.includes(SECRET)).toBe(false);
  });

  it("estimates a backfill over a filter before it starts", async () => {
    const { judgeId } = await setUpJudge(tg.server, admin, {
      modelUrl: model.url,
      configName: config,
      target: "session",
    });
    const tagged = unique("tagged");
    for (const key of [unique("a"), unique("b")]) {
      await record(tg.server, thought(1, 2, { sessionId: key, tags: [tagged] }));
      await record(tg.server, thought(2, 2, { sessionId: key }));
    }
    const estimate = await call<{ sessions: number; targets: number; estimatedCostUsd: number }>(
      tg.server,
      `/api/v1/judges/${judgeId}/estimate`,
      { method: "POST", headers: bearer(admin), json: { filter: { tag: tagged } } },
    );
    expect(estimate.status, estimate.text).toBe(200);
    expect(estimate.body).toMatchObject({ sessions: 2, targets: 2, callsLeftToday: null });
    expect(estimate.body.estimatedCostUsd).toBeGreaterThan(0);
    const none = await call(tg.server, `/api/v1/judges/${judgeId}/runs`, {
      method: "POST",
      headers: bearer(admin),
      json: { filter: { tag: unique("nothing") } },
    });
    expect(expectError(none, 400, "filter").message).toBe(
      "No session matches the filter, so there is nothing to judge.",
    );
  });
  it("changes and deletes a connection, its key never answered; bad input answers 400 naming the field", async () => {
    const created = await call(tg.server, "/api/v1/model-connections", {
      method: "POST",
      headers: bearer(admin),
      json: { name: unique("crud"), provider: "openai-compatible", baseUrl: model.url, allowPrivateNetwork: true },
    });
    const { id } = expectShape(ZConnectionView, created);
    const changed = await call(tg.server, `/api/v1/model-connections/${id}`, {
      method: "PATCH",
      headers: bearer(admin),
      json: { apiKey: SECRET, maxConcurrency: 3 },
    });
    expect(expectShape(ZConnectionView, changed)).toMatchObject({
      hasApiKey: true,
      apiKeyLast4: "3a9e",
      maxConcurrency: 3,
    });
    expect(changed.text).not.toContain(SECRET);

    for (const [json, field, message] of [
      [
        { name: unique("bad"), provider: "gpt" },
        "provider",
        /^provider must be openai-compatible, openai or anthropic$/,
      ],
      [{ name: unique("bad"), provider: "openai-compatible", baseUrl: "not a url" }, "baseUrl", /baseUrl/],
      [{ name: unique("bad"), provider: "openai-compatible" }, "baseUrl", /baseUrl/],
      [{ name: "", provider: "openai" }, "name", /name/],
      [{ name: unique("bad"), provider: "openai", maxConcurrency: 0 }, "maxConcurrency", /maxConcurrency/],
    ] as const) {
      const bad = await call(tg.server, "/api/v1/model-connections", { method: "POST", headers: bearer(admin), json });
      expect(expectError(bad, 400, field).message).toMatch(message);
    }
    const { judgeId } = await setUpJudge(tg.server, admin, { modelUrl: model.url, configName: config });
    const noTarget = await call(tg.server, `/api/v1/judges/${judgeId}/runs`, {
      method: "POST",
      headers: bearer(admin),
      json: {},
    });
    expect(noTarget.status, noTarget.text).toBe(400);
    const unknownSession = await call(tg.server, `/api/v1/judges/${judgeId}/runs`, {
      method: "POST",
      headers: bearer(admin),
      json: { sessionId: unique("nowhere") },
    });
    expectError(unknownSession, 404, "sessionId");

    const deleted = await call(tg.server, `/api/v1/model-connections/${id}`, {
      method: "DELETE",
      headers: bearer(admin),
    });
    expect(expectShape(ZDeleted, deleted)).toEqual({ id, deleted: true });
    const list = expectShape(
      ZConnectionList,
      await call(tg.server, "/api/v1/model-connections", { headers: bearer(admin) }),
    );
    expect(list.connections.map((c) => c.id)).not.toContain(id);
    const gone = await call(tg.server, `/api/v1/model-connections/${id}`, { method: "DELETE", headers: bearer(admin) });
    expectError(gone, 404);
  });

  it("retries a 429 after its Retry-After, then stores one score", async () => {
    const { judgeId } = await setUpJudge(tg.server, admin, {
      modelUrl: model.url,
      configName: config,
      maxConcurrency: 1,
    });
    const session = unique("retry");
    await record(tg.server, thought(1, 1, { sessionId: session }));
    let refused = 0;
    model.setScript(() => {
      // The run's first call is refused once, with a Retry-After of 1 s.
      if (refused === 0) {
        refused++;
        return { status: 429, retryAfter: "1", answer: { error: { message: "slow down" } } };
      }
      return { answer: { value: 4, rationale: "fine after a pause", confidence: 1 } };
    });
    const before = model.calls().length;
    const started = await call<{ runId: string }>(tg.server, `/api/v1/judges/${judgeId}/runs`, {
      method: "POST",
      headers: bearer(admin),
      json: { sessionId: session },
    });
    const run = await waitForRun(tg.server, admin, started.body.runId);
    expect(run).toMatchObject({ status: "done", done: 1, failed: 0 });
    const calls = model.calls().slice(before);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(1_000);
    const graph = await getGraph(tg.server, session);
    expect(graph.thoughts[0]!.scores.filter((s) => s.authorKey === `judge:${judgeId}`).map((s) => s.value)).toEqual([
      4,
    ]);
  });

  it("a daily call budget pauses a run at the limit and says so; cancel ends what is left", async () => {
    model.setScript(() => ({ answer: { value: 2, rationale: "ok", confidence: 1 } }));
    const { judgeId } = await setUpJudge(tg.server, admin, {
      modelUrl: model.url,
      configName: config,
      maxConcurrency: 1,
    });
    const today = expectShape(
      ZJudgeSettingsView,
      await call(tg.server, "/api/v1/judge-settings", { headers: bearer(admin) }),
    );
    const limited = await call(tg.server, "/api/v1/judge-settings", {
      method: "PATCH",
      headers: bearer(admin),
      json: { dailyCallLimit: today.callsToday + 2 },
    });
    expect(expectShape(ZJudgeSettingsView, limited).dailyCallLimit).toBe(today.callsToday + 2);
    const session = unique("budget");
    for (let n = 1; n <= 4; n++) await record(tg.server, thought(n, 4, { sessionId: session }));
    const before = model.calls().length;
    const started = await call<{ runId: string }>(tg.server, `/api/v1/judges/${judgeId}/runs`, {
      method: "POST",
      headers: bearer(admin),
      json: { sessionId: session },
    });
    const paused = await waitForRun(tg.server, admin, started.body.runId, (r) => r.status === "paused");
    await sleep(1_500); // three of the worker's polls: nothing more may be claimed
    const still = expectShape(
      ZRunView,
      await call(tg.server, `/api/v1/judge-runs/${started.body.runId}`, { headers: bearer(admin) }),
    );
    expect(still).toMatchObject({ status: "paused", done: 2, queued: 2 });
    expect(paused.pausedReason).toMatch(/daily budget of \d+ judge calls is spent/);
    expect(model.calls().length - before).toBe(2);
    const settings = expectShape(
      ZJudgeSettingsView,
      await call(tg.server, "/api/v1/judge-settings", { headers: bearer(admin) }),
    );
    expect(settings.pausedReason).toBe(paused.pausedReason);

    const cancelled = await call(tg.server, `/api/v1/judge-runs/${started.body.runId}/cancel`, {
      method: "POST",
      headers: bearer(admin),
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    const run = await waitForRun(tg.server, admin, started.body.runId);
    expect(run).toMatchObject({ status: "cancelled", done: 2, cancelled: 2, queued: 0 });
    const lifted = await call(tg.server, "/api/v1/judge-settings", {
      method: "PATCH",
      headers: bearer(admin),
      json: { dailyCallLimit: null },
    });
    expect(lifted.status, lifted.text).toBe(200);
    await sleep(1_000);
    expect(model.calls().length - before).toBe(2);
  });

  it("a model that stalls or trickles past the time limit: each call cut off and retried with backoff, then the job fails naming the limit; nothing written, the worker goes on", async () => {
    // One judge per protocol, one call at a time each; every call either never answers or sends its headers and
    // then one byte every 400 ms (a ~300-byte body would take two minutes), so each is cut off at 1 s.
    const judges = await Promise.all(
      (["openai-compatible", "anthropic"] as const).map((provider) =>
        setUpJudge(tg.server, admin, {
          modelUrl: model.url,
          configName: config,
          provider,
          maxConcurrency: 1,
          timeoutMs: 1_000,
        }),
      ),
    );
    const session = unique("stalled");
    await record(tg.server, thought(1, 1, { sessionId: session }));
    const thoughtId = (await getGraph(tg.server, session)).thoughts[0]!.id;
    const seen = { openai: 0, anthropic: 0 };
    model.setScript((req) =>
      seen[req.protocol]++ % 2 === 0
        ? { hang: true }
        : { answer: { value: 5, rationale: "too late", confidence: 1 }, trickleMs: 400 },
    );
    const before = model.calls().length;
    const runIds = await Promise.all(
      judges.map(async ({ judgeId }) => {
        const started = await call<{ runId: string }>(tg.server, `/api/v1/judges/${judgeId}/runs`, {
          method: "POST",
          headers: bearer(admin),
          json: { thoughtId },
        });
        expect(started.status, started.text).toBe(201);
        return started.body.runId;
      }),
    );
    const runs = await Promise.all(runIds.map((id) => waitForRun(tg.server, admin, id, undefined, 100_000)));
    for (const [i, run] of runs.entries()) {
      expect(run).toMatchObject({ status: "done", total: 1, done: 0, failed: 1, queued: 0, running: 0 });
      expect(run.failures).toHaveLength(1);
      expect(run.failures[0]).toMatchObject({ thoughtId, attempts: 6, status: null });
      expect(run.failures[0]!.error).toBe(
        "The model did not answer within 1 s, the connection's time limit (timeoutMs: 1000); the call was cut off. " +
          "If the model is slow rather than stuck, raise the limit in Settings → Model connections, or with PATCH " +
          `/api/v1/model-connections/${judges[i]!.connectionId} {"timeoutMs": 2000} (at most 600000).`,
      );
    }
    // 6 calls per protocol (docs/judges.md: a timeout is retried like a 5xx), each after the last one's time limit
    // (1 s) and the backoff: 1 s, 2 s, 4 s, 8 s, 16 s. The times are when each request reached the model server, and
    // under load a request can arrive a few hundred ms after it was sent: the bound checked is the backoff alone,
    // which from the second retry on is past what a retry without the backoff (1 s) or with a flat one would take.
    for (const protocol of ["openai", "anthropic"] as const) {
      const calls = model
        .calls()
        .slice(before)
        .filter((c) => c.protocol === protocol);
      expect(calls).toHaveLength(6);
      for (let n = 1; n < 6; n++) {
        expect(calls[n]!.at - calls[n - 1]!.at).toBeGreaterThanOrEqual(1_000 * 2 ** (n - 1));
      }
    }
    // Every cut-off request was dropped by the server (no socket left open), and nothing was written for it.
    await expect.poll(() => model.inFlight(), { timeout: 5_000 }).toBe(0);
    const graph = await getGraph(tg.server, session);
    expect(graph.thoughts[0]!.scores.filter((s) => s.source === "judge")).toEqual([]);

    // The worker is free: the next call on the same one-at-a-time connection is answered and stored.
    model.setScript(() => ({ answer: { value: 3, rationale: "on time", confidence: 1 } }));
    const again = await call<{ runId: string }>(tg.server, `/api/v1/judges/${judges[0]!.judgeId}/runs`, {
      method: "POST",
      headers: bearer(admin),
      json: { thoughtId },
    });
    expect(await waitForRun(tg.server, admin, again.body.runId)).toMatchObject({ status: "done", done: 1 });
    const scored = await getGraph(tg.server, session);
    expect(scored.thoughts[0]!.scores.filter((s) => s.source === "judge").map((s) => [s.value, s.comment])).toEqual([
      [3, "on time"],
    ]);
  }, 150_000);
});
