// Every route of the route table (server/http/route-table.ts), called with a valid request against the real
// production server, answers a status it declares and a body that matches the zod schema declared for that status;
// once through the fast path and once through Next's catch-all (THOUGHTGRAPH_FAST_API=0). A new route must add its
// sample request here, or the first test fails.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ZErrorResponse } from "@/lib/contracts/errors";
import { THOUGHTMCP_TOOLS } from "@/sdk/src/mcp/thoughtmcp/definitions";
import { ROUTES, type RouteDeclaration } from "@/server/http/route-table";
import {
  call,
  record,
  startSqliteServer,
  thought,
  unique,
  type Answer,
  type SqliteServer,
} from "@/test/support/api-client";
import { createAdminKey, TEST_SECRET_KEY } from "@/test/support/judges";
import { startModelServer, type ModelServer } from "@/scripts/lib/model-server";
import { logsJson, spanIdOf, traceIdOf, tracesJson } from "@/scripts/lib/otlp-requests";

interface Sample {
  path: string;
  json?: unknown;
  headers?: Record<string, string>;
  /** Keeps what a later sample needs from this answer (a created id). */
  remember?: (body: unknown) => void;
}

/** What the judges' samples pass along: the admin key, the model server and the ids they create. */
interface JudgeContext {
  admin: string;
  modelUrl: string;
  connectionId: string;
  judgeId: string;
  runId: string;
  configId: string;
  /** A session of its own: the main samples clear theirs before the judges' run. */
  session: string;
}

/** Samples of the judges' routes (admin scope), in an order where each finds what the earlier ones made. */
function judgeSamples(c: JudgeContext): Record<string, () => Sample> {
  const session = c.session;
  const headers = () => ({ authorization: `Bearer ${c.admin}` });
  const idOf = (key: "connectionId" | "judgeId" | "runId") => (body: unknown) => {
    c[key] = (body as { id?: string; runId?: string }).id ?? (body as { runId: string }).runId;
  };
  return {
    "GET /api/v1/model-connections": () => ({ path: "/api/v1/model-connections", headers: headers() }),
    "POST /api/v1/model-connections": () => ({
      path: "/api/v1/model-connections",
      headers: headers(),
      json: { name: unique("local"), provider: "openai-compatible", baseUrl: c.modelUrl, allowPrivateNetwork: true },
      remember: idOf("connectionId"),
    }),
    "PATCH /api/v1/model-connections/{id}": () => ({
      path: `/api/v1/model-connections/${c.connectionId}`,
      headers: headers(),
      json: { maxConcurrency: 2 },
    }),
    "POST /api/v1/model-connections/{id}/test": () => ({
      path: `/api/v1/model-connections/${c.connectionId}/test`,
      headers: headers(),
    }),
    "GET /api/v1/judges": () => ({ path: "/api/v1/judges", headers: headers() }),
    "POST /api/v1/judges": () => ({
      path: "/api/v1/judges",
      headers: headers(),
      json: {
        name: unique("judge"),
        connectionId: c.connectionId,
        model: "judge-small",
        scoreConfigId: c.configId,
        target: "session",
      },
      remember: idOf("judgeId"),
    }),
    "GET /api/v1/judges/{id}": () => ({ path: `/api/v1/judges/${c.judgeId}`, headers: headers() }),
    "PATCH /api/v1/judges/{id}": () => ({
      path: `/api/v1/judges/${c.judgeId}`,
      headers: headers(),
      json: { model: "judge-large" },
    }),
    "POST /api/v1/judges/{id}/preview": () => ({
      path: `/api/v1/judges/${c.judgeId}/preview`,
      headers: headers(),
      json: { sessionId: session },
    }),
    "POST /api/v1/judges/{id}/estimate": () => ({
      path: `/api/v1/judges/${c.judgeId}/estimate`,
      headers: headers(),
      json: { sessionId: session },
    }),
    "POST /api/v1/judges/{id}/runs": () => ({
      path: `/api/v1/judges/${c.judgeId}/runs`,
      headers: headers(),
      json: { sessionId: session },
      remember: idOf("runId"),
    }),
    "GET /api/v1/judge-runs": () => ({ path: "/api/v1/judge-runs?limit=5", headers: headers() }),
    "GET /api/v1/judge-runs/{id}": () => ({ path: `/api/v1/judge-runs/${c.runId}`, headers: headers() }),
    "POST /api/v1/judge-runs/{id}/cancel": () => ({ path: `/api/v1/judge-runs/${c.runId}/cancel`, headers: headers() }),
    "GET /api/v1/judge-settings": () => ({ path: "/api/v1/judge-settings", headers: headers() }),
    "PATCH /api/v1/judge-settings": () => ({
      path: "/api/v1/judge-settings",
      headers: headers(),
      json: { dailyCallLimit: 1000 },
    }),
    "DELETE /api/v1/judges/{id}": () => ({ path: `/api/v1/judges/${c.judgeId}`, headers: headers() }),
    "DELETE /api/v1/model-connections/{id}": () => ({
      path: `/api/v1/model-connections/${c.connectionId}`,
      headers: headers(),
    }),
  };
}

/** One valid request per route, in an order where each finds what the earlier ones made (import after export). */
function samples(session: string, client: string, config: string, judges: JudgeContext): Record<string, () => Sample> {
  const thought = { thought: "a route-table thought", thoughtNumber: 1, totalThoughts: 2, nextThoughtNeeded: true };
  return {
    "POST /api/v1/thoughts": () => ({ path: "/api/v1/thoughts", json: { ...thought, sessionId: session } }),
    "POST /api/v1/ingest": () => ({
      path: "/api/v1/ingest",
      json: { events: [{ id: unique("ev"), type: "thought", body: { ...thought, sessionId: unique("ingest") } }] },
    }),
    "GET /api/v1/sessions": () => ({ path: "/api/v1/sessions?limit=5" }),
    "GET /api/v1/sessions/{id}": () => ({ path: `/api/v1/sessions/${encodeURIComponent(session)}` }),
    "GET /api/v1/sessions/{id}/export": () => ({ path: `/api/v1/sessions/${encodeURIComponent(session)}/export` }),
    "GET /api/v1/sessions/export": () => ({ path: "/api/v1/sessions/export?format=csv&status=active" }),
    "POST /api/v1/sessions/import": () => ({ path: "/api/v1/sessions/import" }), // sends the export back
    "GET /api/v1/openapi.json": () => ({ path: "/api/v1/openapi.json" }),
    "POST /api/v1/think": () => ({
      path: "/api/v1/think",
      json: { thought: "thinking" },
      headers: { "x-thoughtgraph-client": client },
    }),
    "POST /api/v1/thoughts/{id}/revise": () => ({
      path: "/api/v1/thoughts/1/revise",
      json: { sessionId: session, thought: "revised" },
    }),
    "GET /api/v1/sessions/{id}/context": () => ({
      path: "/api/v1/sessions/current/context",
      headers: { "x-thoughtgraph-client": client },
    }),
    "POST /api/v1/sessions/{id}/clear": () => ({
      path: "/api/v1/sessions/current/clear",
      headers: { "x-thoughtgraph-client": client },
    }),
    "GET /api/v1/score-configs": () => ({ path: "/api/v1/score-configs" }),
    "POST /api/v1/score-configs": () => ({
      path: "/api/v1/score-configs",
      json: { name: config, type: "numeric", min: 1, max: 5, step: 1 },
      remember: (body) => {
        judges.configId = (body as { id: string }).id;
      },
    }),
    "POST /api/v1/scores": () => ({ path: "/api/v1/scores", json: { sessionId: session, name: config, value: 4 } }),
    "GET /api/v1/search": () => ({ path: "/api/v1/search?q=route-table%20AND%20thought" }),
    "POST /api/v1/import/transcript": () => ({
      path: `/api/v1/import/transcript?format=openai-chat&name=${unique("route-table")}`,
      json: {
        messages: [
          { role: "user", content: "a route-table question" },
          { role: "assistant", content: "a route-table answer" },
        ],
      },
    }),
    "POST /api/v1/otel/v1/traces": () => ({
      path: "/api/v1/otel/v1/traces",
      json: tracesJson([
        {
          traceId: traceIdOf(0x7a),
          spanId: spanIdOf(1),
          name: "chat m",
          start: "1767225600000000000",
          attributes: {
            "gen_ai.operation.name": "chat",
            "gen_ai.conversation.id": unique("otel"),
            "gen_ai.output.messages": JSON.stringify([{ role: "assistant", parts: [{ type: "text", content: "hi" }] }]),
          },
        },
      ]),
    }),
    "POST /api/v1/otel/v1/logs": () => ({
      path: "/api/v1/otel/v1/logs",
      json: logsJson([{ time: "1767225600000000000", eventName: "gen_ai.user.message", body: { content: "hello" } }]),
    }),
    "GET /api/health": () => ({ path: "/api/health" }),
    ...judgeSamples(judges),
    // ThoughtMCP's tools: each definition carries its example request.
    ...Object.fromEntries(
      THOUGHTMCP_TOOLS.map((tool) => [
        `POST /api/v1/thoughtmcp/${tool.name}`,
        () => ({ path: `/api/v1/thoughtmcp/${tool.name}`, json: tool.example }),
      ]),
    ),
  };
}

const key = (r: RouteDeclaration) => `${r.method} ${r.path}`;

function checkAgainstDeclaration(route: RouteDeclaration, a: Answer) {
  const declared = route.responses[a.status];
  expect(
    declared,
    `${key(route)} answered ${a.status}, which it does not declare: ${a.text.slice(0, 300)}`,
  ).toBeTruthy();
  if (!declared) return;
  const contentType = a.headers.get("content-type") ?? "";
  if (declared.markdown && contentType.startsWith("text/markdown")) return;
  if (declared.csv && contentType.startsWith("text/csv")) return;
  const schema = declared.schema ?? (a.status >= 400 ? ZErrorResponse : undefined);
  if (!schema) return;
  const parsed = schema.safeParse(a.body);
  expect(parsed.success, `${key(route)} ${a.status}: ${parsed.error?.message ?? ""}`).toBe(true);
}

for (const [label, env] of [
  ["fast path", undefined],
  ["Next catch-all (THOUGHTGRAPH_FAST_API=0)", { THOUGHTGRAPH_FAST_API: "0" }],
] as const) {
  describe(`every route answers what it declares, through the ${label}`, () => {
    let tg: SqliteServer;
    let model: ModelServer;
    const judges: JudgeContext = {
      admin: "",
      modelUrl: "",
      connectionId: "",
      judgeId: "",
      runId: "",
      configId: "",
      session: unique("route-table-judged"),
    };
    beforeAll(async () => {
      // The judges' routes call a model: the test model server stands in for one (no real model runs here).
      model = await startModelServer(() => ({
        answer: { value: 3, rationale: "fine", confidence: 1 },
        latencyMs: 200,
      }));
      tg = await startSqliteServer("route-table", { ...env, THOUGHTGRAPH_SECRET_KEY: TEST_SECRET_KEY });
      judges.admin = await createAdminKey(tg.databaseUrl);
      judges.modelUrl = model.url;
      await record(tg.server, { ...thought(1, 1), sessionId: judges.session });
    }, 120_000);
    afterAll(async () => {
      await tg?.server.stop();
      await model?.close();
    });

    it("has a sample request for every declared route, and each answer matches its schema", async () => {
      const session = unique("route-table");
      const table = samples(session, unique("client"), unique("rubric"), judges);
      expect(Object.keys(table).sort()).toEqual(ROUTES.map(key).sort());
      const byKey = new Map(ROUTES.map((r) => [key(r), r]));
      let exported: unknown;
      for (const [k, make] of Object.entries(table)) {
        const route = byKey.get(k)!;
        const sample = make();
        const json = route.path === "/api/v1/sessions/import" ? exported : sample.json;
        const a = await call(tg.server, sample.path, {
          method: route.method,
          ...(json === undefined ? {} : { json }),
          ...(sample.headers ? { headers: sample.headers } : {}),
        });
        // A ThoughtMCP example may name a memory an empty project lacks (the seed's "mem-abc123"): its declared 404
        // envelope is the valid answer there (checked against the declaration below).
        const ceiling = route.path.startsWith("/api/v1/thoughtmcp/") ? 500 : 300;
        expect(a.status, `${key(route)}: ${a.text.slice(0, 300)}`).toBeLessThan(ceiling);
        checkAgainstDeclaration(route, a);
        sample.remember?.(a.body);
        if (route.path === "/api/v1/sessions/{id}/export") exported = a.body;
      }
    });
  });
}
