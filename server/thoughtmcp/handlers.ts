// ThoughtMCP's tool set on the server: one handler per tool, shared by every door (MCP over HTTP, REST, and the stdio
// bridge through REST). `callThoughtMcpTool` is the one entry: it finds the tool, checks the key's scope, runs the
// handler and turns a thrown domain error into the seed's failure envelope, so every answer, errors included, is
// `{success, data | error, suggestion, metadata}`.
import { scopeMayWrite, type ApiPrincipal } from "@/server/auth/api-keys";
import { asDomainError, DatabaseUnavailableError } from "@/server/errors";
import type { Writer } from "@/server/ingest/record-thoughts";
import { THOUGHTMCP_ERRORS, startEnvelope, type Envelope, type EnvelopeBuilder } from "@/lib/thoughtmcp/envelope";
import { THOUGHTMCP_TOOLS } from "@/sdk/src/mcp/thoughtmcp/definitions";
import { MEMORY_HANDLERS } from "./memory-handlers";
import { REASONING_HANDLERS } from "./reasoning-handlers";

/** Who calls: the key's project, id and scope, and the agent's client name (as for the thoughtgraph tools). The
 *  scope lets a tool that writes only sometimes (a metacognitive tool given a thoughtId) refuse a read key then. */
export type ThoughtMcpCaller = Writer & { scope: string };

/**
 * Runs one tool: parses `args` with the tool's contract (a field problem is `envelope.failure(problemFromField(p))`),
 * calls the service and answers `envelope.success(data)`. It may throw a DomainError instead of answering a failure.
 */
export type ThoughtMcpHandler = (
  caller: ThoughtMcpCaller,
  args: unknown,
  envelope: EnvelopeBuilder,
) => Promise<Envelope<unknown>>;

export const THOUGHTMCP_HANDLERS: Readonly<Record<string, ThoughtMcpHandler>> = {
  ...MEMORY_HANDLERS,
  ...REASONING_HANDLERS,
};

const WRITES = new Map(THOUGHTMCP_TOOLS.map((t) => [t.name, t.writes]));

/**
 * One call of tool `tool` as `principal`. Resolves with the envelope for every outcome of the call itself; rejects only
 * when the database is unreachable (each door answers that as its 503, with Retry-After) or on a bug.
 */
export async function callThoughtMcpTool(
  principal: ApiPrincipal,
  client: string | null,
  tool: string,
  args: unknown,
): Promise<Envelope<unknown>> {
  const envelope = startEnvelope();
  const handler = Object.hasOwn(THOUGHTMCP_HANDLERS, tool) ? THOUGHTMCP_HANDLERS[tool] : undefined;
  if (!handler) {
    return envelope.failure({
      message: `${THOUGHTMCP_ERRORS.toolNotFound}: ${tool}`,
      suggestion: `Use one of: ${Object.keys(THOUGHTMCP_HANDLERS).sort().join(", ")}.`,
      code: "not_found",
      field: "tool",
    });
  }
  if (WRITES.get(tool) && !scopeMayWrite(principal.scope)) {
    return envelope.failure({
      message: "This API key may only read.",
      suggestion: `Use an API key with write scope to call ${tool}.`,
      code: "forbidden",
      field: "authorization",
    });
  }
  try {
    const caller = { projectId: principal.projectId, apiKeyId: principal.apiKeyId, client, scope: principal.scope };
    return await handler(caller, args, envelope);
  } catch (error) {
    const known = asDomainError(error);
    if (!known || known instanceof DatabaseUnavailableError) throw known ?? error;
    return envelope.failure({
      message: known.message,
      code: known.code,
      ...(known.suggestion !== undefined ? { suggestion: known.suggestion } : {}),
      ...(known.field !== undefined ? { field: known.field } : {}),
    });
  }
}
