// The handlers of ThoughtMCP's memory tools (remember, recall, update_memory, forget, search); see handlers.ts for the
// handler contract. Their advertised schemas are in sdk/src/mcp/thoughtmcp/memory-definitions.ts.
import type { ThoughtMcpHandler } from "./handlers";

export const MEMORY_HANDLERS: Readonly<Record<string, ThoughtMcpHandler>> = {};
