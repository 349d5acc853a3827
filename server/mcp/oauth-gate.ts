// The MCP endpoints as OAuth resource servers (MCP authorization, RFC 9728 and RFC 6750): an access token is checked
// by the MCP SDK's verifyBearerToken against this endpoint's canonical URL (a token for the other endpoint, or for
// anything else, is refused: no token passthrough), and a call of a writing tool with a read-only token is refused
// with 403 insufficient_scope before any tool runs, so nothing is written.
import {
  bearerAuthChallengeResponse,
  OAuthError,
  OAuthErrorCode,
  verifyBearerToken,
  type AuthInfo,
} from "@modelcontextprotocol/server";
import { OAUTH_SCOPES } from "@/lib/contracts/oauth";
import { getDb } from "@/server/db/client";
import { accessTokenVerifier } from "@/server/oauth/access-tokens";
import { protectedResourceMetadataUrl } from "@/server/oauth/metadata";
import { publicOrigin, resourceUrl, type McpPath } from "@/server/oauth/resources";
import { TOOL_DEFINITIONS } from "@/sdk/src/mcp/definitions";
import { THOUGHTMCP_TOOLS } from "@/sdk/src/mcp/thoughtmcp/definitions";

const WRITING_TOOLS: Record<McpPath, ReadonlySet<string>> = {
  "/api/mcp": new Set(TOOL_DEFINITIONS.filter((t) => t.writes).map((t) => t.name)),
  "/api/mcp/thoughtmcp": new Set(THOUGHTMCP_TOOLS.filter((t) => t.writes).map((t) => t.name)),
};

export interface OAuthRefusal {
  status: 401 | 403;
  message: string;
  suggestion: string;
  challenge: string;
}

/** The WWW-Authenticate value of a refusal: where the resource metadata is, and the scopes the endpoint's tools use. */
export function oauthChallenge(req: Request, path: McpPath, description: string, error?: OAuthError): string {
  const resourceMetadataUrl = protectedResourceMetadataUrl(publicOrigin(req.headers), path);
  const refused = error ?? new OAuthError(OAuthErrorCode.InvalidToken, description);
  return (
    bearerAuthChallengeResponse(refused, { resourceMetadataUrl, requiredScopes: [...OAUTH_SCOPES] }).headers.get(
      "www-authenticate",
    ) ?? ""
  );
}

/** Names of the tools a JSON-RPC body calls (one message or a batch). */
async function calledTools(req: Request): Promise<string[]> {
  if (req.method !== "POST") return [];
  let body: unknown;
  try {
    body = await req.clone().json();
  } catch {
    return []; // the SDK answers a malformed body itself
  }
  const messages = Array.isArray(body) ? body : [body];
  return messages.flatMap((m) => {
    const msg = m as { method?: unknown; params?: { name?: unknown } } | null;
    return msg?.method === "tools/call" && typeof msg.params?.name === "string" ? [msg.params.name] : [];
  });
}

export async function verifyOAuthRequest(
  req: Request,
  path: McpPath,
): Promise<{ authInfo: AuthInfo } | { refusal: OAuthRefusal }> {
  const resource = resourceUrl(publicOrigin(req.headers), path);
  let authInfo: AuthInfo;
  try {
    authInfo = await verifyBearerToken(req.headers.get("authorization"), {
      verifier: accessTokenVerifier(getDb(), resource),
      expectedResource: new URL(resource),
    });
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    return {
      refusal: {
        status: 401,
        message: `The access token was refused: ${error.message}`,
        suggestion: "Get a new token: refresh it, or authorize again through the resource_metadata of the challenge.",
        challenge: oauthChallenge(req, path, error.message, error),
      },
    };
  }
  if (!authInfo.scopes.includes("write")) {
    const writing = (await calledTools(req)).filter((name) => WRITING_TOOLS[path].has(name));
    if (writing.length > 0) {
      const error = new OAuthError(
        OAuthErrorCode.InsufficientScope,
        `${writing.join(", ")} records thoughts, and this token may only read.`,
      );
      return {
        refusal: {
          status: 403,
          message: error.message,
          suggestion:
            "Authorize again with write access (a viewer's connectors read only: ask an admin for another role).",
          challenge: oauthChallenge(req, path, error.message, error),
        },
      };
    }
  }
  return { authInfo };
}
