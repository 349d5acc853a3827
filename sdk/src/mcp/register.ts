// Builds the MCP server both doors serve: the HTTP endpoint (/api/mcp, backed by the services) and the stdio bridge
// (`thoughtgraph mcp`, backed by the REST client). The tools, their schemas and the way results and errors are shaped
// live here once; a door only supplies a backend that performs each operation.
import {
  CLIENT_INFO_META_KEY,
  McpServer,
  type CallToolResult,
  type StandardSchemaWithJSON,
} from "@modelcontextprotocol/server";
import { ERROR_CODES } from "../../../lib/contracts/errors";
import { officialFields, type StopReason, type ThoughtResult } from "../../../lib/contracts/thought";
import type { ClearSessionResult, GetSessionResult, ReviseResult, ThinkResult } from "../../../lib/contracts/tools";
import { PARAMETER_USAGE } from "../../../lib/domain/continuation";
import {
  CLEAR_THINKING_SESSION,
  GET_THINKING_SESSION,
  REVISE_THOUGHT,
  SEQUENTIAL_THINKING,
  SERVER_INSTRUCTIONS,
  THINK,
  type ObjectJsonSchema,
  type ToolDefinition,
} from "./definitions";

export type ToolArguments = Record<string, unknown>;

/** What a door knows about the caller of one tool call. */
export interface ToolCallContext {
  /** The MCP client's name (clientInfo.name) when the protocol carried it. */
  client: string | null;
  /** The MCP client as the session's agent when the arguments name none: clientInfo as "name/version". */
  agent: string | null;
}

/** An MCP client's clientInfo (the `initialize` request's, or each request's envelope on 2026-07-28 connections). */
export interface ClientIdentity {
  name: string;
  version?: string;
}

/** The clientInfo a 2026-07-28 request carries in its envelope (tool handlers' `ctx.mcpReq.envelope`). */
export function envelopeClient(ctx: unknown): ClientIdentity | undefined {
  const envelope = (ctx as { mcpReq?: { envelope?: Record<string, unknown> } } | undefined)?.mcpReq?.envelope;
  const info = envelope?.[CLIENT_INFO_META_KEY] as Partial<ClientIdentity> | undefined;
  return typeof info?.name === "string"
    ? { name: info.name, ...(info.version ? { version: info.version } : {}) }
    : undefined;
}

/** The context of one tool call made by `client`. */
export function callContext(client: ClientIdentity | null | undefined): ToolCallContext {
  if (!client?.name) return { client: null, agent: null };
  return { client: client.name, agent: client.version ? `${client.name}/${client.version}` : client.name };
}

/**
 * Performs the operations. Each takes the raw tool arguments (validated by the backend with the foundation's
 * contracts) and resolves with the contract's result, or throws an error carrying `code`, `message` and optionally
 * `field` and `suggestion` (the server's DomainError, the REST client's ThoughtgraphError).
 */
export interface ThoughtgraphBackend {
  sequentialthinking(args: ToolArguments, ctx: ToolCallContext): Promise<ThoughtResult>;
  think(args: ToolArguments, ctx: ToolCallContext): Promise<ThinkResult>;
  reviseThought(args: ToolArguments, ctx: ToolCallContext): Promise<ReviseResult>;
  getThinkingSession(args: ToolArguments, ctx: ToolCallContext): Promise<GetSessionResult>;
  clearThinkingSession(args: ToolArguments, ctx: ToolCallContext): Promise<ClearSessionResult>;
}

export interface McpServerOptions {
  /** Called with errors that are not domain errors (bugs, database failures) before a generic tool error is sent. */
  onUnexpectedError?: (error: unknown, tool: string) => void;
  /** The client when this connection's protocol does not carry it: a stateless HTTP request after `initialize`,
   *  whose clientInfo the door recovered (server/mcp/http.ts). */
  client?: ClientIdentity | null;
}

export const SERVER_INFO = { name: "thoughtgraph", version: "0.1.0" } as const;

/** A fresh MCP server with every thoughtgraph tool registered against `backend`. */
export function createThoughtgraphMcpServer(backend: ThoughtgraphBackend, options: McpServerOptions = {}): McpServer {
  const server = new McpServer({ ...SERVER_INFO }, { instructions: SERVER_INSTRUCTIONS });
  // The client: from `initialize` on 2025-era connections (stdio; a stateless HTTP request that is not the initialize
  // itself carries none, so the door passes what it recovered), and from each request's envelope on 2026-07-28 ones
  // (the SDK backfills it over HTTP; over stdio the tool handler reads it).
  const context = (ctx: unknown) =>
    callContext(server.server.getClientVersion() ?? envelopeClient(ctx) ?? options.client);

  const register = <R>(
    def: ToolDefinition,
    run: (args: ToolArguments, ctx: ToolCallContext) => Promise<R>,
    present: (result: R) => Record<string, unknown>,
  ) => {
    server.registerTool(
      def.name,
      {
        title: def.title,
        description: def.description,
        inputSchema: advertised(def.inputSchema),
        outputSchema: def.outputSchema,
        annotations: { title: def.title, ...def.annotations },
      },
      async (args, ctx): Promise<CallToolResult> => {
        try {
          const structured = present(await run(args, context(ctx)));
          return {
            content: [{ type: "text", text: JSON.stringify(structured, null, 2) }],
            structuredContent: structured,
          };
        } catch (error) {
          return toolError(def, error, options.onUnexpectedError);
        }
      },
    );
  };

  register(SEQUENTIAL_THINKING, (a, c) => backend.sequentialthinking(a, c), presentThought);
  register(
    THINK,
    (a, c) => backend.think(a, c),
    (r) => ({ ...r }),
  );
  register(
    REVISE_THOUGHT,
    (a, c) => backend.reviseThought(a, c),
    (r) => ({ ...r }),
  );
  register(
    GET_THINKING_SESSION,
    (a, c) => backend.getThinkingSession(a, c),
    (r) => ({ ...r }),
  );
  register(
    CLEAR_THINKING_SESSION,
    (a, c) => backend.clearThinkingSession(a, c),
    (r) => ({ ...r }),
  );
  return server;
}

/**
 * The official five fields first, in the official order, then ours. Keys without a value are left out, so the JSON
 * text and structuredContent carry the same fields.
 */
export function presentThought(r: ThoughtResult): Record<string, unknown> {
  const out: Record<string, unknown> = {
    ...officialFields(r),
    sessionId: r.sessionId,
    thoughtId: r.thoughtId,
    seq: r.seq,
    should_continue: r.should_continue,
    next_thought_number: r.next_thought_number,
    stop_reason: r.stop_reason,
  };
  if (r.next_call_arguments !== undefined) out.next_call_arguments = r.next_call_arguments;
  if (r.parameter_usage !== undefined) out.parameter_usage = r.parameter_usage;
  out.flags = r.flags;
  return out;
}

/**
 * The schema the SDK sees for a tool's arguments: it advertises `json` in tools/list and lets every argument object
 * through, so that the backend's contract (not the SDK) judges "2" and "FALSE" and names a bad field in its own words.
 */
export function advertised(json: ObjectJsonSchema): StandardSchemaWithJSON<ToolArguments> {
  return {
    "~standard": {
      version: 1,
      vendor: "thoughtgraph",
      validate: (value: unknown) => ({ value: isObject(value) ? value : {} }),
      jsonSchema: { input: () => ({ ...json }), output: () => ({ ...json }) },
    },
  };
}

const KNOWN_CODES: readonly string[] = [...ERROR_CODES, "unreachable", "bad_response"];

/** An error a backend threw on purpose: a domain error or a REST client error, with a code we know. */
export interface ToolFailure {
  code: string;
  message: string;
  field?: string;
  suggestion?: string;
}

export function asToolFailure(error: unknown): ToolFailure | null {
  if (!(error instanceof Error)) return null;
  const e = error as Error & Partial<ToolFailure>;
  if (typeof e.code !== "string" || !KNOWN_CODES.includes(e.code)) return null;
  return {
    code: e.code,
    message: e.message,
    ...(typeof e.field === "string" ? { field: e.field } : {}),
    ...(typeof e.suggestion === "string" ? { suggestion: e.suggestion } : {}),
  };
}

const LABELS: Record<string, string> = {
  validation_error: "Invalid argument",
  not_found: "Not found",
  unauthorized: "Not authorised",
  forbidden: "Not allowed",
  conflict: "Conflict",
  request_too_large: "Too large",
  limit_exceeded: "Limit reached",
  rate_limited: "Too many requests",
  unreachable: "thoughtgraph is unreachable",
  bad_response: "Unexpected answer",
};

const STOP_REASON: Record<string, StopReason> = {
  validation_error: "validation_error",
  rate_limited: "rate_limited",
  request_too_large: "request_too_large",
  limit_exceeded: "request_too_large",
};

/**
 * A tool error (`isError: true`): first a sentence naming the field and how to fix it, then the same as JSON. The
 * `sequentialthinking` error also carries the continuation contract's stop_reason and parameter_usage (seed 002).
 */
export function toolError(
  def: ToolDefinition,
  error: unknown,
  onUnexpected?: (error: unknown, tool: string) => void,
): CallToolResult {
  let failure = asToolFailure(error);
  if (!failure) {
    onUnexpected?.(error, def.name);
    failure = {
      code: "unexpected_error",
      // Not "nothing was written": a failure after COMMIT (or a connection lost during it) may have written.
      message: "thoughtgraph failed to handle this call.",
      suggestion:
        "Check get_thinking_session for what was recorded, then retry; if it keeps failing, tell the person " +
        "running thoughtgraph.",
    };
  }
  const where = failure.field ? ` (${failure.field})` : "";
  const sentence =
    `${LABELS[failure.code] ?? "Error"}${where}: ${stop(failure.message)}` +
    (failure.suggestion ? ` How to fix: ${stop(failure.suggestion)}` : "");
  const details: Record<string, unknown> = { status: "failed", error: failure };
  if (def.name === SEQUENTIAL_THINKING.name) {
    details.should_continue = false;
    details.stop_reason = STOP_REASON[failure.code] ?? "unexpected_error";
    if (failure.code === "validation_error") details.parameter_usage = PARAMETER_USAGE;
  }
  return {
    isError: true,
    content: [
      { type: "text", text: sentence },
      { type: "text", text: JSON.stringify(details, null, 2) },
    ],
  };
}

/** Ends a sentence with a full stop unless it already ends with punctuation. */
const stop = (s: string) => (/[.!?…]$/.test(s.trim()) ? s.trim() : `${s.trim()}.`);

function isObject(value: unknown): value is ToolArguments {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
