// The agent tools on REST, for agents without MCP: POST /api/v1/think, POST /api/v1/thoughts/{id}/revise,
// GET /api/v1/sessions/{id}/context and POST /api/v1/sessions/{id}/clear — served by the production fast path, and by
// the Next route files when the fast path is off.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZErrorResponse } from "@/lib/contracts/errors";
import { ZClearSessionResult, ZGetSessionResult, ZReviseResult, ZThinkResult } from "@/lib/contracts/tools";
import { startServer, type RunningServer } from "@/scripts/lib/server-process";
import { freshSqliteUrl } from "@/test/support/sqlite-file";
import { api, newApiKey, server, uniqueKey } from "./support";

let key: string;
beforeAll(async () => {
  key = await newApiKey("rest");
});

const post = (route: string, json: unknown, headers: Record<string, string> = {}) =>
  api(key, route, { method: "POST", json, headers });

async function errorOf(res: Response, status: number) {
  expect(res.status).toBe(status);
  return ZErrorResponse.parse(await res.json()).error;
}

describe("POST /api/v1/think", () => {
  it("appends a thought and answers 201 with seed 004's fields", async () => {
    const sessionId = uniqueKey("rest-think");
    const res = await post("/api/v1/think", { thought: "plan the refund", sessionId });
    expect(res.status).toBe(201);
    const body = ZThinkResult.parse(await res.json());
    expect(body).toMatchObject({ status: "success", step: 1, thought: "plan the refund", context_size: 1 });
    const second = ZThinkResult.parse(
      await (await post("/api/v1/think", { thought: "verify", session_id: sessionId })).json(),
    );
    expect(second).toMatchObject({ step: 2, session_id: body.session_id });
  });

  it("rejects an empty or missing thought naming the field; 401 without a key", async () => {
    expect(await errorOf(await post("/api/v1/think", { thought: "" }), 400)).toMatchObject({ field: "thought" });
    expect(await errorOf(await post("/api/v1/think", {}), 400)).toMatchObject({ field: "thought" });
    const res = await fetch(`${server().url}/api/v1/think`, { method: "POST", body: "{}" });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(
      /^Bearer error="invalid_token", error_description="A valid API key is required/,
    );
  });

  it("refuses a read-only key with 403", async () => {
    const reader = await newApiKey("rest-reader", "read");
    const res = await api(reader, "/api/v1/think", { method: "POST", json: { thought: "x" } });
    expect(await errorOf(res, 403)).toMatchObject({ code: "forbidden" });
  });
});

describe("POST /api/v1/thoughts/{id}/revise", () => {
  it("edits by id, keeping the previous version", async () => {
    const t = ZThinkResult.parse(
      await (await post("/api/v1/think", { thought: "v1", sessionId: uniqueKey("rest-rev") })).json(),
    );
    const res = await post(`/api/v1/thoughts/${t.thought_id}/revise`, {
      thought: "v2",
      stage: "Analysis",
      is_revision: true,
    });
    expect(res.status).toBe(200);
    const body = ZReviseResult.parse(await res.json());
    expect(body).toMatchObject({
      previousVersion: 1,
      thought: { text: "v2", version: 2, stage: "Analysis", isRevision: true },
    });
    expect(body.changed).toEqual(expect.arrayContaining(["text", "stage", "isRevision"]));
  });

  it("edits by thought number within a session; the path's id wins over one in the body", async () => {
    const sessionId = uniqueKey("rest-rev-n");
    await post("/api/v1/thoughts", {
      thought: "one",
      thoughtNumber: 1,
      totalThoughts: 2,
      nextThoughtNeeded: true,
      sessionId,
    });
    await post("/api/v1/thoughts", {
      thought: "two",
      thoughtNumber: 2,
      totalThoughts: 2,
      nextThoughtNeeded: false,
      sessionId,
    });
    const res = await post("/api/v1/thoughts/2/revise", { sessionId, thought_id: 1, thought: "two, revised" });
    expect(ZReviseResult.parse(await res.json()).thought).toMatchObject({ thoughtNumber: 2, text: "two, revised" });
  });

  it("answers 404 for an unknown thought and 400 for a body that is not an object", async () => {
    expect(await errorOf(await post("/api/v1/thoughts/nope/revise", { thought: "x" }), 404)).toMatchObject({
      code: "not_found",
      field: "thought_id",
    });
    expect(await errorOf(await post("/api/v1/thoughts/nope/revise", ["x"]), 400)).toMatchObject({ field: "body" });
  });
});

describe("GET /api/v1/sessions/{id}/context and POST /api/v1/sessions/{id}/clear", () => {
  it("reads history or formatted context with a limit, by key, id or `current`", async () => {
    const sessionId = uniqueKey("rest-ctx");
    const client = { "x-thoughtgraph-client": `rest-client-${sessionId}` };
    for (const n of [1, 2, 3]) await post("/api/v1/think", { thought: `step ${n}`, sessionId }, client);
    const history = ZGetSessionResult.parse(
      await (await api(key, `/api/v1/sessions/${sessionId}/context?limit=2`)).json(),
    );
    expect(history.thoughts!.map((t) => t.thought)).toEqual(["step 2", "step 3"]);
    const context = ZGetSessionResult.parse(
      await (await api(key, `/api/v1/sessions/${history.sessionId}/context?format=context`)).json(),
    );
    expect(context.context).toContain("Step 3 (");
    const current = ZGetSessionResult.parse(
      await (await api(key, "/api/v1/sessions/current/context", { headers: client })).json(),
    );
    expect(current.sessionId).toBe(history.sessionId);
    expect(await errorOf(await api(key, `/api/v1/sessions/${sessionId}/context?format=xml`), 400)).toMatchObject({
      field: "format",
    });
    expect(await errorOf(await api(key, "/api/v1/sessions/nope/context"), 404)).toMatchObject({ code: "not_found" });
  });

  it("clears a session; the same key then names a new one", async () => {
    const sessionId = uniqueKey("rest-clear");
    const first = ZThinkResult.parse(await (await post("/api/v1/think", { thought: "a", sessionId })).json());
    const res = await api(key, `/api/v1/sessions/${sessionId}/clear`, { method: "POST" });
    expect(ZClearSessionResult.parse(await res.json())).toEqual({
      sessionId: first.session_id,
      status: "cleared",
      thoughtCount: 1,
    });
    const next = ZThinkResult.parse(await (await post("/api/v1/think", { thought: "b", sessionId })).json());
    expect(next.session_id).not.toBe(first.session_id);
    expect(next.step).toBe(1);
  });
});

describe("the OpenAPI document", () => {
  it("lists the four routes", async () => {
    const doc = (await (await api(key, "/api/v1/openapi.json")).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/v1/think",
        "/api/v1/thoughts/{id}/revise",
        "/api/v1/sessions/{id}/context",
        "/api/v1/sessions/{id}/clear",
      ]),
    );
  });
});

describe("through the Next route files (THOUGHTGRAPH_FAST_API=0)", () => {
  let next: RunningServer;
  beforeAll(async () => {
    next = await startServer({ databaseUrl: freshSqliteUrl("rest-next"), env: { THOUGHTGRAPH_FAST_API: "0" } });
  });
  afterAll(async () => {
    // SIGTERM would wait for this process's kept-alive sockets to time out (65 s); the database is throwaway.
    await next?.kill9();
  });

  it("serves the same routes with the same answers", async () => {
    const call = (route: string, init: RequestInit = {}) =>
      fetch(next.url + route, {
        ...init,
        headers: { authorization: `Bearer ${next.apiKey}`, "content-type": "application/json", ...init.headers },
      });
    const sessionId = uniqueKey("rest-next");
    const thought = await call("/api/v1/think", {
      method: "POST",
      body: JSON.stringify({ thought: "via Next", sessionId }),
    });
    expect(thought.status).toBe(201);
    const t = ZThinkResult.parse(await thought.json());
    const revised = await call(`/api/v1/thoughts/${t.thought_id}/revise`, {
      method: "POST",
      body: JSON.stringify({ thought: "via Next, revised" }),
    });
    expect(ZReviseResult.parse(await revised.json()).thought.text).toBe("via Next, revised");
    const ctx = ZGetSessionResult.parse(await (await call(`/api/v1/sessions/${sessionId}/context`)).json());
    expect(ctx.thoughts!.map((x) => x.thought)).toEqual(["via Next, revised"]);
    const cleared = await call(`/api/v1/sessions/${sessionId}/clear`, { method: "POST" });
    expect(ZClearSessionResult.parse(await cleared.json()).status).toBe("cleared");
    const wrong = await call("/api/v1/think");
    expect(wrong.status).toBe(405);
  });
});
