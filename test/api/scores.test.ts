// Scoring over REST against the real server: score configs (GET/POST /api/v1/score-configs), scores from an API key
// (POST /api/v1/scores: 201, then 200 when the same key scores the same target again), a 400 naming `value` that says
// what the config allows, 404 for an unknown name and for another project's thought (a second project and key are
// created straight in the database file), and the scores in GET /api/v1/sessions/{id}. The Next route files are
// checked too, with the fast path off.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  ZScoreConfigList,
  ZScoreConfigView,
  ZScoreView,
  type ScoreConfigView,
  type ScoreView,
} from "@/lib/contracts/scores";
import { uuidv7 } from "@/lib/ids";
import { createApiKey } from "@/server/auth/api-keys";
import { createDb } from "@/server/db/client";
import { ensureDefaultProject } from "@/server/db/default-project";
import {
  call,
  expectError,
  expectShape,
  getGraph,
  record,
  startSqliteServer,
  thought,
  unique,
  type Answer,
  type RunningServer,
  type SqliteServer,
} from "@/test/support/api-client";
import { startServer } from "@/scripts/lib/server-process";
import { freshSqliteUrl } from "@/test/support/sqlite-file";

let tg: SqliteServer;
const server = () => tg.server;
/** A key of another project, and a read-only key of ours, made in the database file. */
let foreignKey = "";
let readKey = "";

beforeAll(async () => {
  tg = await startSqliteServer("api-scores");
  const db = createDb(tg.databaseUrl);
  try {
    const other = uuidv7();
    await db.project.create({ data: { id: other, slug: unique("other"), name: "Other team" } });
    foreignKey = (await createApiKey(db, other, "other team's agent")).key;
    const { id } = await ensureDefaultProject(db);
    readKey = (await createApiKey(db, id, "reader", undefined, "read")).key;
  } finally {
    await db.$disconnect();
  }
});

afterAll(async () => {
  await tg?.server.stop();
});

const as = (key: string) => ({ authorization: `Bearer ${key}` });

async function createConfig(body: unknown, s: RunningServer = server()): Promise<ScoreConfigView> {
  const a = await call(s, "/api/v1/score-configs", { method: "POST", json: body });
  expect(a.status, a.text).toBe(201);
  return expectShape(ZScoreConfigView, a);
}

function postScore(body: unknown, headers: Record<string, string> = {}, s: RunningServer = server()) {
  return call<ScoreView>(s, "/api/v1/scores", { method: "POST", json: body, headers });
}

function scored(a: Answer, status = 201): ScoreView {
  expect(a.status, a.text).toBe(status);
  return expectShape(ZScoreView, a);
}

/** A session of two thoughts; returns its id and the thought ids. */
async function session(headers: Record<string, string> = {}) {
  const key = unique("scored");
  const one = await record(server(), thought(1, 2, { sessionId: key }), headers);
  const two = await record(server(), thought(2, 2, { sessionId: key }), headers);
  return { sessionId: one.sessionId, thoughtIds: [one.thoughtId, two.thoughtId] as const };
}

describe("score configs", () => {
  it("are created (201) and listed; archived ones only on request", async () => {
    const name = unique("correctness");
    const c = await createConfig({ name, type: "numeric", min: 1, max: 5, step: 1, description: "Right answer?" });
    expect(c).toMatchObject({ name, type: "numeric", min: 1, max: 5, step: 1, archivedAt: null, scoreCount: 0 });
    const a = await call(server(), "/api/v1/score-configs");
    expect(a.status, a.text).toBe(200);
    expect(expectShape(ZScoreConfigList, a).configs.map((x) => x.id)).toContain(c.id);
    const archived = await call(server(), "/api/v1/score-configs?includeArchived=true");
    expect(expectShape(ZScoreConfigList, archived).configs.map((x) => x.id)).toContain(c.id);
    expectError(await call(server(), "/api/v1/score-configs?includeArchived=maybe"), 400, "includeArchived");
  });

  it("normalise labels, accept snake_case and string numbers", async () => {
    const c = await createConfig({ name: unique("verdict"), type: "categorical", categories: ["wrong", "right"] });
    expect(c.categories).toEqual([
      { label: "wrong", value: 0 },
      { label: "right", value: 1 },
    ]);
    const n = await createConfig({ name: unique("confidence"), type: "numeric", min: "0", max: "1", step: "0.25" });
    expect(n).toMatchObject({ min: 0, max: 1, step: 0.25 });
  });

  it.each([
    [{ type: "numeric" }, "name"],
    [{ name: "x", type: "stars" }, "type"],
    [{ name: "x", type: "numeric", min: 5, max: 1 }, "max"],
    [{ name: "x", type: "numeric", step: 0 }, "step"],
    [{ name: "x", type: "categorical", categories: ["only"] }, "categories"],
    [{ name: "x", type: "categorical", categories: ["a", "A"] }, "categories"],
    [{ name: "x", type: "boolean", min: 0 }, "min"],
    [{ name: "x", type: "text", colour: "red" }, "colour"],
  ])("refuse %j naming %s", async (body, field) => {
    expectError(await call(server(), "/api/v1/score-configs", { method: "POST", json: body }), 400, field);
  });

  it("refuse a second active config with the same name (409), and a read-only key (403)", async () => {
    const c = await createConfig({ name: unique("dup"), type: "boolean" });
    const dup = await call(server(), "/api/v1/score-configs", { method: "POST", json: { name: c.name, type: "text" } });
    expect(expectError(dup, 409, "name").message).toContain(c.name);
    const ro = await call(server(), "/api/v1/score-configs", {
      method: "POST",
      json: { name: unique("ro"), type: "boolean" },
      headers: as(readKey),
    });
    expectError(ro, 403);
    expect((await call(server(), "/api/v1/score-configs", { headers: as(readKey) })).status).toBe(200);
    expectError(await call(server(), "/api/v1/score-configs", { headers: { authorization: "Bearer nope" } }), 401);
  });

  it("are scoped to the project", async () => {
    const ours = await createConfig({ name: unique("ours"), type: "boolean" });
    const theirs = expectShape(
      ZScoreConfigList,
      await call(server(), "/api/v1/score-configs", { headers: as(foreignKey) }),
    );
    expect(theirs.configs.map((c) => c.id)).not.toContain(ours.id);
  });
});

describe("POST /api/v1/scores", () => {
  let likert: ScoreConfigView;
  let verdict: ScoreConfigView;
  let flag: ScoreConfigView;
  let note: ScoreConfigView;

  beforeAll(async () => {
    likert = await createConfig({ name: unique("quality"), type: "numeric", min: 1, max: 5, step: 1 });
    verdict = await createConfig({ name: unique("verdict"), type: "categorical", categories: ["wrong", "right"] });
    flag = await createConfig({ name: unique("hallucination"), type: "boolean" });
    note = await createConfig({ name: unique("note"), type: "text" });
  });

  it("records a score (201) from the key, and updates it when the same key posts again (200)", async () => {
    const { sessionId, thoughtIds } = await session();
    const first = scored(await postScore({ thoughtId: thoughtIds[0], name: likert.name, value: 4, comment: "ok" }));
    expect(first).toMatchObject({
      name: likert.name,
      configId: likert.id,
      type: "numeric",
      thoughtId: thoughtIds[0],
      sessionId,
      value: 4,
      stringValue: null,
      comment: "ok",
      source: "key",
      authorId: null,
    });
    expect(first.authorKey).toBe(`key:${first.apiKeyId}`);
    const again = scored(await postScore({ thought_id: thoughtIds[0], name: likert.name, value: "5" }), 200);
    expect(again).toMatchObject({ id: first.id, value: 5, comment: null });

    // Another key is another author: its own score of the same thought.
    const otherKey = await newKeyOfOurProject();
    const theirs = scored(await postScore({ thoughtId: thoughtIds[0], name: likert.name, value: 1 }, as(otherKey)));
    expect(theirs.id).not.toBe(first.id);
  });

  it("scores a whole session by id or agent key, with each type's stored form", async () => {
    const { sessionId, thoughtIds } = await session();
    const v = scored(await postScore({ sessionId, name: verdict.name, value: "Right" }));
    expect(v).toMatchObject({ thoughtId: null, value: 1, stringValue: "right" });
    const b = scored(await postScore({ thoughtId: thoughtIds[1], name: flag.name, value: "false" }));
    expect(b).toMatchObject({ value: 0, stringValue: "false" });
    const t = scored(await postScore({ sessionId, name: note.name, value: "Clear reasoning." }));
    expect(t).toMatchObject({ value: null, stringValue: "Clear reasoning." });
    const byConfigId = scored(await postScore({ sessionId, configId: likert.id, value: 3 }));
    expect(byConfigId.name).toBe(likert.name);
  });

  it.each([
    [0, /from 1 to 5 in steps of 1/],
    [6, /from 1 to 5 in steps of 1/],
    [2.5, /steps of 1/],
    ["four", /a number from 1 to 5/],
  ])("answers 400 naming value for %j on a 1..5 scale", async (value, message) => {
    const { thoughtIds } = await session();
    const e = expectError(await postScore({ thoughtId: thoughtIds[0], name: likert.name, value }), 400, "value");
    expect(e.message).toMatch(message);
    expect(e.message).toContain(likert.name);
  });

  it("answers 400 naming value for an unknown label or a non-boolean, listing what is allowed", async () => {
    const { thoughtIds } = await session();
    const label = expectError(
      await postScore({ thoughtId: thoughtIds[0], name: verdict.name, value: "great" }),
      400,
      "value",
    );
    expect(label.message).toContain('one of the labels "wrong", "right"');
    const bool = expectError(
      await postScore({ thoughtId: thoughtIds[0], name: flag.name, value: "maybe" }),
      400,
      "value",
    );
    expect(bool.message).toMatch(/true or false/);
    const text = expectError(
      await postScore({ thoughtId: thoughtIds[0], name: note.name, value: "x".repeat(10_001) }),
      400,
      "value",
    );
    expect(text.message).toMatch(/10000 characters/);
  });

  it.each([
    [{ name: "q", value: 1 }, "thoughtId"],
    [{ thoughtId: "t", sessionId: "s", name: "q", value: 1 }, "sessionId"],
    [{ thoughtId: "t", value: 1 }, "name"],
    [{ thoughtId: "t", name: "q" }, "value"],
    [{ thoughtId: "t", name: "q", value: 1, score: 1 }, "score"],
  ])("answers 400 for %j naming %s", async (body, field) => {
    expectError(await postScore(body), 400, field);
  });

  it("answers 404 naming name for an unknown config name, listing the active ones", async () => {
    const { thoughtIds } = await session();
    const e = expectError(await postScore({ thoughtId: thoughtIds[0], name: "no-such-rubric", value: 1 }), 404, "name");
    expect(e.suggestion).toContain(likert.name);
  });

  it("answers 404 (never 403) for another project's thought or session, and writes nothing", async () => {
    const foreign = await session(as(foreignKey));
    expectError(await postScore({ thoughtId: foreign.thoughtIds[0], name: likert.name, value: 3 }), 404, "thoughtId");
    expectError(await postScore({ sessionId: foreign.sessionId, name: likert.name, value: 3 }), 404, "sessionId");
    expectError(await postScore({ thoughtId: uuidv7(), name: likert.name, value: 3 }), 404, "thoughtId");
    // Nor can the other project use our config, even by id.
    expectError(
      await postScore({ thoughtId: foreign.thoughtIds[0], configId: likert.id, value: 3 }, as(foreignKey)),
      404,
      "configId",
    );
    const g = await call(server(), `/api/v1/sessions/${foreign.sessionId}`, { headers: as(foreignKey) });
    expect(g.status, g.text).toBe(200);
  });

  it("needs a key with write scope", async () => {
    const { thoughtIds } = await session();
    expectError(await postScore({ thoughtId: thoughtIds[0], name: likert.name, value: 3 }, as(readKey)), 403);
  });

  it("shows the scores in GET /api/v1/sessions/{id}: on their thoughts, and the session's own", async () => {
    const { sessionId, thoughtIds } = await session();
    scored(await postScore({ thoughtId: thoughtIds[0], name: likert.name, value: 2, comment: "vague" }));
    scored(await postScore({ thoughtId: thoughtIds[0], name: flag.name, value: true }));
    scored(await postScore({ sessionId, name: verdict.name, value: "wrong" }));
    const g = await getGraph(server(), sessionId);
    expect(g.thoughts[0]!.scores.map((s) => [s.name, s.value, s.comment])).toEqual([
      [likert.name, 2, "vague"],
      [flag.name, 1, null],
    ]);
    expect(g.thoughts[1]!.scores).toEqual([]);
    expect(g.scores).toEqual([expect.objectContaining({ name: verdict.name, stringValue: "wrong", thoughtId: null })]);
    // The config now reports its use.
    const list = expectShape(ZScoreConfigList, await call(server(), "/api/v1/score-configs"));
    expect(list.configs.find((c) => c.id === likert.id)!.scoreCount).toBeGreaterThan(0);
  });

  it("is documented in the OpenAPI document and refuses other methods with 405", async () => {
    const doc = (await call<{ paths: Record<string, unknown> }>(server(), "/api/v1/openapi.json")).body;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/v1/score-configs", "/api/v1/scores"]));
    expectError(await call(server(), "/api/v1/scores"), 405);
    expectError(await call(server(), "/api/v1/score-configs", { method: "DELETE" }), 405);
  });
});

/** Another write key of the default project (another evaluator). */
async function newKeyOfOurProject(): Promise<string> {
  const db = createDb(tg.databaseUrl);
  try {
    return (await createApiKey(db, (await ensureDefaultProject(db)).id, unique("judge"))).key;
  } finally {
    await db.$disconnect();
  }
}

describe("through the Next route files (THOUGHTGRAPH_FAST_API=0)", () => {
  let next: RunningServer | undefined;

  beforeAll(async () => {
    next = await startServer({ databaseUrl: freshSqliteUrl("api-scores-next"), env: { THOUGHTGRAPH_FAST_API: "0" } });
  });

  afterAll(async () => {
    await next?.stop();
  });

  it("creates a config, lists it, records and updates a score, and answers 400/404/405 the same way", async () => {
    const s = next!;
    const c = await createConfig({ name: "quality", type: "numeric", min: 1, max: 5 }, s);
    expect(expectShape(ZScoreConfigList, await call(s, "/api/v1/score-configs")).configs.map((x) => x.id)).toEqual([
      c.id,
    ]);
    const t = await record(s, thought(1, 1));
    expect(scored(await postScore({ thoughtId: t.thoughtId, name: "quality", value: 4.5 }, {}, s)).value).toBe(4.5);
    expect(scored(await postScore({ thoughtId: t.thoughtId, name: "quality", value: 5 }, {}, s), 200).value).toBe(5);
    expectError(await postScore({ thoughtId: t.thoughtId, name: "quality", value: 9 }, {}, s), 400, "value");
    expectError(await postScore({ thoughtId: t.thoughtId, name: "nope", value: 1 }, {}, s), 404, "name");
    expectError(await call(s, "/api/v1/scores"), 405);
    expect((await getGraph(s, t.sessionId)).thoughts[0]!.scores.map((x) => x.value)).toEqual([5]);
  });
});
