// LangChain's MCP adapters (@langchain/mcp-adapters) against the production server: they check a tool call's
// arguments against the schema the server advertises before sending it ("Received tool input did not match expected
// schema"), so code written for seed 000's revise_thought, which sends the integer `{"thought_id": 1}`, must pass that
// check, and so must the id string in `thoughtId`. Each advertised field has one JSON type.
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { newApiKey, server } from "./support";

let client: MultiServerMCPClient;
let tools: StructuredToolInterface[];

beforeAll(async () => {
  const key = await newApiKey("langchain-adapters");
  client = new MultiServerMCPClient({
    throwOnLoadError: true,
    prefixToolNameWithServerName: false,
    mcpServers: {
      thoughtgraph: {
        url: `${server().url}/api/mcp`,
        headers: { Authorization: `Bearer ${key}` },
        automaticSSEFallback: false,
      },
    },
  });
  tools = await client.getTools();
});

afterAll(async () => {
  await client?.close();
});

const tool = (name: string) => {
  const found = tools.find((t) => t.name === name);
  expect(found, `${name} is listed`).toBeTruthy();
  return found!;
};

/** A tool's answer as the adapters hand it over: a content block whose text is the result's JSON. */
async function invoke(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const out = (await tool(name).invoke(args)) as unknown;
  const blocks = (Array.isArray(out) ? out : [out]) as { text?: unknown }[];
  const text = typeof out === "string" ? out : blocks.find((b) => typeof b?.text === "string")?.text;
  expect(typeof text, JSON.stringify(out).slice(0, 300)).toBe("string");
  return JSON.parse(text as string) as Record<string, unknown>;
}

describe("revise_thought through LangChain's MCP adapters", () => {
  let sessionId: string;
  let secondId: string;

  beforeAll(async () => {
    const first = await invoke("sequentialthinking", {
      thought: "List the caches",
      thoughtNumber: 1,
      totalThoughts: 2,
      nextThoughtNeeded: true,
    });
    sessionId = first.sessionId as string;
    const second = await invoke("sequentialthinking", {
      thought: "Compare them",
      thoughtNumber: 2,
      totalThoughts: 2,
      nextThoughtNeeded: false,
      sessionId,
    });
    secondId = second.thoughtId as string;
  });

  it("takes seed 000's integer thought_id (the number within the session)", async () => {
    const r = await invoke("revise_thought", {
      thought_id: 1,
      session_id: sessionId,
      thought: "List the three caches",
    });
    expect(r.thought).toMatchObject({ thoughtNumber: 1, text: "List the three caches", version: 2 });
  });

  it("takes the id string in thoughtId", async () => {
    const r = await invoke("revise_thought", { thoughtId: secondId, thought: "Compare them by hit rate" });
    expect(r.thought).toMatchObject({ id: secondId, text: "Compare them by hit rate" });
  });

  it("advertises one JSON type per field: thought_id an integer, thoughtId a string", async () => {
    const listed = await client.getClient("thoughtgraph");
    const { tools: raw } = await listed!.listTools();
    const schema = raw.find((t) => t.name === "revise_thought")!.inputSchema as {
      properties: Record<string, { type?: unknown }>;
    };
    expect(schema.properties.thought_id!.type).toBe("integer");
    expect(schema.properties.thoughtId!.type).toBe("string");
    for (const [field, p] of Object.entries(schema.properties)) expect(typeof p.type, field).toBe("string");
  });

  it("still refuses a thought_id that is not a whole number, before it is sent", async () => {
    await expect(tool("revise_thought").invoke({ thought_id: "abc", thought: "x" })).rejects.toThrow(/schema/i);
  });
});
