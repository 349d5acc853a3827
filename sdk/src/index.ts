// thoughtgraph's agent SDK: a typed REST client, AI SDK tools, and the MCP tool definitions and server factory that
// the stdio bridge (`thoughtgraph mcp`) serves. The contracts are the server's own (lib/contracts), compiled in.
export {
  createThoughtgraphClient,
  ThoughtgraphError,
  CLIENT_HEADER,
  CURRENT_SESSION,
  DEFAULT_BASE_URL,
  type CallOptions,
  type ClientErrorCode,
  type IngestEvent,
  type ReviseChanges,
  type SessionContextOptions,
  type ThoughtgraphClient,
  type ThoughtgraphClientOptions,
} from "./client";
export {
  createSequentialThinkingTool,
  createThinkTool,
  ZSequentialThinkingToolOutput,
  ZThoughtHistoryEntry,
  type SequentialThinkingToolInput,
  type SequentialThinkingToolOptions,
  type SequentialThinkingToolOutput,
  type ThoughtgraphToolOptions,
} from "./ai/tools";
export { createMemoryTools } from "./ai/memory-tools";
export { createThoughtMcpReasoningTools, type ThoughtMcpReasoningToolName } from "./ai/thoughtmcp-tools";
export {
  TOOL_DEFINITIONS,
  SEQUENTIAL_THINKING,
  THINK,
  REVISE_THOUGHT,
  GET_THINKING_SESSION,
  CLEAR_THINKING_SESSION,
  type ToolDefinition,
} from "./mcp/definitions";
export type { ThoughtInput, ThoughtResult } from "../../lib/contracts/thought";
export type {
  ThinkInput,
  ThinkResult,
  ReviseInput,
  ReviseResult,
  GetSessionResult,
  ClearSessionResult,
} from "../../lib/contracts/tools";
export type { SessionGraph, SessionPage, SessionSummary, ThoughtView } from "../../lib/contracts/session";
