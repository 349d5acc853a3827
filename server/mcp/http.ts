// MCP over Streamable HTTP at /api/mcp (thoughtgraph's tools) and /api/mcp/thoughtmcp (ThoughtMCP's tool set, whose
// `think` differs from ours, so it has its own endpoint). `createMcpHandler` serves the 2026-07-28 protocol and, statelessly, the
// 2025-era protocol deployed clients speak, from one per-request server factory. The handler checks nothing itself,
// so in front of it, in this order: Host and Origin against allowlists (the DNS-rebinding protection the MCP spec
// requires), then the credential: an API key, or an OAuth access token issued for this very endpoint
// (server/mcp/oauth-gate.ts). A refused request never reaches the SDK.
//
// Who the client is: a 2026-07-28 request names its clientInfo in its envelope, but a 2025-era client says it once,
// in `initialize`, and every later request of a stateless server is served by a fresh McpServer that never saw it.
// So the answer to an `initialize` carries an Mcp-Session-Id that spells the clientInfo (the transport spec has the
// client send it back on every later request; a stateless server checks no session id), and a later request's
// clientInfo is read back from it. Nothing is stored: the id is the clientInfo, which a client declares about itself
// anyway, so a made-up id claims nothing a made-up initialize could not.
import { createMcpHandler, type AuthInfo, type McpServer } from "@modelcontextprotocol/server";
import { verifyApiKey, type ApiPrincipal } from "@/server/auth/api-keys";
import { corsHeaders, preflight } from "@/server/http/cors";
import { toFetch } from "@/server/http/door";
import { bearerChallenge } from "@/server/http/respond";
import { currentOAuthSettings } from "@/server/config";
import { isOAuthAccessToken, type OAuthPrincipal } from "@/server/oauth/access-tokens";
import type { McpPath } from "@/server/oauth/resources";
import { oauthChallenge, verifyOAuthRequest, type OAuthRefusal } from "./oauth-gate";
import { getDb } from "@/server/db/client";
import { asDomainError, DATABASE_RETRY_AFTER_S } from "@/server/errors";
import { createThoughtgraphMcpServer, type ClientIdentity } from "@/sdk/src/mcp/register";
import { createThoughtMcpServer } from "@/sdk/src/mcp/thoughtmcp/register";
import { callThoughtMcpTool } from "@/server/thoughtmcp/handlers";
import { allowedHostsFromEnv, allowedOriginsFromEnv, checkHost, checkOrigin, type Refusal } from "./guards";
import { serviceBackend } from "./backend";

/** A Next route handler serving the MCP server `build` makes for each request's authenticated key. */
function mcpDoor(
  path: McpPath,
  build: (principal: ApiPrincipal, client: ClientIdentity | null) => McpServer,
): (req: Request) => Promise<Response> {
  const handler = createMcpHandler(
    ({ authInfo }) => {
      const principal = authInfo?.extra?.principal as ApiPrincipal | undefined;
      if (!principal) throw new Error("the MCP handler was called without an authenticated principal");
      return build(principal, (authInfo?.extra?.client as ClientIdentity | null | undefined) ?? null);
    },
    { onerror: (error) => console.error("[thoughtgraph] MCP:", error.message) },
  );
  return (req) => serveWith(handler, req, path);
}

const logToolFailure = (error: unknown, tool: string) => console.error(`[thoughtgraph] MCP tool ${tool} failed`, error);

/** GET, POST and DELETE /api/mcp. */
export const serveMcp = mcpDoor("/api/mcp", (principal, client) =>
  createThoughtgraphMcpServer(serviceBackend(principal), { onUnexpectedError: logToolFailure, client }),
);

/** GET, POST and DELETE /api/mcp/thoughtmcp. */
export const serveThoughtMcp = mcpDoor("/api/mcp/thoughtmcp", (principal, client) =>
  createThoughtMcpServer(
    {
      call: (tool, args, ctx) =>
        callThoughtMcpTool(
          principal,
          ctx.client ?? (principal as Partial<OAuthPrincipal>).grant?.clientName ?? null,
          tool,
          args,
        ),
    },
    { onUnexpectedError: logToolFailure, client },
  ),
);

const MCP_METHODS = "GET, POST, DELETE";

let allowlists: { hosts: string[] | "*"; origins: string[] | "*" } | undefined;

/**
 * A page on an allowed origin (a browser-based MCP client) may read every answer, and its preflight is answered
 * before any credential is asked for (browsers send none with it); a page on any other origin is refused and reads
 * nothing (server/http/cors.ts).
 */
async function serveWith(handler: ReturnType<typeof createMcpHandler>, req: Request, path: McpPath): Promise<Response> {
  let origin: string | null;
  try {
    allowlists ??= { hosts: allowedHostsFromEnv(), origins: allowedOriginsFromEnv() };
    const refused = checkHost(req, allowlists.hosts) ?? checkOrigin(req, allowlists.origins);
    if (refused) return refusal(refused);
    origin = req.headers.get("origin");
  } catch (error) {
    return failure(error);
  }
  if (req.method === "OPTIONS") return toFetch(preflight(MCP_METHODS, origin ?? "*"));
  const res = await serveAuthenticated(handler, req, path);
  return origin ? withHeaders(res, corsHeaders(origin)) : res;
}

async function serveAuthenticated(
  handler: ReturnType<typeof createMcpHandler>,
  req: Request,
  path: McpPath,
): Promise<Response> {
  try {
    const oauth = currentOAuthSettings().enabled;
    const token = bearerToken(req);
    let authInfo: AuthInfo;
    if (oauth && token !== null && isOAuthAccessToken(token)) {
      const verified = await verifyOAuthRequest(req, path);
      if ("refusal" in verified) return oauthRefusal(verified.refusal);
      authInfo = verified.authInfo;
    } else {
      const principal = await authenticate(req, token);
      if (!principal) {
        return refusal(
          {
            status: 401,
            code: "unauthorized",
            message: oauth ? "A valid API key or OAuth access token is required." : "A valid API key is required.",
            suggestion:
              "Send `Authorization: Bearer <key>` (or `x-api-key: <key>`); create a key with " +
              "`npm run keys -- create --name NAME`" +
              (oauth ? ", or connect through OAuth (the resource_metadata of the WWW-Authenticate header)." : "."),
          },
          oauth
            ? oauthChallenge(req, path, token === null ? "No credential was sent." : "The API key is not valid.")
            : undefined,
        );
      }
      authInfo = { token: "(api key)", clientId: principal.apiKeyId, scopes: [principal.scope], extra: { principal } };
    }
    const client = clientOfSessionId(req.headers.get("mcp-session-id"));
    const initializing = client ? null : await initializeClientInfo(req);
    const res = await handler.fetch(req, { authInfo: { ...authInfo, extra: { ...authInfo.extra, client } } });
    return initializing && res.ok ? withHeaders(res, { "mcp-session-id": sessionIdOf(initializing) }) : res;
  } catch (error) {
    return failure(error);
  }
}

function failure(error: unknown): Response {
  const known = asDomainError(error);
  if (known) {
    const retry: Record<string, string> = known.status === 503 ? { "retry-after": String(DATABASE_RETRY_AFTER_S) } : {};
    return jsonRpcError(known.status, -32603, known.message, known.toBody(), retry);
  }
  console.error("[thoughtgraph] MCP request failed", error);
  return jsonRpcError(500, -32603, "thoughtgraph failed to handle this request.", { code: "unexpected_error" });
}

const SESSION_ID_PREFIX = "tg-client.";
/** Characters kept of a client's name and version: real ones are short ("claude-code", "1.0.3"). */
const MAX_IDENTITY_CHARS = 200;
/** Bodies looked at for an `initialize`: one is a few hundred bytes; a tool call may be megabytes. */
const MAX_INITIALIZE_BYTES = 64 * 1024;

/** The clientInfo of a 2025-era `initialize` request (alone or in a batch), from a copy of its body. */
async function initializeClientInfo(req: Request): Promise<ClientIdentity | null> {
  if (
    req.method !== "POST" ||
    Number(req.headers.get("content-length") ?? MAX_INITIALIZE_BYTES) >= MAX_INITIALIZE_BYTES
  ) {
    return null;
  }
  let body: unknown;
  try {
    body = JSON.parse(await req.clone().text());
  } catch {
    return null; // the handler answers the parse error
  }
  const init = (Array.isArray(body) ? body : [body]).find(
    (m: unknown): m is { params?: { clientInfo?: unknown } } =>
      typeof m === "object" && m !== null && (m as { method?: unknown }).method === "initialize",
  );
  return identity(init?.params?.clientInfo);
}

function identity(info: unknown): ClientIdentity | null {
  const { name, version } = (typeof info === "object" && info !== null ? info : {}) as Record<string, unknown>;
  if (typeof name !== "string" || name.trim() === "") return null;
  return {
    name: name.trim().slice(0, MAX_IDENTITY_CHARS),
    ...(typeof version === "string" && version.trim() !== ""
      ? { version: version.trim().slice(0, MAX_IDENTITY_CHARS) }
      : {}),
  };
}

/** A session id that spells the clientInfo (visible ASCII, as the transport spec requires). */
function sessionIdOf(client: ClientIdentity): string {
  return SESSION_ID_PREFIX + Buffer.from(JSON.stringify([client.name, client.version ?? null])).toString("base64url");
}

function clientOfSessionId(id: string | null): ClientIdentity | null {
  if (!id?.startsWith(SESSION_ID_PREFIX)) return null;
  try {
    const [name, version] = JSON.parse(
      Buffer.from(id.slice(SESSION_ID_PREFIX.length), "base64url").toString("utf8"),
    ) as unknown[];
    return identity({ name, version });
  } catch {
    return null;
  }
}

function withHeaders(res: Response, added: Record<string, string>): Response {
  const headers = new Headers(res.headers);
  for (const [name, value] of Object.entries(added)) headers.set(name, value);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

function bearerToken(req: Request): string | null {
  return req.headers.get("authorization")?.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? null;
}

async function authenticate(req: Request, bearer: string | null): Promise<ApiPrincipal | null> {
  const key = bearer ?? req.headers.get("x-api-key")?.trim();
  if (!key) return null;
  return verifyApiKey(getDb(), key);
}

/** An OAuth refusal: 401 invalid_token or 403 insufficient_scope, with the challenge that says where to get a token. */
function oauthRefusal(r: OAuthRefusal): Response {
  return jsonRpcError(
    r.status,
    r.status === 401 ? -32001 : -32000,
    r.message,
    { code: r.status === 401 ? "unauthorized" : "forbidden", suggestion: r.suggestion },
    { "www-authenticate": r.challenge },
  );
}

/**
 * A refused request answers JSON-RPC's error shape (what MCP clients print), with our error body in `data`. A 401
 * carries the Bearer challenge: with OAuth on, the resource metadata URL and scope clients start OAuth from; with it
 * off (THOUGHTGRAPH_OAUTH=0), only an error description (see bearerChallenge).
 */
function refusal(r: Refusal, challenge?: string): Response {
  const headers: Record<string, string> =
    r.status === 401 ? { "www-authenticate": challenge ?? bearerChallenge() } : {};
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
