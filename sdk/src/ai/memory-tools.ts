// Vercel AI SDK 6 tools for ThoughtMCP's memory operations: remember, recall, update_memory, forget and
// search, posting to thoughtgraph's REST routes (POST /api/v1/thoughtmcp/{tool}), so they go through the same services
// as the MCP tools and land in the same project. The model sees the MCP tools' descriptions and schemas
// (sdk/src/mcp/thoughtmcp/memory-definitions.ts); its arguments are checked with the same contracts before anything
// is sent, so a bad field comes back to the model as a tool-input error naming it. Each tool's output is ThoughtMCP's
// envelope, `{success, data | error, suggestion, metadata}`, failures (an unknown memoryId) included.
import { jsonSchema, tool, type JSONSchema7 } from "ai";

import { MEMORY_TOOLS, parseMemoryInput, type MemoryToolName } from "../../../lib/contracts/thoughtmcp-memory";
import { zEnvelope } from "../../../lib/thoughtmcp/envelope";
import { createThoughtgraphClient, type ThoughtgraphClientOptions } from "../client";
import { MEMORY_TOOL_DEFINITIONS } from "../mcp/thoughtmcp/memory-definitions";

const DEFAULT_CLIENT = "ai-sdk";

function memoryTool(name: MemoryToolName, api: ReturnType<typeof createThoughtgraphClient>) {
  const definition = MEMORY_TOOL_DEFINITIONS.find((d) => d.name === name);
  if (!definition) throw new Error(`No definition for the memory tool ${name}`);
  return tool({
    description: definition.description,
    inputSchema: jsonSchema<Record<string, unknown>>(definition.inputSchema as JSONSchema7, {
      validate: (value) => {
        const parsed = parseMemoryInput(name, value);
        if (parsed.ok) return { success: true as const, value: value as Record<string, unknown> };
        const { message, suggestion } = parsed.problem;
        return { success: false as const, error: new Error(suggestion ? `${message} ${suggestion}` : message) };
      },
    }),
    outputSchema: zEnvelope(MEMORY_TOOLS[name].result),
    execute: (input, { abortSignal }) =>
      api.callThoughtMcpTool(name, input, abortSignal ? { signal: abortSignal } : {}),
  });
}

/**
 * `createMemoryTools({ baseUrl, apiKey })`: ThoughtMCP's five memory tools for `generateText`/`streamText`, keyed by
 * their tool names: `{ remember, recall, update_memory, forget, search }`.
 */
export function createMemoryTools(options: ThoughtgraphClientOptions = {}) {
  const api = createThoughtgraphClient({ ...options, client: options.client ?? DEFAULT_CLIENT });
  return {
    remember: memoryTool("remember", api),
    recall: memoryTool("recall", api),
    update_memory: memoryTool("update_memory", api),
    forget: memoryTool("forget", api),
    search: memoryTool("search", api),
  };
}
