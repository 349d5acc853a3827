// POST /api/v1/thoughts against the real production server: authentication, the official sequentialthinking
// server's behaviour cases, the coercions, validation that writes nothing, idempotency, limits, the implicit-session
// rule and the resolved ids of revisions and branches (docs/agents.md).
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ZErrorResponse } from "@/lib/contracts/errors";
import { ZSessionPage } from "@/lib/contracts/session";
import { ZThoughtResult } from "@/lib/contracts/thought";
import {
  apiSnapshot,
  call,
  expectError,
  expectShape,
  getGraph,
  postThought,
  record,
  startSqliteServer,
  tableCounts,
  thought,
  unique,
  type SqliteServer,
} from "@/test/support/api-client";

const MAX_CHARS = 20_000;
const MAX_PER_SESSION = 5;

let tg: SqliteServer;
const server = () => tg.server;

beforeAll(async () => {
  tg = await startSqliteServer("api-thoughts", {
    THOUGHTGRAPH_MAX_THOUGHT_CHARS: String(MAX_CHARS),
    THOUGHTGRAPH_MAX_THOUGHTS_PER_SESSION: String(MAX_PER_SESSION),
  });
});

afterAll(async () => {
  await tg?.server.stop();
});

/** A fresh session per case: an explicit agent key nobody used before. */
const fresh = () => unique("case");

/** Asserts a rejected request changed nothing: the sessions the API lists, their counts, and the raw tables. */
async function expectNothingWritten(action: () => Promise<void>) {
  const beforeApi = await apiSnapshot(server());
  const beforeRows = tableCounts(tg.dbFile);
  await action();
  expect(await apiSnapshot(server())).toEqual(beforeApi);
  expect(tableCounts(tg.dbFile)).toEqual(beforeRows);
}

describe("health and authentication", () => {
  it("GET /api/health answers 200 JSON without a key", async () => {
    const res = await fetch(`${server().url}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(await res.json()).toMatchObject({ status: "ok" });
  });

  it.each([
    ["no key", {}],
    ["a wrong bearer key", { authorization: "Bearer tg_wrong_key_000000000000000000000" }],
    ["a wrong x-api-key", { "x-api-key": "tg_wrong_key_000000000000000000000" }],
    ["a malformed Authorization header", { authorization: "Basic dXNlcjpwYXNz" }],
  ])("answers 401 JSON with www-authenticate: Bearer for %s", async (_label, headers) => {
    for (const [method, route, body] of [
      ["POST", "/api/v1/thoughts", thought(1, 1, { sessionId: fresh() })],
      ["GET", "/api/v1/sessions", undefined],
    ] as const) {
      const res = await fetch(server().url + route, {
        method,
        headers: { "content-type": "application/json", ...headers },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      expect(res.status, route).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(
        /^Bearer error="invalid_token", error_description="A valid API key is required/,
      );
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
      const error = ZErrorResponse.parse(await res.json()).error;
      expect(error.code).toBe("unauthorized");
    }
  });

  it("writes nothing for an unauthenticated POST", async () => {
    await expectNothingWritten(async () => {
      const res = await fetch(`${server().url}/api/v1/thoughts`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(thought(1, 1)),
      });
      expect(res.status).toBe(401);
    });
  });

  it("accepts the key as x-api-key", async () => {
    const res = await fetch(`${server().url}/api/v1/thoughts`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": server().apiKey },
      body: JSON.stringify(thought(1, 1, { sessionId: fresh() })),
    });
    expect(res.status).toBe(201);
    ZThoughtResult.parse(await res.json());
    const list = await fetch(`${server().url}/api/v1/sessions?limit=1`, { headers: { "x-api-key": server().apiKey } });
    expect(list.status).toBe(200);
    ZSessionPage.parse(await list.json());
  });
});

describe("the official server's behaviour cases (a fresh session each)", () => {
  it("a basic thought", async () => {
    const sessionId = fresh();
    const r = await record(server(), {
      thought: "basic",
      thoughtNumber: 1,
      totalThoughts: 3,
      nextThoughtNeeded: true,
      sessionId,
    });
    expect(r).toMatchObject({
      thoughtNumber: 1,
      totalThoughts: 3,
      nextThoughtNeeded: true,
      branches: [],
      thoughtHistoryLength: 1,
      seq: 1,
      should_continue: true,
      next_thought_number: 2,
      stop_reason: "next_thought_required",
      flags: [],
    });
    expect(r.next_call_arguments).toMatchObject({ sessionId: r.sessionId, thoughtNumber: 2, totalThoughts: 3 });
  });

  it("a revision of a thought never recorded: length 1 and a flag", async () => {
    const r = await record(server(), {
      thought: "revising something I never said",
      thoughtNumber: 2,
      totalThoughts: 3,
      nextThoughtNeeded: true,
      isRevision: true,
      revisesThought: 1,
      needsMoreThoughts: false,
      sessionId: fresh(),
    });
    expect(r.thoughtHistoryLength).toBe(1);
    expect(r.thoughtNumber).toBe(2);
    expect(r.flags).toContain("revises_unknown_thought");
    const g = await getGraph(server(), r.sessionId);
    expect(g.thoughts).toHaveLength(1);
    expect(g.thoughts[0]!.flags).toContain("revises_unknown_thought");
    expect(g.thoughts[0]!.revisesThoughtId).toBeNull();
    expect(g.session.flagCount).toBe(1);
  });

  it("three thoughts: length 3", async () => {
    const sessionId = fresh();
    const results = [];
    for (const n of [1, 2, 3]) results.push(await record(server(), thought(n, 3, { sessionId })));
    expect(results.map((r) => r.thoughtHistoryLength)).toEqual([1, 2, 3]);
    expect(results.map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(new Set(results.map((r) => r.sessionId)).size).toBe(1);
    expect(results[2]).toMatchObject({ nextThoughtNeeded: false, should_continue: false, next_thought_number: null });
  });

  it("thought 5 of 3 raises the total to 5", async () => {
    const r = await record(server(), thought(5, 3, { sessionId: fresh() }));
    expect(r.totalThoughts).toBe(5);
    expect(r.thoughtNumber).toBe(5);
    expect(r.flags).toContain("total_raised");
    const g = await getGraph(server(), r.sessionId);
    expect(g.thoughts[0]!.totalThoughts).toBe(5);
  });

  it("two branches from thought 1: both listed, length 3", async () => {
    const sessionId = fresh();
    await record(server(), thought(1, 3, { sessionId }));
    const a = await record(server(), thought(2, 3, { sessionId, branchFromThought: 1, branchId: "branch-a" }));
    const b = await record(server(), thought(3, 3, { sessionId, branchFromThought: 1, branchId: "branch-b" }));
    expect(a.branches).toEqual(["branch-a"]);
    expect(b.branches).toEqual(["branch-a", "branch-b"]);
    expect(b.thoughtHistoryLength).toBe(3);
    const g = await getGraph(server(), sessionId);
    expect(g.branches.map((x) => x.key)).toEqual(["branch-a", "branch-b"]);
    expect(g.session.branchCount).toBe(2);
  });

  it("two thoughts on one branch: listed once", async () => {
    const sessionId = fresh();
    const first = await record(server(), {
      thought: "Branch thought 1",
      thoughtNumber: 1,
      totalThoughts: 2,
      nextThoughtNeeded: true,
      branchFromThought: 1,
      branchId: "branch-a",
      sessionId,
    });
    const second = await record(server(), {
      thought: "Branch thought 2",
      thoughtNumber: 2,
      totalThoughts: 2,
      nextThoughtNeeded: false,
      branchFromThought: 1,
      branchId: "branch-a",
      sessionId,
    });
    expect(first.branches).toEqual(["branch-a"]);
    expect(second.branches).toEqual(["branch-a"]);
    expect(second.thoughtHistoryLength).toBe(2);
    expect((await getGraph(server(), sessionId)).branches).toHaveLength(1);
  });

  it("a 10,000-character thought is stored whole", async () => {
    const text = "a".repeat(10_000);
    const r = await record(server(), {
      thought: text,
      thoughtNumber: 1,
      totalThoughts: 1,
      nextThoughtNeeded: false,
      sessionId: fresh(),
    });
    expect(r.thoughtHistoryLength).toBe(1);
    const g = await getGraph(server(), r.sessionId);
    expect(g.thoughts[0]!.text).toBe(text);
  });

  it("1 of 1: should_continue false, the session is completed", async () => {
    const r = await record(server(), {
      thought: "done",
      thoughtNumber: 1,
      totalThoughts: 1,
      nextThoughtNeeded: false,
      sessionId: fresh(),
    });
    expect(r).toMatchObject({
      thoughtNumber: 1,
      totalThoughts: 1,
      nextThoughtNeeded: false,
      branches: [],
      thoughtHistoryLength: 1,
      should_continue: false,
      next_thought_number: null,
      stop_reason: "thought_sequence_complete",
    });
    expect(r.next_call_arguments).toBeUndefined();
    expect(r.parameter_usage).toBeUndefined();
    expect((await getGraph(server(), r.sessionId)).session.status).toBe("completed");
  });
});

describe("coercions over HTTP", () => {
  it.each([
    ["thoughtNumber", "2", 2],
    ["totalThoughts", "4", 4],
    ["nextThoughtNeeded", "FALSE", false],
    ["nextThoughtNeeded", "true", true],
    ["nextThoughtNeeded", "False", false],
  ])("%s %j is read as %j", async (field, sent, expected) => {
    const body = { ...thought(2, 4), sessionId: fresh(), [field]: sent };
    const r = await record(server(), body);
    expect((r as unknown as Record<string, unknown>)[field]).toBe(expected);
    const stored = (await getGraph(server(), r.sessionId)).thoughts[0]! as unknown as Record<string, unknown>;
    expect(stored[field]).toBe(expected);
  });

  it('"false" never turns into true', async () => {
    const r = await record(server(), {
      thought: "x",
      thoughtNumber: "1",
      totalThoughts: "1",
      nextThoughtNeeded: "false",
      sessionId: fresh(),
    });
    expect(r.nextThoughtNeeded).toBe(false);
    expect(r.should_continue).toBe(false);
  });

  it.each([
    ["thoughtNumber", "abc"],
    ["thoughtNumber", 0],
    ["thoughtNumber", 1.5],
    ["thoughtNumber", "1.5"],
    ["totalThoughts", "abc"],
    ["totalThoughts", 0],
    ["totalThoughts", 1.5],
    ["nextThoughtNeeded", "yes"],
    ["nextThoughtNeeded", 1],
  ])("%s %j answers 400 naming the field and writes nothing", async (field, sent) => {
    await expectNothingWritten(async () => {
      const a = await postThought(server(), { ...thought(1, 2), sessionId: fresh(), [field]: sent });
      const error = expectError(a, 400, field);
      expect(error.code).toBe("validation_error");
      expect(error.message).toContain(field);
    });
  });

  it("accepts the snake_case spellings", async () => {
    const sessionId = fresh();
    await record(server(), {
      thought: "first",
      thought_number: 1,
      total_thoughts: 3,
      next_thought_needed: true,
      session_id: sessionId,
    });
    const r = await record(server(), {
      thought: "revising",
      thought_number: "2",
      total_thoughts: "3",
      next_thought_needed: "TRUE",
      is_revision: "true",
      revises_thought: "1",
      session_id: sessionId,
    });
    expect(r).toMatchObject({ thoughtNumber: 2, totalThoughts: 3, nextThoughtNeeded: true, thoughtHistoryLength: 2 });
    const g = await getGraph(server(), sessionId);
    expect(g.thoughts[1]).toMatchObject({ isRevision: true, revisesThought: 1, revisesThoughtId: g.thoughts[0]!.id });
  });

  it("answers 400 for snake_case and camelCase of one field with different values", async () => {
    await expectNothingWritten(async () => {
      const a = await postThought(server(), { ...thought(1, 2), thought_number: 2, sessionId: fresh() });
      expectError(a, 400, "thoughtNumber");
    });
  });
});

describe("malformed input: 400 naming the field, nothing written", () => {
  it.each([
    ["a missing thought", { thoughtNumber: 1, totalThoughts: 1, nextThoughtNeeded: false }, "thought"],
    ["an empty thought", { thought: "  ", thoughtNumber: 1, totalThoughts: 1, nextThoughtNeeded: false }, "thought"],
    ["a numeric thought", { thought: 42, thoughtNumber: 1, totalThoughts: 1, nextThoughtNeeded: false }, "thought"],
    ["a missing thoughtNumber", { thought: "x", totalThoughts: 1, nextThoughtNeeded: false }, "thoughtNumber"],
    ["a missing nextThoughtNeeded", { thought: "x", thoughtNumber: 1, totalThoughts: 1 }, "nextThoughtNeeded"],
    ["a score above 1", { ...thought(1, 1), score: 1.5 }, "score"],
    ["tags as a string", { ...thought(1, 1), tags: "a,b" }, "tags"],
    ["an empty branchId", { ...thought(2, 2), branchFromThought: 1, branchId: "" }, "branchId"],
    ["an empty sessionId", { ...thought(1, 1), sessionId: "" }, "sessionId"],
    ["revisesThought 0", { ...thought(2, 2), isRevision: true, revisesThought: 0 }, "revisesThought"],
    // Issue 13: a lone surrogate was stored as U+FFFD, so "\ud800" and "\udc00" collapsed into one key (then 500s).
    ["a lone high surrogate in sessionId", { ...thought(1, 1), sessionId: "lone-\ud800-r1" }, "sessionId"],
    ["a lone low surrogate in sessionId", { ...thought(1, 1), sessionId: "lone-\udc00-r1" }, "sessionId"],
    ["a NUL in the thought", { ...thought(1, 1), thought: "a\u0000b" }, "thought"],
    ["a lone surrogate in a tag", { ...thought(1, 1), tags: ["ok", "\udfff"] }, "tags[1]"],
    [
      "a lone surrogate in nested metadata",
      { ...thought(1, 1), metadata: { run: { note: "\ud83d" } } },
      "metadata.run.note",
    ],
  ])("%s", async (_label, body, field) => {
    const sessionId = fresh();
    // An existing session the bad thought would have joined: its count must not move either.
    await record(server(), thought(1, 3, { sessionId }));
    await expectNothingWritten(async () => {
      const withSession = "sessionId" in body ? body : { ...body, sessionId };
      const error = expectError(await postThought(server(), withSession), 400, field);
      expect(error.suggestion ?? "").not.toBe("");
    });
    expect((await getGraph(server(), sessionId)).thoughts).toHaveLength(1);
  });

  it("a lone surrogate in sessionId answers 400 on every retry, and never merges two keys", async () => {
    const high = { ...thought(1, 2), sessionId: `lone-\ud800-${fresh()}` };
    for (let i = 0; i < 2; i++) {
      const error = expectError(await postThought(server(), high), 400, "sessionId");
      expect(error.message).toMatch(/lone UTF-16 surrogate/);
    }
    // The same key with a whole emoji is well-formed and recorded.
    const whole = await record(server(), { ...high, sessionId: high.sessionId.replace("\ud800", "\ud83d\ude00") });
    expect(whole.thoughtHistoryLength).toBe(1);
  });

  it("keys are compared as sent: the NFC and NFD spellings are two sessions, each retry finds its own", async () => {
    const base = fresh();
    const nfc = `café-${base}`.normalize("NFC");
    const nfd = `café-${base}`.normalize("NFD");
    expect(nfc).not.toBe(nfd);
    const a = await record(server(), thought(1, 3, { sessionId: nfc }));
    const b = await record(server(), thought(1, 3, { sessionId: nfd }));
    expect(a.sessionId).not.toBe(b.sessionId);
    expect((await record(server(), thought(2, 3, { sessionId: nfc }))).sessionId).toBe(a.sessionId);
    expect((await record(server(), thought(2, 3, { sessionId: nfd }))).sessionId).toBe(b.sessionId);
  });

  it.each([
    ["an array", "[1,2,3]"],
    ["a string", '"thought"'],
    ["null", "null"],
    ["invalid JSON", '{"thought": "x",'],
    ["an empty body", ""],
  ])("a body that is %s answers 400 field body", async (_label, text) => {
    await expectNothingWritten(async () => {
      const a = await call(server(), "/api/v1/thoughts", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: text,
      });
      expectError(a, 400, "body");
    });
  });

  it("treats a key named like an Object.prototype member (toString, constructor) like any other unknown key", async () => {
    // An unknown key such as "junk" is ignored; "toString" and "constructor" must not be reported as a field
    // "given twice (camelCase and snake_case)" just because `key in {}` is true for them.
    const junk = await postThought(server(), { ...thought(1, 1), sessionId: fresh(), junk: "x" });
    expect(junk.status, junk.text).toBe(201);
    for (const key of ["toString", "constructor", "valueOf", "hasOwnProperty"]) {
      const a = await postThought(server(), { ...thought(1, 1), sessionId: fresh(), [key]: "x" });
      expect(a.status, `${key}: ${a.text}`).toBe(201);
    }
  });
});

describe("idempotency", () => {
  it("a repeated Idempotency-Key answers 200 with the identical body, 409 with another; stores one thought", async () => {
    const sessionId = fresh();
    const key = unique("idem");
    const body = thought(1, 2, { sessionId });
    const first = await postThought(server(), body, { "idempotency-key": key });
    expect(first.status, first.text).toBe(201);
    const rowsAfterFirst = tableCounts(tg.dbFile);
    const second = await postThought(server(), body, { "idempotency-key": key });
    expect(second.status, second.text).toBe(200);
    expect(second.body).toEqual(first.body);
    // A different body under the same key is another request: 409 naming the key, and nothing written.
    const third = await postThought(server(), thought(2, 2, { sessionId }), { "idempotency-key": key });
    expectError(third, 409, "Idempotency-Key");
    expect(third.body).toMatchObject({ error: { code: "idempotency_key_reused" } });
    expect((third.body as unknown as { error: { message: string } }).error.message).toContain(key);
    expect(tableCounts(tg.dbFile)).toEqual(rowsAfterFirst);
    const g = await getGraph(server(), sessionId);
    expect(g.thoughts).toHaveLength(1);
    expect(g.thoughts[0]!.id).toBe(first.body.thoughtId);
  });

  it("concurrent requests with one Idempotency-Key store one thought", async () => {
    const sessionId = fresh();
    const key = unique("idem-race");
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => postThought(server(), thought(1, 2, { sessionId }), { "idempotency-key": key })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.thoughtId)).size).toBe(1);
    expect((await getGraph(server(), sessionId)).thoughts).toHaveLength(1);
  });

  it("an over-long Idempotency-Key answers 400 naming the header", async () => {
    await expectNothingWritten(async () => {
      const a = await postThought(server(), thought(1, 1, { sessionId: fresh() }), {
        "idempotency-key": "k".repeat(201),
      });
      expectError(a, 400, "Idempotency-Key");
    });
  });
});

describe("limits", () => {
  it(`a thought of ${MAX_CHARS} characters is accepted; one more answers 400 field thought`, async () => {
    const sessionId = fresh();
    await record(server(), { ...thought(1, 2, { sessionId }), thought: "b".repeat(MAX_CHARS) });
    await expectNothingWritten(async () => {
      const a = await postThought(server(), { ...thought(2, 2, { sessionId }), thought: "c".repeat(MAX_CHARS + 1) });
      const error = expectError(a, 400, "thought");
      expect(error.message).toContain(String(MAX_CHARS));
    });
    expect((await getGraph(server(), sessionId)).thoughts).toHaveLength(1);
  });

  it(`the ${MAX_PER_SESSION + 1}th thought of a session answers 4xx naming sessionId and writes nothing`, async () => {
    const sessionId = fresh();
    for (let n = 1; n <= MAX_PER_SESSION; n++) await record(server(), thought(n, 10, { sessionId }));
    await expectNothingWritten(async () => {
      const a = await postThought(server(), thought(MAX_PER_SESSION + 1, 10, { sessionId }));
      expect(a.status).toBeGreaterThanOrEqual(400);
      expect(a.status).toBeLessThan(500);
      const error = expectError(a, a.status, "sessionId");
      expect(error.code).toBe("limit_exceeded");
    });
    const g = await getGraph(server(), sessionId);
    expect(g.thoughts).toHaveLength(MAX_PER_SESSION);
    expect(g.session.thoughtCount).toBe(MAX_PER_SESSION);
    // Other sessions are unaffected.
    await record(server(), thought(1, 1, { sessionId: fresh() }));
  });
});

describe("the implicit-session rule", () => {
  // A client name of its own keeps this agent's "most recent session" apart from the other tests' sessions.
  const agent = (extra: Record<string, unknown>, client: string) => ({ ...extra, metadata: { client } });

  it("thought 1 starts a new session; thought 2 without sessionId joins the most recent one", async () => {
    const client = unique("implicit-client");
    const a1 = await record(server(), agent(thought(1, 2), client));
    const a2 = await record(server(), agent(thought(2, 2), client));
    expect(a2.sessionId).toBe(a1.sessionId);
    expect(a2.thoughtHistoryLength).toBe(2);
    expect(a2.seq).toBe(2);

    const b1 = await record(server(), agent(thought(1, 3), client));
    expect(b1.sessionId).not.toBe(a1.sessionId);
    const b2 = await record(server(), agent(thought(2, 3), client));
    expect(b2.sessionId).toBe(b1.sessionId);

    // A different client of the same key does not join this agent's session.
    const other = await record(server(), agent(thought(2, 3), unique("other-client")));
    expect(other.sessionId).not.toBe(b1.sessionId);
    expect(other.thoughtHistoryLength).toBe(1);

    expect((await getGraph(server(), a1.sessionId)).thoughts.map((t) => t.thoughtNumber)).toEqual([1, 2]);
    expect((await getGraph(server(), b1.sessionId)).thoughts.map((t) => t.thoughtNumber)).toEqual([1, 2]);
  });

  it("an unknown sessionId from the agent is adopted as the session's key", async () => {
    const key = unique("agent-own-key");
    const r1 = await record(server(), thought(1, 2, { sessionId: key }));
    expect(r1.sessionId).not.toBe("");
    const r2 = await record(server(), thought(2, 2, { sessionId: key }));
    expect(r2.sessionId).toBe(r1.sessionId);
    const byKey = await getGraph(server(), key);
    expect(byKey.session.id).toBe(r1.sessionId);
    expect(byKey.session.key).toBe(key);
    expect(byKey.thoughts.map((t) => t.id)).toEqual([r1.thoughtId, r2.thoughtId]);
    const byId = await getGraph(server(), r1.sessionId);
    expect(byId).toEqual(byKey);
    // Our own id works as sessionId too.
    const r3 = await record(server(), thought(3, 3, { sessionId: r1.sessionId }));
    expect(r3.sessionId).toBe(r1.sessionId);
    expect(r3.thoughtHistoryLength).toBe(3);
  });
});

describe("resolved ids", () => {
  it("a revision's revisesThoughtId and a branch thought's branchFromThoughtId point at the right thoughts", async () => {
    const sessionId = fresh();
    const t1 = await record(server(), thought(1, 4, { sessionId }));
    const t2 = await record(server(), thought(2, 4, { sessionId }));
    const rev = await record(server(), thought(3, 4, { sessionId, isRevision: true, revisesThought: 2 }));
    const br = await record(server(), thought(4, 4, { sessionId, branchFromThought: 1, branchId: "alt" }));
    const br2 = await record(server(), thought(5, 5, { sessionId, branchFromThought: 1, branchId: "alt" }));
    expect(rev.flags).toEqual([]);
    expect(br.flags).toEqual([]);

    const g = await getGraph(server(), sessionId);
    const byId = new Map(g.thoughts.map((t) => [t.id, t]));
    expect(g.thoughts.map((t) => t.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(byId.get(rev.thoughtId)).toMatchObject({
      isRevision: true,
      revisesThought: 2,
      revisesThoughtId: t2.thoughtId,
    });
    expect(byId.get(br.thoughtId)).toMatchObject({
      branchId: "alt",
      branchFromThought: 1,
      branchFromThoughtId: t1.thoughtId,
    });
    expect(byId.get(br2.thoughtId)).toMatchObject({ branchId: "alt", branchFromThoughtId: t1.thoughtId });
    expect(byId.get(t1.thoughtId)).toMatchObject({ revisesThoughtId: null, branchFromThoughtId: null });
    expect(g.branches).toEqual([
      expect.objectContaining({ key: "alt", ordinal: 0, forkThought: 1, forkThoughtId: t1.thoughtId }),
    ]);
    expect(g.session).toMatchObject({ thoughtCount: 5, branchCount: 1, revisionCount: 1 });
  });

  it("the result carries the contract's shape for every outcome", async () => {
    const r = await postThought(server(), { ...thought(1, 2, { sessionId: fresh() }), includeParameterUsage: true });
    expect(r.status).toBe(201);
    const parsed = expectShape(ZThoughtResult, r);
    expect(Object.keys(parsed.parameter_usage ?? {})).toContain("thoughtNumber");
  });
});
