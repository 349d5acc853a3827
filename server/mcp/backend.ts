// The MCP tools' backend on the server: every call goes straight to the same service functions as the REST routes,
// as the API key (or OAuth grant) that authenticated the request and the MCP client that made it.
import { scopeMayWrite, type ApiPrincipal } from "@/server/auth/api-keys";
import type { OAuthPrincipal } from "@/server/oauth/access-tokens";
import { asDomainError, ForbiddenError } from "@/server/errors";
import { clearThinkingSession, getThinkingSession, reviseThought, think } from "@/server/services/agent-tools";
import { recordThought, type Writer } from "@/server/ingest/record-thoughts";
import type { ThoughtgraphBackend, ToolCallContext } from "@/sdk/src/mcp/register";

export function serviceBackend(principal: ApiPrincipal): ThoughtgraphBackend {
  const writer = (ctx: ToolCallContext): Writer => ({
    projectId: principal.projectId,
    apiKeyId: principal.apiKeyId,
    // A stateless HTTP request may carry no clientInfo: a connector's writes then name the OAuth client it approved.
    client: ctx.client ?? (principal as Partial<OAuthPrincipal>).grant?.clientName ?? null,
    agent: ctx.agent,
  });
  const mayWrite = () => {
    if (!scopeMayWrite(principal.scope)) {
      throw new ForbiddenError("This API key may only read.", "Use an API key with write scope to record thoughts.");
    }
  };
  return lostDatabaseAsDomainError({
    async sequentialthinking(args, ctx) {
      mayWrite();
      return (await recordThought(writer(ctx), args, null)).result;
    },
    async think(args, ctx) {
      mayWrite();
      return think(writer(ctx), args);
    },
    async reviseThought(args, ctx) {
      mayWrite();
      return reviseThought(writer(ctx), args);
    },
    getThinkingSession: (args, ctx) => getThinkingSession(writer(ctx), args),
    async clearThinkingSession(args, ctx) {
      mayWrite();
      return clearThinkingSession(writer(ctx), args);
    },
  });
}

/**
 * A lost database reaches the agent as `database_unavailable` (retry with the same arguments; the tool's own
 * idempotency makes that safe) instead of a generic failure that claimed nothing was written.
 */
function lostDatabaseAsDomainError(backend: ThoughtgraphBackend): ThoughtgraphBackend {
  const guarded = {} as Record<string, unknown>;
  for (const [name, fn] of Object.entries(backend) as [string, (...args: unknown[]) => Promise<unknown>][]) {
    guarded[name] = async (...args: unknown[]) => {
      try {
        return await fn(...args);
      } catch (error) {
        throw asDomainError(error) ?? error;
      }
    };
  }
  return guarded as unknown as ThoughtgraphBackend;
}
