// The stdio bridge (`thoughtgraph mcp`, spawned by the v1 client as Claude Desktop would): logs only to stderr,
// forwards the MCP client's name, and when the server is down or the key is missing every call is a tool error that
// says what to do.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, bridge, newApiKey, ok, uniqueKey, type McpConnection } from "./support";

async function unusedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

describe("with the server up", () => {
  let key: string;
  let mcp: McpConnection;
  beforeAll(async () => {
    key = await newApiKey("stdio");
    mcp = await bridge(key, undefined, "stdio-client-name");
  });
  afterAll(async () => {
    await mcp?.close();
  });

  it("logs to stderr only (stdout carries nothing but the protocol, or the client could not parse it)", async () => {
    ok(await mcp.callTool("think", { thought: "hello over stdio", sessionId: uniqueKey("stdio") }));
    expect(mcp.stderr()).toContain("[thoughtgraph] MCP bridge on stdio, forwarding to http://127.0.0.1:");
  });

  it("records the MCP client's name, so sessions are told apart per client as over HTTP", async () => {
    const sessionId = uniqueKey("stdio-client");
    const seq = ok(
      await mcp.callTool("sequentialthinking", {
        thought: "a",
        thoughtNumber: 1,
        totalThoughts: 2,
        nextThoughtNeeded: true,
        sessionId,
      }),
    );
    const think = ok(await mcp.callTool("think", { thought: "b" }));
    const graph = (await (await api(key, `/api/v1/sessions/${String(seq.sessionId)}`)).json()) as {
      session: { client: string | null };
    };
    expect(graph.session.client).toBe("stdio-client-name");
    // think without a session joins this client's most recent active session: the one just written to.
    expect(think.session_id).toBe(seq.sessionId);
  });

  it("forwards revise, read and clear", async () => {
    const sessionId = uniqueKey("stdio-ops");
    const first = ok(await mcp.callTool("think", { thought: "draft", sessionId }));
    const revised = ok(await mcp.callTool("revise_thought", { thought_id: first.thought_id, thought: "final" }));
    expect(revised.thought).toMatchObject({ text: "final", version: 2 });
    const read = ok(await mcp.callTool("get_thinking_session", { sessionId, format: "context" }));
    expect(read.context).toContain("final");
    expect(ok(await mcp.callTool("clear_thinking_session", { sessionId }))).toMatchObject({ status: "cleared" });
    const unknown = await mcp.callTool("revise_thought", { thought_id: "no-such-thought", thought: "x" });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toContain("thought_id");
  });
});

describe("with the server down", () => {
  it("answers every call with a tool error that says it is unreachable and how to start it", async () => {
    const url = `http://127.0.0.1:${await unusedPort()}`;
    const mcp = await bridge("tg_any_key", url);
    try {
      expect((await mcp.listTools()).length).toBe(5);
      for (const [name, args] of [
        ["sequentialthinking", { thought: "x", thoughtNumber: 1, totalThoughts: 1, nextThoughtNeeded: false }],
        ["think", { thought: "x" }],
        ["get_thinking_session", {}],
      ] as const) {
        const r = await mcp.callTool(name, args);
        expect(r.isError, name).toBe(true);
        expect(r.text).toContain(`thoughtgraph is not reachable at ${url}`);
        expect(r.text).toContain("npm start");
        expect(r.text).toContain("THOUGHTGRAPH_URL");
      }
      expect(mcp.stderr()).toContain("warning: thoughtgraph is not reachable");
    } finally {
      await mcp.close();
    }
  });
});

describe("without an API key", () => {
  it("answers with a tool error naming THOUGHTGRAPH_API_KEY", async () => {
    const mcp = await bridge(null);
    try {
      const r = await mcp.callTool("think", { thought: "x" });
      expect(r.isError).toBe(true);
      expect(r.text).toContain("THOUGHTGRAPH_API_KEY");
      expect(mcp.stderr()).toContain("THOUGHTGRAPH_API_KEY is not set");
    } finally {
      await mcp.close();
    }
  });
});
