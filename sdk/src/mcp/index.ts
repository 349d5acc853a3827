// `thoughtgraph/mcp`: the MCP server factory and the stdio bridge, for hosts that embed them.
export {
  createThoughtgraphMcpServer,
  presentThought,
  SERVER_INFO,
  type McpServerOptions,
  type ThoughtgraphBackend,
  type ToolArguments,
  type ToolCallContext,
} from "./register";
export { restBackend, startStdioBridge, type BridgeOptions } from "./bridge";
export { TOOL_DEFINITIONS, SERVER_INSTRUCTIONS, type ToolDefinition } from "./definitions";
