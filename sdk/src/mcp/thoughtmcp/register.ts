// Builds the MCP server of ThoughtMCP's tool set for both of its doors: the HTTP endpoint (/api/mcp/thoughtmcp,
// backed by the services) and the stdio bridge (`thoughtgraph mcp --toolset thoughtmcp`, backed by the REST routes).
// Every tool answers seed 003's envelope, errors included, so a door only supplies `call`.
import { McpServer, type CallToolResult } from "@modelcontextprotocol/server";
import { ERROR_CODES } from "../../../../lib/contracts/errors";
import { startEnvelope, type Envelope, type EnvelopeBuilder } from "../../../../lib/thoughtmcp/envelope";
import {
  advertised,
  asToolFailure,
  callContext,
  envelopeClient,
  type ClientIdentity,
  type ToolArguments,
  type ToolCallContext,
} from "../register";
import { THOUGHTMCP_INSTRUCTIONS, THOUGHTMCP_SERVER_INFO, THOUGHTMCP_TOOLS } from "./definitions";

/** Performs one tool call and answers its envelope; throws only for what is not the tool's answer (a lost server). */
export interface ThoughtMcpBackend {
  call(tool: string, args: ToolArguments, ctx: ToolCallContext): Promise<Envelope<unknown>>;
}

export interface ThoughtMcpServerOptions {
  /** Called with errors that are not domain errors (bugs, database failures) before the failure envelope is sent. */
  onUnexpectedError?: (error: unknown, tool: string) => void;
  /** The client when the protocol does not carry it (see McpServerOptions.client). */
  client?: ClientIdentity | null;
}

export function createThoughtMcpServer(backend: ThoughtMcpBackend, options: ThoughtMcpServerOptions = {}): McpServer {
  const server = new McpServer({ ...THOUGHTMCP_SERVER_INFO }, { instructions: THOUGHTMCP_INSTRUCTIONS });
  const context = (ctx: unknown) =>
    callContext(server.server.getClientVersion() ?? envelopeClient(ctx) ?? options.client);
  for (const def of THOUGHTMCP_TOOLS) {
    server.registerTool(
      def.name,
      {
        title: def.title,
        description: def.description,
        inputSchema: advertised(def.inputSchema),
        annotations: { title: def.title, ...def.annotations },
      },
      async (args, ctx): Promise<CallToolResult> => {
        const timing = startEnvelope();
        let envelope: Envelope<unknown>;
        try {
          envelope = await backend.call(def.name, args, context(ctx));
        } catch (error) {
          envelope = thrownAsEnvelope(error, def.name, timing, options.onUnexpectedError);
        }
        return {
          content: [{ type: "text", text: JSON.stringify(envelope, null, 2) }],
          structuredContent: envelope as unknown as Record<string, unknown>,
          ...(envelope.success ? {} : { isError: true }),
        };
      },
    );
  }
  return server;
}

/**
 * A backend that threw instead of answering (the REST client could not reach the server, the database is gone): the
 * agent still gets the envelope, with our code when it is one, so it can tell a retryable failure from a bad argument.
 */
function thrownAsEnvelope(
  error: unknown,
  tool: string,
  envelope: EnvelopeBuilder,
  onUnexpected?: (error: unknown, tool: string) => void,
): Envelope<unknown> {
  const known = asToolFailure(error);
  if (!known) onUnexpected?.(error, tool);
  const code = ERROR_CODES.find((c) => c === known?.code) ?? "unexpected_error";
  return envelope.failure({
    message: known?.message ?? `thoughtgraph failed to handle this ${tool} call.`,
    suggestion:
      known?.suggestion ?? "Retry the call; if it keeps failing, tell the person running thoughtgraph (see its log).",
    code,
    ...(known?.field ? { field: known.field } : {}),
  });
}
