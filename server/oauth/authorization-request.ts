// The authorization request (OAuth 2.1 §4.1.1 with PKCE, RFC 8707 resource): checked when the client sends the
// browser to /oauth/authorize, again when the consent page shows it, and again when the person decides, since every
// one of its parameters travels through the browser. Problems with the client or the redirect URI are shown to the
// person (never redirected to an unverified URI); every other problem goes back to the client as an error redirect.
import "@/server/server-only";
import { OAUTH_SCOPES, type OAuthScope } from "@/lib/contracts/oauth";
import { redirectUriMatches } from "@/lib/oauth/redirect-uris";
import type { OAuthSettings } from "@/server/config";
import type { Db } from "@/server/db/client";
import { findClient, type OAuthClientInfo } from "./clients";
import { OAuthProtocolError, type OAuthErrorCode } from "./oauth-error";
import { mcpPathOf, resourceUrl, type McpPath } from "./resources";
import { S256_CHALLENGE } from "./secrets";

export interface AuthorizationRequest {
  client: OAuthClientInfo;
  redirectUri: string;
  codeChallenge: string;
  /** The canonical URL of the MCP endpoint the token will be for. */
  resource: string;
  resourcePath: McpPath;
  /** The scopes the client asked for that this server knows (all of them when it asked for none it knows). */
  scopes: OAuthScope[];
  state: string | null;
}

/** Shown to the person on our own page: the client or its redirect URI cannot be trusted with a redirect. */
export class UnsafeAuthorizationRequest extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
    this.name = "UnsafeAuthorizationRequest";
  }
}

/** Goes back to the client: its redirect URI is verified, so the error is sent there (with state and iss). */
export class AuthorizationErrorRedirect extends Error {
  constructor(readonly location: string) {
    super(`authorization error redirect to ${location}`);
    this.name = "AuthorizationErrorRedirect";
  }
}

/** `redirectUri` with the authorization response's parameters added (RFC 9207's `iss` on every one). */
export function redirectWith(redirectUri: string, issuer: string, params: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== null) url.searchParams.set(k, v);
  url.searchParams.set("iss", issuer);
  return url.href;
}

const MAX_STATE_CHARS = 2000;

export async function checkAuthorizationRequest(
  db: Db,
  params: URLSearchParams,
  issuer: string,
  settings: OAuthSettings,
): Promise<AuthorizationRequest> {
  const clientId = params.get("client_id");
  if (!clientId) throw new UnsafeAuthorizationRequest("invalid_request", "client_id is required.");
  let client: OAuthClientInfo;
  try {
    client = await findClient(db, clientId, settings);
  } catch (error) {
    if (error instanceof OAuthProtocolError) throw new UnsafeAuthorizationRequest(error.error, error.description);
    throw error;
  }
  const asked = params.get("redirect_uri");
  const redirectUri = asked ?? (client.redirectUris.length === 1 ? client.redirectUris[0]! : null);
  if (redirectUri === null) {
    throw new UnsafeAuthorizationRequest(
      "invalid_request",
      "redirect_uri is required when the client registered more than one.",
    );
  }
  if (!redirectUriMatches(redirectUri, client.redirectUris)) {
    throw new UnsafeAuthorizationRequest(
      "invalid_request",
      `redirect_uri ${redirectUri} is not one of the redirect URIs ${client.name} registered ` +
        `(${client.redirectUris.join(", ")}).`,
    );
  }
  const state = params.get("state");
  const fail = (error: OAuthErrorCode, description: string): never => {
    throw new AuthorizationErrorRedirect(
      redirectWith(redirectUri, issuer, { error, error_description: description, state }),
    );
  };
  if (state !== null && state.length > MAX_STATE_CHARS) {
    fail("invalid_request", `state may be at most ${MAX_STATE_CHARS} characters.`);
  }
  const responseType = params.get("response_type");
  if (responseType !== "code") {
    fail("unsupported_response_type", `response_type must be "code"; got ${JSON.stringify(responseType)}.`);
  }
  const challenge = params.get("code_challenge");
  if (!challenge) fail("invalid_request", "code_challenge is required: this server requires PKCE with S256.");
  const method = params.get("code_challenge_method");
  if (method !== "S256") {
    fail(
      "invalid_request",
      `code_challenge_method must be S256 (${method === null ? "it defaults to plain, which" : `"${method}"`} is ` +
        "not accepted).",
    );
  }
  if (!S256_CHALLENGE.test(challenge!)) {
    fail("invalid_request", "code_challenge must be the base64url SHA-256 of the code verifier (43 characters).");
  }
  const resources = params.getAll("resource");
  const resource = params.get("resource");
  const allowed = `${resourceUrl(issuer, "/api/mcp")} or ${resourceUrl(issuer, "/api/mcp/thoughtmcp")}`;
  if (!resource) fail("invalid_target", `resource is required (RFC 8707): the MCP endpoint's URL, ${allowed}.`);
  if (resources.length > 1) fail("invalid_target", "resource may be given once: a token is for one MCP endpoint.");
  const resourcePath = mcpPathOf(issuer, resource!);
  if (!resourcePath) fail("invalid_target", `resource ${resource} is not an MCP endpoint of this server (${allowed}).`);
  const words = (params.get("scope") ?? "").split(/\s+/).filter(Boolean);
  const known = OAUTH_SCOPES.filter((s) => words.includes(s));
  return {
    client,
    redirectUri,
    codeChallenge: challenge!,
    resource: resourceUrl(issuer, resourcePath!),
    resourcePath: resourcePath!,
    scopes: known.length > 0 ? (known.includes("write") ? ["read", "write"] : known) : [...OAUTH_SCOPES],
    state,
  };
}
