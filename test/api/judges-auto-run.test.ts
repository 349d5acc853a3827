// Auto-running judges against the production server, on a SQLite file and on PostgreSQL: a session judge set to run
// on newly completed sessions judges each session once, when it completes; not while it is still running, not again
// when thoughts arrive after it completed, and not again after the server restarts. Sessions completed later serve as
// barriers: the worker's scan (every 5 s) that judges one of them also sees every session written before it. The test
// model server (scripts/lib/model-server.ts) stands in for a model endpoint: no real model runs here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ZRunList } from "@/lib/contracts/judges";
import { startServer, type RunningServer } from "@/scripts/lib/server-process";
import { startModelServer, type ModelServer } from "@/scripts/lib/model-server";
import { call, expectShape, record, thought, unique } from "@/test/support/api-client";
import { bearer, createAdminKey, setUpJudge, TEST_SECRET_KEY, waitForRun } from "@/test/support/judges";
import { freshPgUrl } from "@/test/support/pg";
import { freshSqliteUrl } from "@/test/support/sqlite-file";

const ENV = { THOUGHTGRAPH_SECRET_KEY: TEST_SECRET_KEY };

describe.each(["sqlite", "postgresql"] as const)("auto-running judges on %s", (provider) => {
  let model: ModelServer;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    model = await startModelServer(() => ({ answer: { value: 4, rationale: "a sound session", confidence: 0.9 } }));
  });

  afterAll(async () => {
    await Promise.allSettled(servers.map((s) => s.stop()));
    await model?.close();
  });

  it("judges a session exactly once, when it completes: not before, not on later writes, not after a restart", async () => {
    const databaseUrl = provider === "sqlite" ? freshSqliteUrl("judges-auto") : await freshPgUrl("judges_auto");
    let server = await startServer({ databaseUrl, env: ENV });
    servers.push(server);
    const admin = await createAdminKey(databaseUrl);
    const config = unique("session-quality");
    const created = await call(server, "/api/v1/score-configs", {
      method: "POST",
      json: { name: config, type: "numeric", min: 1, max: 5, step: 1 },
    });
    expect(created.status, created.text).toBe(201);
    const { judgeId } = await setUpJudge(server, admin, {
      modelUrl: model.url,
      configName: config,
      target: "session",
      autoRun: true,
    });
    const runs = expectShape(
      ZRunList,
      await call(server, `/api/v1/judge-runs?judgeId=${judgeId}`, { headers: bearer(admin) }),
    );
    expect(runs.runs.map((r) => r.kind)).toEqual(["auto"]);
    const runId = runs.runs[0]!.id;

    // Each session's thoughts carry its key, so the calls about it can be told apart in the prompts.
    const step = (key: string, n: number, total: number) =>
      record(server, thought(n, total, { sessionId: key, thought: `${key}: step ${n}` }));
    const callsAbout = (key: string) => model.calls().filter((c) => c.prompt.includes(`${key}: step`)).length;
    const judged = (n: number) => waitForRun(server, admin, runId, (r) => r.done >= n, 60_000);

    // A is still running (2 of 3 thoughts, more needed) when B completes and is judged.
    const a = unique("alpha");
    await step(a, 1, 3);
    await step(a, 2, 3);
    const b = unique("bravo");
    await step(b, 1, 1);
    await judged(1);
    expect([callsAbout(a), callsAbout(b)]).toEqual([0, 1]);

    // A completes: judged once.
    await step(a, 3, 3);
    expect((await judged(2)).done).toBe(2);
    expect(callsAbout(a)).toBe(1);

    // A thought after A completed reopens it and completes it again; C's judgment shows a scan ran after it.
    await step(a, 4, 4);
    const c = unique("charlie");
    await step(c, 1, 1);
    await judged(3);
    expect([callsAbout(a), callsAbout(b), callsAbout(c)]).toEqual([1, 1, 1]);

    // A restart on the same database: D is judged, nothing before it again.
    await server.stop();
    server = await startServer({ databaseUrl, env: ENV });
    servers.push(server);
    const d = unique("delta");
    await step(d, 1, 1);
    const run = await judged(4);
    expect([callsAbout(a), callsAbout(b), callsAbout(c), callsAbout(d)]).toEqual([1, 1, 1, 1]);
    expect(run).toMatchObject({ total: 4, done: 4, failed: 0, queued: 0, running: 0 });
    for (const key of [a, b, c, d]) {
      const graph = await call<{ scores: { authorKey: string; value: number | null }[] }>(
        server,
        `/api/v1/sessions/${key}`,
      );
      expect(graph.body.scores.filter((s) => s.authorKey === `judge:${judgeId}`).map((s) => s.value)).toEqual([4]);
    }
    await server.stop();
  }, 240_000);
});
