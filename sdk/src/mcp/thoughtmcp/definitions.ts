// ThoughtMCP's tools (seed 003) as an MCP client sees them: names, descriptions, advertised input JSON Schemas and
// annotations, with exactly the seed's names and shapes. One list backs every door of the ThoughtMCP tool set: MCP
// over HTTP (/api/mcp/thoughtmcp), the stdio bridge (`thoughtgraph mcp --toolset thoughtmcp`), the REST routes
// (POST /api/v1/thoughtmcp/{tool}) and the AI SDK tools. Client-safe: no server code.
//
// As for /api/mcp, the advertised schemas only tell a model what to send; the contracts in lib/contracts/thoughtmcp-*
// judge the arguments. Each field advertises one JSON type (no ["boolean","string"] unions: Google Gemini accepts one
// type per field, and the AI SDK's Google provider rewrites unions and drops their bounds).
import type { ObjectJsonSchema, ToolAnnotations } from "../definitions";
import { MEMORY_TOOL_DEFINITIONS } from "./memory-definitions";
import { REASONING_TOOL_DEFINITIONS } from "./reasoning-definitions";

export interface ThoughtMcpToolDefinition {
  /** The seed's tool name, e.g. "remember" or "detect_bias". */
  name: string;
  title: string;
  description: string;
  inputSchema: ObjectJsonSchema;
  annotations: ToolAnnotations;
  /** Whether the tool records or changes anything (an API key with read scope may call only the others). */
  writes: boolean;
  /** A valid request, from the seed's examples where it has one: shown in the OpenAPI document, sent by the tests. */
  example: Record<string, unknown>;
}

export const THOUGHTMCP_TOOLS: readonly ThoughtMcpToolDefinition[] = [
  ...MEMORY_TOOL_DEFINITIONS,
  ...REASONING_TOOL_DEFINITIONS,
];

export const THOUGHTMCP_SERVER_INFO = { name: "thoughtgraph-thoughtmcp", version: "0.1.0" } as const;

export const THOUGHTMCP_INSTRUCTIONS =
  "ThoughtMCP's memory, reasoning and metacognition tools, served by thoughtgraph. Every answer is the envelope " +
  "{success, data, error, suggestion, metadata{timestamp, processingTime, componentsUsed}}; metadata.componentsUsed " +
  "names the method that produced it (lexicon, rules, template, lexicalSimilarity, …). Everything is stored in the " +
  "API key's project, where people can review it in the thoughtgraph dashboard.";
