// ThoughtMCP's tool set through each of its doors against the production server: MCP over HTTP at
// /api/mcp/thoughtmcp (the v1 SDK client), the stdio bridge with `--toolset thoughtmcp`, and the REST routes
// POST /api/v1/thoughtmcp/{tool}. The tools themselves are tested beside this file; here, that every door lists the
// same tools, answers the seed's envelope on success and on failure, and keeps thoughtgraph's own tools apart.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZAnyEnvelope } from "@/lib/thoughtmcp/envelope";
import { THOUGHTMCP_TOOLS } from "@/sdk/src/mcp/thoughtmcp/definitions";
import { api, bridge, newApiKey, server, v1Http, type McpConnection } from "./support";

const EXCITED = { text: "I'm really excited about this new project! It's going to be amazing!", includeDiscrete: true };

let key: string;
let readKey: string;
const doors: McpConnection[] = [];

beforeAll(async () => {
  key = await newApiKey("thoughtmcp-doors");
  readKey = await newApiKey("thoughtmcp-doors-read", "read");
  doors.push(await v1Http(key, "thoughtmcp-http", "/api/mcp/thoughtmcp"));
  doors.push(await bridge(key, server().url, "thoughtmcp-stdio", ["--toolset", "thoughtmcp"]));
});

afterAll(async () => {
  await Promise.all(doors.map((d) => d.close()));
});

describe.each([0, 1])("ThoughtMCP over MCP (door %i)", (i) => {
  it("lists exactly ThoughtMCP's tools, each field with one JSON type", async () => {
    const tools = await doors[i]!.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(THOUGHTMCP_TOOLS.map((t) => t.name).sort());
    for (const tool of tools) {
      for (const [field, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
        expect(Array.isArray(schema.type), `${tool.name}.${field} has a type union`).toBe(false);
      }
    }
  });

  it("answers detect_emotion in the seed's envelope, naming the method", async () => {
    const r = await doors[i]!.callTool("detect_emotion", EXCITED);
    expect(r.isError).toBe(false);
    const envelope = ZAnyEnvelope.parse(r.structuredContent);
    expect(JSON.parse(r.text)).toEqual(r.structuredContent);
    if (!envelope.success) throw new Error(envelope.error);
    const data = envelope.data as { circumplex: { valence: number }; discrete: { primary: string } };
    expect(data.circumplex.valence).toBeGreaterThan(0.3);
    expect(data.discrete.primary).toBe("joy");
    expect(envelope.metadata.componentsUsed).toContain("lexicon");
  });

  it("answers a bad argument with the failure envelope naming the field", async () => {
    const r = await doors[i]!.callTool("detect_emotion", { text: "fine", includeDiscrete: "perhaps" });
    expect(r.isError).toBe(true);
    const envelope = ZAnyEnvelope.parse(r.structuredContent);
    expect(envelope).toMatchObject({ success: false, code: "validation_error", field: "includeDiscrete" });
    if (envelope.success) throw new Error("expected a failure");
    expect(envelope.suggestion).toBeTruthy();
  });
});

describe("ThoughtMCP over REST", () => {
  it("answers the envelope with 200, and a bad argument with 400 and the field", async () => {
    const good = await api(key, "/api/v1/thoughtmcp/detect_emotion", { method: "POST", json: EXCITED });
    expect(good.status).toBe(200);
    expect(ZAnyEnvelope.parse(await good.json())).toMatchObject({ success: true });

    const bad = await api(key, "/api/v1/thoughtmcp/detect_emotion", { method: "POST", json: { context: "x" } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false, code: "validation_error", field: "text" });
  });

  it("lets a read-only key call a tool that writes nothing", async () => {
    const r = await api(readKey, "/api/v1/thoughtmcp/detect_emotion", { method: "POST", json: EXCITED });
    expect(r.status).toBe(200);
  });

  it("refuses a missing key and an unknown tool with thoughtgraph's JSON errors", async () => {
    const anonymous = await fetch(`${server().url}/api/v1/thoughtmcp/detect_emotion`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(EXCITED),
    });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { code: "unauthorized" } });

    const unknown = await api(key, "/api/v1/thoughtmcp/no_such_tool", { method: "POST", json: {} });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: "not_found" } });
  });

  it("documents every tool's route in the OpenAPI document", async () => {
    const doc = (await (await api(key, "/api/v1/openapi.json")).json()) as { paths: Record<string, unknown> };
    for (const tool of THOUGHTMCP_TOOLS) expect(doc.paths).toHaveProperty(`/api/v1/thoughtmcp/${tool.name}`);
  });
});

describe("the endpoints stay apart", () => {
  it("keeps ThoughtMCP's tools off /api/mcp and thoughtgraph's off /api/mcp/thoughtmcp", async () => {
    const ours = await v1Http(key, "thoughtgraph-http");
    try {
      const names = (await ours.listTools()).map((t) => t.name);
      expect(names).toContain("sequentialthinking");
      expect(names).not.toContain("detect_emotion");
    } finally {
      await ours.close();
    }
    expect((await doors[0]!.listTools()).map((t) => t.name)).not.toContain("sequentialthinking");
  });

  it("checks the key and the Origin on /api/mcp/thoughtmcp as on /api/mcp", async () => {
    const init = {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    };
    const anonymous = await fetch(`${server().url}/api/mcp/thoughtmcp`, init);
    expect(anonymous.status).toBe(401);
    const foreign = await api(key, "/api/mcp/thoughtmcp", {
      ...init,
      headers: { ...init.headers, origin: "https://attacker.example" },
    });
    expect(foreign.status).toBe(403);
  });
});
