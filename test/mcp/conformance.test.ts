// The official server's behaviour cases and the coercion table, through real MCP clients against the built server:
// the v1 SDK client and the v2 client over Streamable HTTP (2025 protocol, and 2026-07-28 for v2), and both clients
// over stdio through the bridge (`thoughtgraph mcp`, which forwards to the same server over REST).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZThoughtResult } from "@/lib/contracts/thought";
import { BEHAVIOUR_CASES, COERCIONS_ACCEPTED, COERCIONS_REJECTED, patched } from "./cases";
import {
  api,
  bridge,
  bridgeModern,
  newApiKey,
  ok,
  officialPart,
  uniqueKey,
  v1Http,
  v2Http,
  type McpConnection,
} from "./support";

const DOORS: { name: string; open: (key: string) => Promise<McpConnection> }[] = [
  { name: "v1 client over HTTP (2025 protocol)", open: (key) => v1Http(key) },
  { name: "v2 client over HTTP (2025 protocol)", open: (key) => v2Http(key, false) },
  { name: "v2 client over HTTP (2026-07-28 protocol)", open: (key) => v2Http(key, true) },
  { name: "v1 client over stdio (the bridge)", open: (key) => bridge(key) },
  { name: "v2 client over stdio (the bridge, 2026-07-28 protocol)", open: (key) => bridgeModern(key) },
];

describe.each(DOORS)("$name", ({ name, open }) => {
  let key: string;
  let mcp: McpConnection;

  beforeAll(async () => {
    key = await newApiKey(`conformance ${name}`);
    mcp = await open(key);
  });
  afterAll(async () => {
    await mcp?.close();
  });

  it("lists the five tools, each with input and output schemas and truthful annotations", async () => {
    const tools = await mcp.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      "sequentialthinking",
      "think",
      "revise_thought",
      "get_thinking_session",
      "clear_thinking_session",
    ]);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe("object");
      // One JSON type per argument: Gemini refuses type unions such as ["boolean", "string"] (the doors still take
      // strings for numbers and booleans).
      for (const [name, prop] of Object.entries(tool.inputSchema.properties ?? {})) {
        expect(Array.isArray(prop.type), `${tool.name}.${name}`).toBe(false);
        expect(typeof prop.type, `${tool.name}.${name}`).toBe("string");
      }
      expect(tool.outputSchema).toMatchObject({ type: "object" });
      expect(tool.description!.length).toBeGreaterThan(200);
      const writes = tool.name !== "get_thinking_session";
      expect(tool.annotations).toMatchObject({ readOnlyHint: !writes, openWorldHint: false });
      if (writes) expect(tool.annotations).toMatchObject({ idempotentHint: false, destructiveHint: false });
    }
    const seq = tools[0]!;
    // The official server's required set (JSON Schema gives `required` no order; ours follows the field registry's).
    expect([...seq.inputSchema.required!].sort()).toEqual(
      ["thought", "nextThoughtNeeded", "thoughtNumber", "totalThoughts"].sort(),
    );
    // Seed 000's integer thought_id, or the id string as thoughtId: one of the two, so neither is required alone.
    const revise = tools.find((t) => t.name === "revise_thought")!.inputSchema;
    expect(revise.properties!.thought_id).toMatchObject({ type: "integer", minimum: 1 });
    expect(revise.properties!.thoughtId).toMatchObject({ type: "string" });
    expect(revise.required ?? []).toEqual([]);
  });

  describe.each(BEHAVIOUR_CASES)("behaviour case: $name", ({ calls, last }) => {
    it("answers the official fields in structuredContent and as JSON in content[0].text, plus ours", async () => {
      const sessionId = uniqueKey("case");
      let sc: Record<string, unknown> = {};
      for (const args of calls) sc = ok(await mcp.callTool("sequentialthinking", { ...args, sessionId }));
      expect(officialPart(sc)).toEqual(last);
      expect(ZThoughtResult.parse(sc)).toBeTruthy();
      expect(Object.keys(sc).slice(0, 5)).toEqual([
        "thoughtNumber",
        "totalThoughts",
        "nextThoughtNeeded",
        "branches",
        "thoughtHistoryLength",
      ]);
      expect(sc.should_continue).toBe(last.nextThoughtNeeded || sc.thoughtNumber !== sc.totalThoughts);
      expect(sc.stop_reason).toBe(sc.should_continue ? "next_thought_required" : "thought_sequence_complete");
      // The last call's text is the same object as JSON.
      const again = await mcp.callTool("sequentialthinking", { ...calls[calls.length - 1]!, sessionId });
      expect(JSON.parse(again.text)).toEqual(again.structuredContent);
    });
  });

  it.each(COERCIONS_ACCEPTED)("coercion: $name", async ({ patch, expect: fields }) => {
    const sc = ok(await mcp.callTool("sequentialthinking", { ...patched(patch), sessionId: uniqueKey("coerce") }));
    expect(sc).toMatchObject(fields);
  });

  it.each(COERCIONS_REJECTED)(
    "rejected: $name is a tool error naming $field and saying how to fix it",
    async ({ patch, field }) => {
      const r = await mcp.callTool("sequentialthinking", { ...patched(patch), sessionId: uniqueKey("reject") });
      expect(r.isError).toBe(true);
      expect(r.text).toContain(field);
      expect(r.text).toMatch(/How to fix: \S/);
      const details = JSON.parse(r.content[1]!.text!) as Record<string, unknown>;
      expect(details).toMatchObject({
        status: "failed",
        stop_reason: "validation_error",
        should_continue: false,
        error: { code: "validation_error", field },
      });
      expect(details.parameter_usage).toBeTruthy();
    },
  );

  it("accepts the snake_case spellings and null for an absent branch", async () => {
    const sc = ok(
      await mcp.callTool("sequentialthinking", {
        thought: "snake",
        thought_number: "2",
        total_thoughts: 3,
        next_thought_needed: "false",
        branch_from_thought: null,
        session_id: uniqueKey("snake"),
      }),
    );
    expect(officialPart(sc)).toEqual({
      thoughtNumber: 2,
      totalThoughts: 3,
      nextThoughtNeeded: false,
      branches: [],
      thoughtHistoryLength: 1,
    });
  });

  it("writes the same rows as the REST API for the same input", async () => {
    const sessionId = uniqueKey("rows");
    const sc = ok(
      await mcp.callTool("sequentialthinking", {
        thought: "same rows",
        thoughtNumber: 1,
        totalThoughts: 2,
        nextThoughtNeeded: true,
        sessionId,
        tags: ["t"],
        stage: "Analysis",
        score: "0.5",
      }),
    );
    const restKey = uniqueKey("rows-rest");
    const res = await api(key, "/api/v1/thoughts", {
      method: "POST",
      json: {
        thought: "same rows",
        thoughtNumber: 1,
        totalThoughts: 2,
        nextThoughtNeeded: true,
        sessionId: restKey,
        tags: ["t"],
        stage: "Analysis",
        score: "0.5",
      },
    });
    expect(res.status).toBe(201);
    const viaRest = (await res.json()) as { sessionId: string };
    const graph = async (id: string) => {
      const g = (await (await api(key, `/api/v1/sessions/${id}`)).json()) as { thoughts: Record<string, unknown>[] };
      const { id: _i, sessionId: _s, createdAt: _c, updatedAt: _u, metadata: _m, ...rest } = g.thoughts[0]!;
      return rest;
    };
    expect(await graph(sc.sessionId as string)).toEqual(await graph(viaRest.sessionId));
  });
});
