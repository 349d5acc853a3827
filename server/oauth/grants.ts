// Grants: a person's consent for a client in one project, and the codes and tokens issued under it. Consent makes a
// grant and its code; the token endpoint trades the code (PKCE S256) for an access and a refresh token and rotates
// refresh tokens; a code or refresh token presented a second time means it was stolen, so the whole grant ends
// (OAuth 2.1 §4.3.1 and §7.5). Only hashes of codes and tokens are stored.
import "@/server/server-only";
import { maxConnectorScope, isRole } from "@/lib/auth/roles";
import type { OAuthScope } from "@/lib/contracts/oauth";
import type { OAuthSettings } from "@/server/config";
import type { Db } from "@/server/db/client";
import { ForbiddenError, NotFoundError } from "@/server/errors";
import { uuidv7 } from "@/lib/ids";
import type { AuthorizationRequest } from "./authorization-request";
import { OAuthProtocolError } from "./oauth-error";
import { canonicalResource } from "./resources";
import {
  ACCESS_TOKEN_PREFIX,
  CODE_PREFIX,
  isPkceVerifier,
  newSecret,
  pkceVerifierMatches,
  REFRESH_TOKEN_PREFIX,
  sha256Hex,
} from "./secrets";

/** Codes are exchanged by the client right after the redirect: seconds in practice; OAuth 2.1 suggests ≤ 10 min. */
export const CODE_TTL_MS = 5 * 60_000;

export type RevokedWhy = "person" | "client" | "replaced" | "reuse";

/** The scope a grant acts with now: what was granted, within what the person's current role allows. */
export function effectiveScope(granted: string, role: string): OAuthScope | null {
  if (!isRole(role)) return null;
  return granted === "write" && maxConnectorScope(role) === "write" ? "write" : "read";
}

export async function revokeGrant(db: Db, grantId: string, why: RevokedWhy): Promise<boolean> {
  const now = new Date();
  const { count } = await db.oAuthGrant.updateMany({
    where: { id: grantId, revokedAt: null },
    data: { revokedAt: now, revokedWhy: why },
  });
  await db.oAuthToken.updateMany({ where: { grantId, revokedAt: null }, data: { revokedAt: now } });
  return count > 0;
}

/**
 * The person approved: a new grant for (person, client, project, endpoint), replacing any earlier one for the same
 * four, and its authorization code. `scope` must be within both what the client asked and what the role allows.
 */
export async function approveRequest(
  db: Db,
  userId: string,
  request: AuthorizationRequest,
  projectId: string,
  scope: OAuthScope,
): Promise<string> {
  const membership = await db.membership.findUnique({ where: { projectId_userId: { projectId, userId } } });
  if (!membership || !isRole(membership.role)) throw new NotFoundError("The project");
  if (!request.scopes.includes(scope)) {
    throw new ForbiddenError(`${request.client.name} did not ask for ${scope} access.`, "Choose read access.");
  }
  if (scope === "write" && maxConnectorScope(membership.role) !== "write") {
    throw new ForbiddenError(
      `A ${membership.role} may give connectors read access only.`,
      "Choose read access, or ask an admin for a role that records thoughts.",
    );
  }
  const code = newSecret(CODE_PREFIX);
  const grantId = uuidv7();
  const now = new Date();
  await db.$transaction(async (tx) => {
    const earlier = await tx.oAuthGrant.findMany({
      where: { userId, clientId: request.client.id, projectId, resource: request.resource, revokedAt: null },
      select: { id: true },
    });
    for (const g of earlier) await revokeGrant(tx as Db, g.id, "replaced");
    await tx.oAuthGrant.create({
      data: { id: grantId, projectId, userId, clientId: request.client.id, scope, resource: request.resource },
    });
    await tx.oAuthCode.create({
      data: {
        id: sha256Hex(code),
        grantId,
        redirectUri: request.redirectUri,
        codeChallenge: request.codeChallenge,
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      },
    });
  });
  return code;
}

export interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
}

async function issueTokens(
  db: Db,
  grantId: string,
  scope: OAuthScope,
  settings: OAuthSettings,
): Promise<TokenResponse> {
  const access = newSecret(ACCESS_TOKEN_PREFIX);
  const refresh = newSecret(REFRESH_TOKEN_PREFIX);
  const now = Date.now();
  await db.oAuthToken.createMany({
    data: [
      {
        id: sha256Hex(access),
        grantId,
        kind: "access",
        expiresAt: new Date(now + settings.accessTokenSeconds * 1000),
      },
      {
        id: sha256Hex(refresh),
        grantId,
        kind: "refresh",
        expiresAt: new Date(now + settings.refreshTokenDays * 24 * 3600_000),
      },
    ],
  });
  return {
    access_token: access,
    token_type: "Bearer",
    expires_in: settings.accessTokenSeconds,
    refresh_token: refresh,
    scope: scope === "write" ? "read write" : "read",
  };
}

type Form = URLSearchParams;

/** A code or refresh token came back after it was used: it may be stolen, so the whole grant ends. */
async function reused(db: Db, grantId: string, what: "code" | "refresh_token"): Promise<OAuthProtocolError> {
  await revokeGrant(db, grantId, "reuse");
  return new OAuthProtocolError(
    "invalid_grant",
    `${what} was already used (reuse means it may be stolen): the grant and its tokens are revoked; authorize again.`,
  );
}

function required(form: Form, name: string): string {
  const value = form.get(name);
  if (!value) throw new OAuthProtocolError("invalid_request", `${name} is required.`);
  return value;
}

/** RFC 8707 §2.2: a resource on the token request must be the one the grant is for. */
function checkResource(form: Form, grantResource: string): void {
  const all = form.getAll("resource");
  if (all.length === 0) return;
  if (all.length > 1 || canonicalResource(all[0]!) !== grantResource) {
    throw new OAuthProtocolError(
      "invalid_target",
      `resource must be ${grantResource}, the MCP endpoint this grant is for; got ${all.join(", ")}.`,
    );
  }
}

async function roleScope(db: Db, grant: { projectId: string; userId: string; scope: string }) {
  const m = await db.membership.findUnique({
    where: { projectId_userId: { projectId: grant.projectId, userId: grant.userId } },
  });
  return m ? effectiveScope(grant.scope, m.role) : null;
}

/** grant_type=authorization_code (OAuth 2.1 §4.1.3 with PKCE, RFC 7636 §4.6). */
export async function exchangeCode(db: Db, form: Form, settings: OAuthSettings): Promise<TokenResponse> {
  const code = required(form, "code");
  const clientId = required(form, "client_id");
  const verifier = required(form, "code_verifier");
  if (!isPkceVerifier(verifier)) {
    throw new OAuthProtocolError("invalid_request", "code_verifier must be 43–128 characters of A–Z a–z 0–9 - . _ ~.");
  }
  const row = await db.oAuthCode.findUnique({ where: { id: sha256Hex(code) }, include: { grant: true } });
  if (!row) throw new OAuthProtocolError("invalid_grant", "code is unknown or expired.");
  if (row.usedAt !== null) throw await reused(db, row.grantId, "code");
  if (row.grant.clientId !== clientId)
    throw new OAuthProtocolError("invalid_grant", "code was issued to another client.");
  if (row.expiresAt.getTime() <= Date.now()) throw new OAuthProtocolError("invalid_grant", "code has expired.");
  if (row.grant.revokedAt !== null) throw new OAuthProtocolError("invalid_grant", "the grant was revoked.");
  const redirectUri = form.get("redirect_uri");
  if (redirectUri !== null && redirectUri !== row.redirectUri) {
    throw new OAuthProtocolError("invalid_grant", "redirect_uri differs from the one of the authorization request.");
  }
  if (!pkceVerifierMatches(verifier, row.codeChallenge)) {
    throw new OAuthProtocolError("invalid_grant", "code_verifier does not match the code_challenge (PKCE S256).");
  }
  checkResource(form, row.grant.resource);
  const scope = await roleScope(db, row.grant);
  if (!scope) throw new OAuthProtocolError("invalid_grant", "the person is no longer a member of the project.");
  const { count } = await db.oAuthCode.updateMany({
    where: { id: row.id, usedAt: null },
    data: { usedAt: new Date() },
  });
  if (count === 0) throw await reused(db, row.grantId, "code");
  return issueTokens(db, row.grantId, scope, settings);
}

/** grant_type=refresh_token with rotation (OAuth 2.1 §4.3): each refresh token works once. */
export async function refreshTokens(db: Db, form: Form, settings: OAuthSettings): Promise<TokenResponse> {
  const token = required(form, "refresh_token");
  const clientId = required(form, "client_id");
  const row = await db.oAuthToken.findUnique({ where: { id: sha256Hex(token) }, include: { grant: true } });
  if (!row || row.kind !== "refresh") throw new OAuthProtocolError("invalid_grant", "refresh_token is unknown.");
  if (row.grant.clientId !== clientId) {
    throw new OAuthProtocolError("invalid_grant", "refresh_token was issued to another client.");
  }
  if (row.usedAt !== null) throw await reused(db, row.grantId, "refresh_token");
  if (row.revokedAt !== null || row.grant.revokedAt !== null) {
    throw new OAuthProtocolError("invalid_grant", "refresh_token was revoked; authorize again.");
  }
  if (row.expiresAt.getTime() <= Date.now()) {
    throw new OAuthProtocolError("invalid_grant", "refresh_token has expired; authorize again.");
  }
  checkResource(form, row.grant.resource);
  const scope = await roleScope(db, row.grant);
  if (!scope) throw new OAuthProtocolError("invalid_grant", "the person is no longer a member of the project.");
  const { count } = await db.oAuthToken.updateMany({
    where: { id: row.id, usedAt: null },
    data: { usedAt: new Date() },
  });
  if (count === 0) throw await reused(db, row.grantId, "refresh_token");
  return issueTokens(db, row.grantId, scope, settings);
}

/**
 * RFC 7009: revoking a refresh token ends its grant (the client disconnected); an access token, only itself. An
 * unknown token, or one of another client, is answered the same (200) and changes nothing.
 */
export async function revokeToken(db: Db, form: Form): Promise<void> {
  const token = required(form, "token");
  const clientId = form.get("client_id");
  const row = await db.oAuthToken.findUnique({ where: { id: sha256Hex(token) }, include: { grant: true } });
  if (!row || (clientId !== null && row.grant.clientId !== clientId)) return;
  if (row.kind === "refresh") await revokeGrant(db, row.grantId, "client");
  else await db.oAuthToken.updateMany({ where: { id: row.id, revokedAt: null }, data: { revokedAt: new Date() } });
}
