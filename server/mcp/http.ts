// MCP over Streamable HTTP at /api/mcp (thoughtgraph's tools) and /api/mcp/thoughtmcp (ThoughtMCP's tool set, whose
// `think` differs from ours, so it has its own endpoint). `createMcpHandler` serves the 2026-07-28 protocol and, statelessly, the
// 2025-era protocol deployed clients speak, from one per-request server factory. The handler checks nothing itself,
// so in front of it, in this order: Host and Origin against allowlists (the DNS-rebinding protection the MCP spec
// requires), then the API key. A refused request never reaches the SDK.
import { createMcpHandler, type McpServer } from "@modelcontextprotocol/server";
import { verifyApiKey, type ApiPrincipal } from "@/server/auth/api-keys";
import { bearerChallenge } from "@/server/http/respond";
import { getDb } from "@/server/db/client";
import { asDomainError, DATABASE_RETRY_AFTER_S } from "@/server/errors";
import { createThoughtgraphMcpServer } from "@/sdk/src/mcp/register";
import { createThoughtMcpServer } from "@/sdk/src/mcp/thoughtmcp/register";
import { callThoughtMcpTool } from "@/server/thoughtmcp/handlers";
import { allowedHostsFromEnv, allowedOriginsFromEnv, checkHost, checkOrigin, type Refusal } from "./guards";
import { serviceBackend } from "./backend";

/** A Next route handler serving the MCP server `build` makes for each request's authenticated key. */
function mcpDoor(build: (principal: ApiPrincipal) => McpServer): (req: Request) => Promise<Response> {
  const handler = createMcpHandler(
    ({ authInfo }) => {
      const principal = authInfo?.extra?.principal as ApiPrincipal | undefined;
      if (!principal) throw new Error("the MCP handler was called without an authenticated principal");
      return build(principal);
    },
    { onerror: (error) => console.error("[thoughtgraph] MCP:", error.message) },
  );
  return (req) => serveWith(handler, req);
}

const logToolFailure = (error: unknown, tool: string) => console.error(`[thoughtgraph] MCP tool ${tool} failed`, error);

/** GET, POST and DELETE /api/mcp. */
export const serveMcp = mcpDoor((principal) =>
  createThoughtgraphMcpServer(serviceBackend(principal), { onUnexpectedError: logToolFailure }),
);

/** GET, POST and DELETE /api/mcp/thoughtmcp. */
export const serveThoughtMcp = mcpDoor((principal) =>
  createThoughtMcpServer(
    { call: (tool, args, ctx) => callThoughtMcpTool(principal, ctx.client, tool, args) },
    { onUnexpectedError: logToolFailure },
  ),
);

let allowlists: { hosts: string[] | "*"; origins: string[] | "*" } | undefined;

async function serveWith(handler: ReturnType<typeof createMcpHandler>, req: Request): Promise<Response> {
  try {
    allowlists ??= { hosts: allowedHostsFromEnv(), origins: allowedOriginsFromEnv() };
    const refused = checkHost(req, allowlists.hosts) ?? checkOrigin(req, allowlists.origins);
    if (refused) return refusal(refused);
    const principal = await authenticate(req);
    if (!principal) {
      return refusal({
        status: 401,
        code: "unauthorized",
        message: "A valid API key is required.",
        suggestion:
          "Send `Authorization: Bearer <key>` (or `x-api-key: <key>`); create a key with " +
          "`npm run keys -- create --name NAME`.",
      });
    }
    return await handler.fetch(req, {
      authInfo: { token: "(api key)", clientId: principal.apiKeyId, scopes: [principal.scope], extra: { principal } },
    });
  } catch (error) {
    const known = asDomainError(error);
    if (known) {
      const retry: Record<string, string> =
        known.status === 503 ? { "retry-after": String(DATABASE_RETRY_AFTER_S) } : {};
      return jsonRpcError(known.status, -32603, known.message, known.toBody(), retry);
    }
    console.error("[thoughtgraph] MCP request failed", error);
    return jsonRpcError(500, -32603, "thoughtgraph failed to handle this request.", { code: "unexpected_error" });
  }
}

async function authenticate(req: Request): Promise<ApiPrincipal | null> {
  const key =
    req.headers.get("authorization")?.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? req.headers.get("x-api-key")?.trim();
  if (!key) return null;
  return verifyApiKey(getDb(), key);
}

/**
 * A refused request answers JSON-RPC's error shape (what MCP clients print), with our error body in `data`. A 401
 * carries the Bearer challenge with an error description and no resource metadata (see bearerChallenge); the OAuth
 * discovery paths clients probe next answer a JSON 404 saying the same (proxy.ts).
 */
function refusal(r: Refusal): Response {
  const headers: Record<string, string> = r.status === 401 ? { "www-authenticate": bearerChallenge() } : {};
  return jsonRpcError(
    r.status,
    r.status === 401 ? -32001 : -32000,
    r.message,
    {
      code: r.code,
      ...(r.suggestion ? { suggestion: r.suggestion } : {}),
    },
    headers,
  );
}

function jsonRpcError(
  status: number,
  code: number,
  message: string,
  data: Record<string, unknown>,
  headers: Record<string, string> = {},
): Response {
  return Response.json(
    { jsonrpc: "2.0", id: null, error: { code, message, data: { message, ...data } } },
    { status, headers: { "cache-control": "no-store", ...headers } },
  );
}
