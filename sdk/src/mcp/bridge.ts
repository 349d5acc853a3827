// The stdio bridge (`thoughtgraph mcp`): serves the same MCP tools as /api/mcp to clients that only spawn processes
// (Claude Desktop, most IDEs) and forwards every call to a thoughtgraph server over its REST API. stdout carries the
// MCP protocol and nothing else; every log line goes to stderr.
import { serveStdio, type StdioServerHandle } from "@modelcontextprotocol/server/stdio";
import type { ThoughtInput } from "../../../lib/contracts/thought";
import { createThoughtgraphClient, ThoughtgraphError, type ThoughtgraphClient } from "../client";
import { createThoughtgraphMcpServer, type ThoughtgraphBackend, type ToolArguments } from "./register";
import { createThoughtMcpServer } from "./thoughtmcp/register";

/** Which tools the bridge serves: thoughtgraph's (as /api/mcp) or ThoughtMCP's set (as /api/mcp/thoughtmcp). */
export const TOOLSETS = ["thoughtgraph", "thoughtmcp"] as const;
export type Toolset = (typeof TOOLSETS)[number];

export interface BridgeOptions {
  baseUrl: string;
  apiKey?: string;
  /** Default "thoughtgraph". */
  toolset?: Toolset;
  /** Where log lines go; default stderr. */
  log?: (line: string) => void;
}

/** The REST client as a tool backend; the MCP client's name travels with every call. */
export function restBackend(api: ThoughtgraphClient): ThoughtgraphBackend {
  const opts = (client: string | null) => (client ? { client } : {});
  const withKeyHint = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof ThoughtgraphError && error.code === "unauthorized") {
        throw new ThoughtgraphError(error.status, {
          code: error.code,
          message: error.message,
          field: "THOUGHTGRAPH_API_KEY",
          suggestion:
            "Set THOUGHTGRAPH_API_KEY in this MCP server's environment to a key from " +
            "`npm run keys -- create --name NAME` (run in the thoughtgraph checkout).",
        });
      }
      throw error;
    }
  };
  const sessionOf = (args: ToolArguments): string | undefined => {
    const id = args.sessionId ?? args.session_id;
    return typeof id === "string" && id.trim() !== "" ? id : undefined;
  };
  return {
    sequentialthinking: (args, ctx) =>
      withKeyHint(() =>
        api.recordThought(args as unknown as ThoughtInput, {
          ...opts(ctx.client),
          ...(ctx.agent ? { agent: ctx.agent } : {}),
        }),
      ),
    think: (args, ctx) =>
      withKeyHint(() =>
        api.think(args as { thought: string }, { ...opts(ctx.client), ...(ctx.agent ? { agent: ctx.agent } : {}) }),
      ),
    reviseThought: (args, ctx) =>
      withKeyHint(() => {
        const { thought_id, thoughtId, ...changes } = args;
        const id = thought_id ?? thoughtId;
        if (thought_id !== undefined && thoughtId !== undefined && thought_id !== thoughtId) {
          throw new ThoughtgraphError(400, {
            code: "validation_error",
            message: "thought_id and thoughtId were both given.",
            field: "thought_id",
            suggestion: "Send the thought's number as thought_id or its id as thoughtId, not both.",
          });
        }
        if ((typeof id !== "string" || id.trim() === "") && typeof id !== "number") {
          throw new ThoughtgraphError(400, {
            code: "validation_error",
            message: "thought_id or thoughtId is required.",
            field: "thought_id",
            suggestion:
              "Send the thought's number in the session as thought_id, or its id (from thoughtId) as thoughtId.",
          });
        }
        return api.reviseThought(id, changes, opts(ctx.client));
      }),
    getThinkingSession: (args, ctx) =>
      withKeyHint(() => {
        const { format, limit } = args;
        return api.getSessionContext(
          sessionOf(args),
          {
            ...(format !== undefined ? { format: format as "history" | "context" } : {}),
            ...(limit !== undefined ? { limit: limit as number } : {}),
          },
          opts(ctx.client),
        );
      }),
    clearThinkingSession: (args, ctx) => withKeyHint(() => api.clearSession(sessionOf(args), opts(ctx.client))),
  };
}

/** Serves the tools on this process's stdin/stdout until the client closes stdin. */
export function startStdioBridge(options: BridgeOptions): StdioServerHandle {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const api = createThoughtgraphClient({
    baseUrl: options.baseUrl,
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
  });
  const onUnexpectedError = (error: unknown, tool: string) => log(`[thoughtgraph] ${tool} failed: ${String(error)}`);
  const toolset = options.toolset ?? "thoughtgraph";
  const handle = serveStdio(
    () =>
      toolset === "thoughtmcp"
        ? createThoughtMcpServer(
            { call: (tool, args, ctx) => api.callThoughtMcpTool(tool, args, ctx.client ? { client: ctx.client } : {}) },
            { onUnexpectedError },
          )
        : createThoughtgraphMcpServer(restBackend(api), { onUnexpectedError }),
    { onerror: (error) => log(`[thoughtgraph] stdio: ${error.message}`) },
  );
  log(`[thoughtgraph] MCP bridge on stdio, forwarding to ${api.baseUrl} (${toolset} tools)`);
  if (!options.apiKey) {
    log("[thoughtgraph] THOUGHTGRAPH_API_KEY is not set: every call will be refused until it is.");
  }
  // A hint at start, not a gate: the server may come up after the client spawned us.
  api.health().then(
    () => undefined,
    (error: unknown) => log(`[thoughtgraph] warning: ${error instanceof Error ? error.message : String(error)}`),
  );
  return handle;
}
