// The discovery documents: Authorization Server Metadata (RFC 8414, also served at the OpenID discovery path that
// clients try next) and Protected Resource Metadata (RFC 9728) for each MCP endpoint, built by the MCP SDK.
import "@/server/server-only";
import {
  buildOAuthProtectedResourceMetadata,
  getOAuthProtectedResourceMetadataUrl,
} from "@modelcontextprotocol/server";
import { OAUTH_SCOPES } from "@/lib/contracts/oauth";
import type { OAuthSettings } from "@/server/config";
import { MCP_PATHS, resourceUrl, type McpPath } from "./resources";

export const AUTHORIZE_PATH = "/oauth/authorize";
export const TOKEN_PATH = "/api/oauth/token";
export const REGISTER_PATH = "/api/oauth/register";
export const REVOKE_PATH = "/api/oauth/revoke";

export function authorizationServerMetadata(issuer: string, settings: OAuthSettings) {
  return {
    issuer,
    authorization_endpoint: issuer + AUTHORIZE_PATH,
    token_endpoint: issuer + TOKEN_PATH,
    ...(settings.dcr ? { registration_endpoint: issuer + REGISTER_PATH } : {}),
    revocation_endpoint: issuer + REVOKE_PATH,
    scopes_supported: [...OAUTH_SCOPES],
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    token_endpoint_auth_methods_supported: ["none"],
    revocation_endpoint_auth_methods_supported: ["none"],
    code_challenge_methods_supported: ["S256"],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: settings.cimd,
  };
}

const RESOURCE_NAMES: Record<McpPath, string> = {
  "/api/mcp": "thoughtgraph",
  "/api/mcp/thoughtmcp": "thoughtgraph (ThoughtMCP tools)",
};

/** The metadata of one MCP endpoint; `null` path: the origin as a whole (the root well-known document). */
export function protectedResourceMetadata(issuer: string, path: McpPath | null, settings: OAuthSettings) {
  return buildOAuthProtectedResourceMetadata({
    oauthMetadata: authorizationServerMetadata(issuer, settings),
    resourceServerUrl: new URL(path ? resourceUrl(issuer, path) : issuer),
    scopesSupported: [...OAUTH_SCOPES],
    resourceName: path ? RESOURCE_NAMES[path] : "thoughtgraph",
    // A server on plain http outside localhost gets its documents too; hosted clients refuse it, and the docs say
    // to put TLS in front (docker-compose.yml's Caddy).
    dangerouslyAllowInsecureIssuerUrl: issuer.startsWith("http:"),
  });
}

export function protectedResourceMetadataUrl(issuer: string, path: McpPath): string {
  return getOAuthProtectedResourceMetadataUrl(new URL(resourceUrl(issuer, path)));
}

/** The endpoint a path-inserted well-known URL names ("/api/mcp" for …/oauth-protected-resource/api/mcp). */
export function mcpPathFromWellKnown(suffix: string): McpPath | null | undefined {
  if (suffix === "" || suffix === "/") return null;
  return MCP_PATHS.find((p) => p === suffix.replace(/\/$/, ""));
}
