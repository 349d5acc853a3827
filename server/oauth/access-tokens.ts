// The resource server's side: an access token presented at an MCP endpoint, checked on every call against the
// database (unknown, expired, revoked, or its grant revoked: refused), with the audience it was issued for compared to
// the endpoint by the MCP SDK's verifyBearerToken. The token then acts as its grant: the person's project, with the
// granted scope capped by the person's role now. No cache: revoking a grant in Settings stops its tokens at once.
import "@/server/server-only";
import { OAuthError, OAuthErrorCode, type AuthInfo, type OAuthTokenVerifier } from "@modelcontextprotocol/server";
import type { ApiPrincipal } from "@/server/auth/api-keys";
import type { Db } from "@/server/db/client";
import { effectiveScope } from "./grants";
import { ACCESS_TOKEN_PREFIX, sha256Hex } from "./secrets";

export const isOAuthAccessToken = (token: string) => token.startsWith(ACCESS_TOKEN_PREFIX);

/** What a verified OAuth token carries for the MCP door: the principal its tools act as, and who that is. */
export interface OAuthPrincipal extends ApiPrincipal {
  grant: { id: string; userId: string; clientId: string; clientName: string };
}

// lastUsedAt is for people reading Settings: written at most once a minute per grant, not on every call.
const LAST_USED_WRITE_MS = 60_000;
const lastUsedWritten = new Map<string, number>();

/** Verifies tokens for the endpoint `resource` (its canonical URL). Nothing is written for a token refused. */
export function accessTokenVerifier(db: Db, resource: string): OAuthTokenVerifier {
  return {
    async verifyAccessToken(token: string): Promise<AuthInfo> {
      const invalid = (why: string) => new OAuthError(OAuthErrorCode.InvalidToken, why);
      if (!isOAuthAccessToken(token)) throw invalid("The access token is not one this server issued.");
      const row = await db.oAuthToken.findUnique({
        where: { id: sha256Hex(token) },
        include: { grant: { include: { client: { select: { name: true } } } } },
      });
      if (!row || row.kind !== "access") throw invalid("The access token is unknown.");
      if (row.revokedAt !== null || row.grant.revokedAt !== null) throw invalid("The access token was revoked.");
      if (row.expiresAt.getTime() <= Date.now()) throw invalid("The access token has expired.");
      const grant = row.grant;
      if (grant.resource !== resource) {
        throw invalid(`The access token was issued for ${grant.resource}, not for this endpoint (${resource}).`);
      }
      const membership = await db.membership.findUnique({
        where: { projectId_userId: { projectId: grant.projectId, userId: grant.userId } },
      });
      const scope = membership ? effectiveScope(grant.scope, membership.role) : null;
      if (!scope) throw invalid("The person this token acts for is no longer a member of its project.");
      const now = Date.now();
      if (now - (lastUsedWritten.get(grant.id) ?? 0) > LAST_USED_WRITE_MS) {
        lastUsedWritten.set(grant.id, now);
        if (lastUsedWritten.size > 10_000) lastUsedWritten.clear();
        await db.oAuthGrant.update({ where: { id: grant.id }, data: { lastUsedAt: new Date(now) } });
      }
      const principal: OAuthPrincipal = {
        apiKeyId: grant.id,
        projectId: grant.projectId,
        scope,
        grant: { id: grant.id, userId: grant.userId, clientId: grant.clientId, clientName: grant.client.name },
      };
      return {
        token: "(oauth access token)",
        clientId: grant.clientId,
        scopes: scope === "write" ? ["read", "write"] : ["read"],
        expiresAt: Math.floor(row.expiresAt.getTime() / 1000),
        resource: new URL(grant.resource),
        extra: { principal },
      };
    },
  };
}
