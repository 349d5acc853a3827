// POST /api/v1/ingest against the real server: per-event results (207), idempotent re-sends, duplicate ids in one
// batch, the 1,000-event and 4 MiB limits (413 JSON, server stays healthy), and envelope validation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ZErrorResponse } from "@/lib/contracts/errors";
import { ZIngestResponse, type IngestResult } from "@/lib/contracts/ingest";
import {
  api,
  call,
  expectError,
  expectShape,
  getGraph,
  postThought,
  rawHttp,
  startSqliteServer,
  tableCounts,
  thought,
  unique,
  type Answer,
  type SqliteServer,
} from "@/test/support/api-client";

let tg: SqliteServer;
const server = () => tg.server;

beforeAll(async () => {
  tg = await startSqliteServer("api-ingest");
});

afterAll(async () => {
  await tg?.server.stop();
});

const MiB = 1024 * 1024;

function ingest(body: unknown, headers: Record<string, string> = {}) {
  return call(server(), "/api/v1/ingest", { method: "POST", json: body, headers });
}

function results(a: Answer): IngestResult[] {
  expect(a.status, a.text).toBe(207);
  return expectShape(ZIngestResponse, a).results;
}

const event = (id: string, body: unknown, type: unknown = "thought") => ({ id, type, body });

describe("per-event results", () => {
  it("answers 207 with 201 for valid and 400 for invalid events; writes the valid ones", async () => {
    const sessionId = unique("ingest-mixed");
    const ids = Array.from({ length: 6 }, (_, i) => unique(`ev${i}`));
    const batch = {
      events: [
        event(ids[0]!, thought(1, 3, { sessionId })),
        event(ids[1]!, thought(2, 3, { sessionId, thoughtNumber: "abc" })),
        event(ids[2]!, thought(2, 3, { sessionId })),
        event(ids[3]!, thought(3, 3, { sessionId }), "not-a-type"),
        { type: "thought", body: thought(3, 3, { sessionId }) }, // no id
        event(ids[5]!, { ...thought(3, 3, { sessionId }), thought: "" }),
      ],
    };
    const before = tableCounts(tg.dbFile);
    const r = results(await ingest(batch));
    expect(r.map((x) => x.status)).toEqual([201, 400, 201, 400, 400, 400]);
    expect(r.map((x) => x.id)).toEqual([ids[0], ids[1], ids[2], ids[3], null, ids[5]]);
    expect(r[1]!.error).toMatchObject({ code: "validation_error", field: "events[1].body.thoughtNumber" });
    expect(r[3]!.error).toMatchObject({ code: "validation_error", field: "events[3].type" });
    expect(r[4]!.error).toMatchObject({ code: "validation_error", field: "events[4].id" });
    expect(r[5]!.error).toMatchObject({ code: "validation_error", field: "events[5].body.thought" });
    for (const bad of [r[1], r[3], r[4], r[5]]) {
      expect(bad!.sessionId).toBeUndefined();
      expect(bad!.thoughtId).toBeUndefined();
    }
    expect(r[0]!.sessionId).toBe(r[2]!.sessionId);
    expect([r[0]!.seq, r[2]!.seq]).toEqual([1, 2]);

    const g = await getGraph(server(), sessionId);
    expect(g.thoughts.map((t) => t.id)).toEqual([r[0]!.thoughtId, r[2]!.thoughtId]);
    expect(g.thoughts.map((t) => t.thoughtNumber)).toEqual([1, 2]);
    const after = tableCounts(tg.dbFile);
    expect(after.thoughts - before.thoughts).toBe(2);
    expect(after.sessions - before.sessions).toBe(1);

    // Re-sending the same batch: the written events answer 200 with their original result; nothing new is written.
    const again = results(await ingest(batch));
    expect(again.map((x) => x.status)).toEqual([200, 400, 200, 400, 400, 400]);
    expect(again[0]).toMatchObject({ id: ids[0], sessionId: r[0]!.sessionId, thoughtId: r[0]!.thoughtId });
    expect(again[2]).toMatchObject({ id: ids[2], sessionId: r[2]!.sessionId, thoughtId: r[2]!.thoughtId });
    expect(tableCounts(tg.dbFile)).toEqual(after);
    expect((await getGraph(server(), sessionId)).thoughts).toHaveLength(2);
  });

  it("an id already ingested answers 200 with the original result when sent again alone; 409 with another body", async () => {
    const sessionId = unique("ingest-replay");
    const id = unique("replay");
    const [first] = results(await ingest({ events: [event(id, thought(1, 2, { sessionId }))] }));
    expect(first!.status).toBe(201);
    const before = tableCounts(tg.dbFile);
    // The same event, respelled in snake_case with a number as a string: the same request.
    const respelled = {
      session_id: sessionId,
      thought: "thought 1 of 2",
      thought_number: "1",
      total_thoughts: 2,
      next_thought_needed: "true",
    };
    const [second] = results(await ingest({ events: [event(id, respelled)] }));
    expect(second).toMatchObject({ id, status: 200, sessionId: first!.sessionId, thoughtId: first!.thoughtId });
    const [other] = results(await ingest({ events: [event(id, thought(2, 2, { sessionId }))] }));
    expect(other).toMatchObject({ id, status: 409, error: { code: "idempotency_key_reused", field: "events[0].id" } });
    expect(other!.error!.message).toContain(id);
    expect(tableCounts(tg.dbFile)).toEqual(before);
  });

  it("a duplicate id within one batch is written once; the repeat answers 200, with another body 409", async () => {
    const sessionId = unique("ingest-dup");
    const id = unique("dup");
    const other = unique("other");
    const before = tableCounts(tg.dbFile);
    const r = results(
      await ingest({
        events: [
          event(id, thought(1, 3, { sessionId })),
          event(other, thought(2, 3, { sessionId })),
          event(id, thought(1, 3, { sessionId })),
          event(id, thought(3, 3, { sessionId, thought: "a different body under the same id" })),
        ],
      }),
    );
    expect(r.map((x) => x.status)).toEqual([201, 201, 200, 409]);
    expect(r[3]).toMatchObject({ id, error: { code: "idempotency_key_reused", field: "events[3].id" } });
    expect(r[2]).toMatchObject({ id, sessionId: r[0]!.sessionId, thoughtId: r[0]!.thoughtId });
    expect(tableCounts(tg.dbFile).thoughts - before.thoughts).toBe(2);
    const g = await getGraph(server(), sessionId);
    expect(g.thoughts.map((t) => t.thoughtNumber)).toEqual([1, 2]);
  });

  it("an ingest id and an Idempotency-Key share one namespace", async () => {
    const sessionId = unique("ingest-shared-ns");
    const id = unique("shared");
    const [ingested] = results(await ingest({ events: [event(id, thought(1, 2, { sessionId }))] }));
    const replay = await postThought(server(), thought(1, 2, { sessionId }), { "idempotency-key": id });
    expect(replay.status, replay.text).toBe(200);
    expect(replay.body.thoughtId).toBe(ingested!.thoughtId);
    const reused = await postThought(server(), thought(2, 2, { sessionId }), { "idempotency-key": id });
    expectError(reused, 409, "Idempotency-Key");
    expect(ZErrorResponse.parse(reused.body).error.code).toBe("idempotency_key_reused");
  });

  it("rejects a thought over the default 100,000 characters per event (and on /thoughts) naming the field", async () => {
    const sessionId = unique("ingest-long");
    const before = tableCounts(tg.dbFile);
    const r = results(
      await ingest({
        events: [
          event(unique("ok"), { ...thought(1, 2, { sessionId }), thought: "x".repeat(100_000) }),
          event(unique("long"), { ...thought(2, 2, { sessionId }), thought: "x".repeat(100_001) }),
        ],
      }),
    );
    expect(r.map((x) => x.status)).toEqual([201, 400]);
    expect(r[1]!.error?.field).toBe("events[1].body.thought");
    expect(tableCounts(tg.dbFile).thoughts - before.thoughts).toBe(1);
    const direct = await postThought(server(), { ...thought(2, 2, { sessionId }), thought: "y".repeat(100_001) });
    expectError(direct, 400, "thought");
    expect((await getGraph(server(), sessionId)).thoughts).toHaveLength(1);
  });

  it("1,000 events in one request are all written, in order", async () => {
    const sessionId = unique("ingest-1000");
    const events = Array.from({ length: 1000 }, (_, i) => event(unique(`k${i}`), thought(i + 1, 1000, { sessionId })));
    const r = results(await ingest({ events }));
    expect(r.every((x) => x.status === 201)).toBe(true);
    expect(r.map((x) => x.seq)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    const g = await getGraph(server(), sessionId);
    expect(g.thoughts).toHaveLength(1000);
    expect(g.session.thoughtCount).toBe(1000);
  });
});

describe("limits and envelope", () => {
  it("1,001 events answer 413 JSON and write nothing", async () => {
    const sessionId = unique("ingest-1001");
    const events = Array.from({ length: 1001 }, (_, i) => event(unique(`k${i}`), thought(i + 1, 1001, { sessionId })));
    const before = tableCounts(tg.dbFile);
    const a = await ingest({ events });
    const error = expectError(a, 413, "events");
    expect(error.message).toContain("1000");
    expect(tableCounts(tg.dbFile)).toEqual(before);
  });

  it("a body just under 4 MiB is accepted", async () => {
    const sessionId = unique("ingest-big-ok");
    const events = Array.from({ length: 40 }, (_, i) =>
      event(unique(`big${i}`), { ...thought(i + 1, 40, { sessionId }), thought: "z".repeat(100_000) }),
    );
    const size = Buffer.byteLength(JSON.stringify({ events }));
    expect(size).toBeLessThan(4 * MiB);
    const r = results(await ingest({ events }));
    expect(r.every((x) => x.status === 201)).toBe(true);
  });

  it("a body over 4 MiB (with Content-Length) answers 413 JSON and writes nothing; the server stays healthy", async () => {
    const before = tableCounts(tg.dbFile);
    const a = await rawHttp(server(), {
      method: "POST",
      path: "/api/v1/ingest",
      headers: { "content-type": "application/json" },
      body: oversizedBatch(),
      waitBeforeBodyMs: 1_000,
    });
    expect(a.status, a.body).toBe(413);
    expect(a.headers["content-type"]).toMatch(/application\/json/);
    const error = ZErrorResponse.parse(JSON.parse(a.body)).error;
    expect(error.code).toBe("request_too_large");
    expect(tableCounts(tg.dbFile)).toEqual(before);
    await expectHealthy();
  });

  it("fetch (what agents and the SDK use) receives that 413, not a broken connection", async () => {
    // The server answers 413 from the Content-Length alone and closes the connection without reading the body; a
    // client still sending then hits EPIPE/ECONNRESET and never sees the answer. Five tries so a race is not luck.
    const text = oversizedBatch();
    const outcomes: string[] = [];
    for (let i = 0; i < 5; i++) {
      try {
        const res = await api(server(), "/api/v1/ingest", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: text,
        });
        outcomes.push(String(res.status));
        await res.body?.cancel();
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause;
        outcomes.push(`network error ${cause?.code ?? String(error)}`);
      }
    }
    expect(outcomes).toEqual(["413", "413", "413", "413", "413"]);
    await expectHealthy();
  });

  it("a chunked body over 4 MiB (no Content-Length) answers 413 JSON and writes nothing; the server stays healthy", async () => {
    const before = tableCounts(tg.dbFile);
    const a = await rawHttp(server(), {
      method: "POST",
      path: "/api/v1/ingest",
      headers: { "content-type": "application/json" },
      body: oversizedBatch(),
      chunked: true,
      // Past the limit, stop and wait for the answer (see rawHttp) rather than race the server's close.
      waitBeforeBodyMs: 1_000,
      waitAfterBytes: 4 * MiB + 16,
    });
    expect(a.status, a.body).toBe(413);
    expect(ZErrorResponse.parse(JSON.parse(a.body)).error.code).toBe("request_too_large");
    expect(tableCounts(tg.dbFile)).toEqual(before);
    await expectHealthy();
  });

  it.each([
    ["events not an array", { events: { a: 1 } }, "events"],
    ["events a string", { events: "[]" }, "events"],
    ["no events", { nope: [] }, "events"],
    ["an empty events array", { events: [] }, "events"],
  ])("%s answers 400 naming events", async (_label, body, field) => {
    const before = tableCounts(tg.dbFile);
    expectError(await ingest(body), 400, field);
    expect(tableCounts(tg.dbFile)).toEqual(before);
  });

  it.each([
    ["an array", "[]"],
    ["null", "null"],
    ["invalid JSON", '{"events": ['],
    ["empty", ""],
  ])("a body that is %s answers 400", async (_label, text) => {
    const before = tableCounts(tg.dbFile);
    const a = await call(server(), "/api/v1/ingest", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: text,
    });
    expectError(a, 400);
    expect(tableCounts(tg.dbFile)).toEqual(before);
  });

  it("needs a key", async () => {
    const res = await fetch(`${server().url}/api/v1/ingest`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ events: [event("x", thought(1, 1))] }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(
      /^Bearer error="invalid_token", error_description="A valid API key is required/,
    );
  });
});

/** A 4.5 MiB ingest batch of valid-looking events. */
function oversizedBatch(): string {
  const sessionId = unique("ingest-too-big");
  const events = Array.from({ length: 45 }, (_, i) =>
    event(unique(`huge${i}`), { ...thought(i + 1, 45, { sessionId }), thought: "z".repeat(100_000) }),
  );
  const text = JSON.stringify({ events });
  expect(Buffer.byteLength(text)).toBeGreaterThan(4 * MiB);
  return text;
}

async function expectHealthy() {
  const health = await fetch(`${server().url}/api/health`);
  expect(health.status).toBe(200);
  const r = results(await ingest({ events: [event(unique("after"), thought(1, 1, { sessionId: unique("after") }))] }));
  expect(r[0]!.status).toBe(201);
}
