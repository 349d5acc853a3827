// A session recorded over MCP names its agent: the client's clientInfo (name/version, from `initialize` or from a
// 2026-07-28 request's envelope) when the arguments name none, through both HTTP endpoints' stateless servers (a
// tools/call after initialize reaches a fresh server that never saw the initialize), the v2 client on either protocol
// and the stdio bridge, for sessions begun with `sequentialthinking` or `think`; an agent named in the arguments wins.
// Checked on the stored session (GET /api/v1/sessions/{id}).
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ZSessionGraph } from "@/lib/contracts/session";
import { api, bridge, bridgeModern, newApiKey, v1Http, v2Http, type McpConnection } from "./support";

let key: string;
const open: McpConnection[] = [];

beforeAll(async () => {
  key = await newApiKey("client-agent");
});

afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
});

async function connect(make: Promise<McpConnection>): Promise<McpConnection> {
  const c = await make;
  open.push(c);
  return c;
}

async function sessionOf(c: McpConnection, extra: Record<string, unknown> = {}) {
  const r = await c.callTool("sequentialthinking", {
    thought: "Which cache misses?",
    thoughtNumber: 1,
    totalThoughts: 2,
    nextThoughtNeeded: true,
    ...extra,
  });
  expect(r.isError, r.text).toBe(false);
  const id = r.structuredContent!.sessionId as string;
  const res = await api(key, `/api/v1/sessions/${id}`);
  expect(res.status).toBe(200);
  return ZSessionGraph.parse(await res.json()).session;
}

describe.each([
  ["the v1 client over HTTP (2025, stateless)", (name: string) => v1Http(key, name)],
  ["the v2 client over HTTP (2025)", (name: string) => v2Http(key, false, name)],
  ["the v2 client over HTTP (2026-07-28)", (name: string) => v2Http(key, true, name)],
  ["the stdio bridge (v1 client)", (name: string) => bridge(key, undefined, name)],
  ["the stdio bridge (2026-07-28)", (name: string) => bridgeModern(key, name)],
] as const)("%s", (_, make) => {
  it("records the client's name/version as the session's agent", async () => {
    const name = `agent-${Math.random().toString(36).slice(2, 8)}`;
    const c = await connect(make(name));
    const session = await sessionOf(c);
    expect(session.agent).toBe(`${name}/1.0.0`);
    expect(session.client).toBe(name);
  });

  it("names the agent of a session begun with `think` too", async () => {
    const name = `thinker-${Math.random().toString(36).slice(2, 8)}`;
    const c = await connect(make(name));
    const r = await c.callTool("think", { thought: "Which cache misses?" });
    expect(r.isError, r.text).toBe(false);
    const id = r.structuredContent!.session_id as string;
    const res = await api(key, `/api/v1/sessions/${id}`);
    expect(res.status).toBe(200);
    const session = ZSessionGraph.parse(await res.json()).session;
    expect(session.agent).toBe(`${name}/1.0.0`);
  });

  it("keeps the agent the arguments name", async () => {
    const c = await connect(make(`named-${Math.random().toString(36).slice(2, 8)}`));
    const session = await sessionOf(c, { metadata: { agent: "planner", model: "m-1" } });
    expect([session.agent, session.model]).toEqual(["planner", "m-1"]);
  });
});

describe("the session id that carries clientInfo on a stateless server", () => {
  it("is sent on initialize and names nobody when forged into nonsense", async () => {
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw-client", version: "9.9" } },
    };
    const accept = { accept: "application/json, text/event-stream" };
    const res = await api(key, "/api/mcp", { method: "POST", json: initialize, headers: accept });
    expect(res.status).toBe(200);
    const session = res.headers.get("mcp-session-id");
    expect(session).toMatch(/^[\x21-\x7e]+$/);
    await res.text();

    const call = (sessionId: string) =>
      api(key, "/api/mcp", {
        method: "POST",
        headers: { ...accept, "mcp-session-id": sessionId, "mcp-protocol-version": "2025-06-18" },
        json: {
          jsonrpc: "2.0",
          id: 2,
          method: "tools/call",
          params: {
            name: "sequentialthinking",
            arguments: { thought: "raw", thoughtNumber: 1, totalThoughts: 1, nextThoughtNeeded: false },
          },
        },
      });
    const text = await (await call(session!)).text();
    const sessionId = /"sessionId":\s*"([^"]+)"/.exec(text.replace(/\\"/g, '"'))![1]!;
    const stored = ZSessionGraph.parse(await (await api(key, `/api/v1/sessions/${sessionId}`)).json()).session;
    expect(stored.agent).toBe("raw-client/9.9");

    const forged = await call("tg-client.not-base64-json");
    expect(forged.status).toBe(200);
    const forgedText = await forged.text();
    const forgedId = /"sessionId":\s*"([^"]+)"/.exec(forgedText.replace(/\\"/g, '"'))![1]!;
    const unnamed = ZSessionGraph.parse(await (await api(key, `/api/v1/sessions/${forgedId}`)).json()).session;
    expect(unnamed.agent).toBeNull();
  });
});
