// The authorization server's grant and token rules against a real database of each provider (oauth-grants.sqlite and
// oauth-grants.postgres call this): consent makes a grant and a code; the code is traded once for tokens; refresh
// tokens rotate and a reused one (even two exchanges racing each other) ends the grant; revoking in Settings and a
// person's role change reach the resource server on the next call. The HTTP doors are tested in test/api/oauth.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OAuthSettings } from "@/server/config";

const ISSUER = "http://localhost:3000";
const RESOURCE = `${ISSUER}/api/mcp`;
const REDIRECT = "http://localhost:40000/callback";
const VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
const CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"; // RFC 7636 Appendix B
const SETTINGS: OAuthSettings = {
  enabled: true,
  cimd: true,
  dcr: true,
  publicUrl: null,
  accessTokenSeconds: 900,
  refreshTokenDays: 30,
  cimdPrivateHosts: [],
  dcrPerAddress: 20,
  dcrUnusedMax: 1000,
  trustedProxies: [],
};

export function oauthGrantsSuite(databaseUrl: () => Promise<string>) {
  let db: import("@/server/db/client").Db;
  let grants: typeof import("@/server/oauth/grants");
  let request: typeof import("@/server/oauth/authorization-request");
  let clients: typeof import("@/server/oauth/clients");
  let access: typeof import("@/server/oauth/access-tokens");
  let list: typeof import("@/server/oauth/grant-list");
  let limits: typeof import("@/server/oauth/registration-limits");
  let attribution: typeof import("@/server/oauth/attribution");
  let projectId = "";
  let userId = "";

  beforeAll(async () => {
    process.env.DATABASE_URL = await databaseUrl();
    await (await import("@/server/db/migrations")).applyMigrations(process.env.DATABASE_URL);
    db = (await import("@/server/db/client")).getDb();
    grants = await import("@/server/oauth/grants");
    request = await import("@/server/oauth/authorization-request");
    clients = await import("@/server/oauth/clients");
    access = await import("@/server/oauth/access-tokens");
    list = await import("@/server/oauth/grant-list");
    limits = await import("@/server/oauth/registration-limits");
    attribution = await import("@/server/oauth/attribution");
    projectId = (await (await import("@/server/db/default-project")).ensureDefaultProject(db)).id;
    const { createUser } = await import("@/server/services/accounts");
    userId = (await createUser(db, { email: `owner-${Date.now()}@oauth.test`, password: "correct-horse-battery" })).id;
    await db.membership.create({ data: { projectId, userId, role: "annotator" } });
  });

  afterAll(async () => {
    await (await import("@/server/db/client")).closeDb();
  });

  async function approved(scope: "read" | "write" = "write") {
    const client = await clients.registerClient(
      db,
      { client_name: "Suite", redirect_uris: [REDIRECT] },
      SETTINGS,
      "suite",
    );
    const params = new URLSearchParams({
      response_type: "code",
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      code_challenge: CHALLENGE,
      code_challenge_method: "S256",
      resource: RESOURCE,
    });
    const checked = await request.checkAuthorizationRequest(db, params, ISSUER, SETTINGS);
    const code = await grants.approveRequest(db, userId, checked, projectId, scope);
    return { clientId: client.client_id, code };
  }

  const form = (fields: Record<string, string>) => new URLSearchParams(fields);

  describe("grants and tokens", () => {
    it("trades a code once for tokens stored only as hashes, bound to the endpoint", async () => {
      const { clientId, code } = await approved();
      const tokens = await grants.exchangeCode(
        db,
        form({ code, client_id: clientId, code_verifier: VERIFIER, resource: RESOURCE }),
        SETTINGS,
      );
      expect(tokens).toMatchObject({ token_type: "Bearer", expires_in: 900, scope: "read write" });
      const stored = await db.oAuthToken.findMany({ select: { id: true } });
      expect(stored.some((t) => t.id === tokens.access_token || t.id === tokens.refresh_token)).toBe(false);
      const info = await access.accessTokenVerifier(db, RESOURCE).verifyAccessToken(tokens.access_token);
      expect(info.scopes).toEqual(["read", "write"]);
      await expect(
        access.accessTokenVerifier(db, `${ISSUER}/api/mcp/thoughtmcp`).verifyAccessToken(tokens.access_token),
      ).rejects.toThrow(/not for this endpoint/);
      // The code again: refused, and everything issued under the grant ends.
      await expect(
        grants.exchangeCode(db, form({ code, client_id: clientId, code_verifier: VERIFIER }), SETTINGS),
      ).rejects.toMatchObject({ error: "invalid_grant" });
      await expect(access.accessTokenVerifier(db, RESOURCE).verifyAccessToken(tokens.access_token)).rejects.toThrow(
        /revoked/,
      );
    });

    it("lets only one of two racing refreshes of the same token win, and ends the grant", async () => {
      const { clientId, code } = await approved();
      const first = await grants.exchangeCode(
        db,
        form({ code, client_id: clientId, code_verifier: VERIFIER }),
        SETTINGS,
      );
      const refresh = () =>
        grants.refreshTokens(db, form({ refresh_token: first.refresh_token, client_id: clientId }), SETTINGS);
      const outcomes = await Promise.allSettled([refresh(), refresh()]);
      const won = outcomes.filter((o) => o.status === "fulfilled");
      expect(won.length).toBeLessThanOrEqual(1);
      expect(outcomes.some((o) => o.status === "rejected")).toBe(true);
      const grant = await db.oAuthGrant.findFirstOrThrow({ where: { clientId } });
      expect(grant.revokedWhy).toBe("reuse");
      for (const o of won) {
        await expect(access.accessTokenVerifier(db, RESOURCE).verifyAccessToken(o.value.access_token)).rejects.toThrow(
          /revoked/,
        );
      }
    });

    it("follows the person's role at each call, and a revocation in Settings at once", async () => {
      const { clientId, code } = await approved("write");
      const tokens = await grants.exchangeCode(
        db,
        form({ code, client_id: clientId, code_verifier: VERIFIER }),
        SETTINGS,
      );
      const verify = () => access.accessTokenVerifier(db, RESOURCE).verifyAccessToken(tokens.access_token);
      await db.membership.update({ where: { projectId_userId: { projectId, userId } }, data: { role: "viewer" } });
      expect((await verify()).scopes).toEqual(["read"]);
      await db.membership.update({ where: { projectId_userId: { projectId, userId } }, data: { role: "annotator" } });
      expect((await verify()).scopes).toEqual(["read", "write"]);
      const caller = { userId, all: false };
      const mine = await list.listGrants(db, projectId, caller);
      const row = mine.find((g) => g.client.id === clientId)!;
      expect(row).toMatchObject({ scope: "write", resource: RESOURCE, person: { id: userId } });
      await expect(
        list.revokeProjectGrant(db, projectId, { userId: "someone-else", all: false }, row.id),
      ).rejects.toThrow(/not found/);
      await list.revokeProjectGrant(db, projectId, caller, row.id);
      await expect(verify()).rejects.toThrow(/revoked/);
      expect((await list.listGrants(db, projectId, caller)).some((g) => g.id === row.id)).toBe(false);
    });

    it("refuses write consent beyond the role: a viewer may give read only", async () => {
      await db.membership.update({ where: { projectId_userId: { projectId, userId } }, data: { role: "viewer" } });
      try {
        await expect(approved("write")).rejects.toThrow(/read access only/);
        const before = await db.oAuthGrant.count();
        await expect(approved("write")).rejects.toThrow();
        expect(await db.oAuthGrant.count()).toBe(before);
      } finally {
        await db.membership.update({ where: { projectId_userId: { projectId, userId } }, data: { role: "annotator" } });
      }
    });
  });

  describe("registration limits", () => {
    const register = (from: string, settings: Partial<OAuthSettings> = {}) =>
      clients.registerClient(
        db,
        { client_name: "Limited", redirect_uris: [REDIRECT] },
        { ...SETTINGS, ...settings },
        from,
      );
    const unusedFrom = (from: string) => db.oAuthClient.count({ where: { registeredFrom: from } });

    it("refuses a registration past the per-address limit with 429 and Retry-After, keeping nothing of it", async () => {
      const from = `limit-${Date.now()}`;
      await register(from, { dcrPerAddress: 2 });
      await register(from, { dcrPerAddress: 2 });
      const refused = await register(from, { dcrPerAddress: 2 }).catch((e: unknown) => e);
      expect(refused).toMatchObject({ error: "temporarily_unavailable", status: 429 });
      const retry = (refused as { retryAfterSeconds: number }).retryAfterSeconds;
      expect(retry).toBeGreaterThan(3500);
      expect(retry).toBeLessThanOrEqual(3600);
      expect((refused as Error).message).toMatch(/at most 2 not yet approved in an hour\. Retry after \d+ s/);
      expect(await unusedFrom(from)).toBe(2);
      // Another address is not held back by this one's registrations.
      await expect(register(`${from}-other`, { dcrPerAddress: 2 })).resolves.toMatchObject({ client_name: "Limited" });
    });

    it("caps the unused registrations on the whole server, and suggests a metadata document when CIMD is on", async () => {
      const unused = await db.oAuthClient.count({ where: { kind: "dcr", grants: { none: {} } } });
      const from = `cap-${Date.now()}`;
      const refused = await register(from, { dcrUnusedMax: unused }).catch((e: unknown) => e);
      expect(refused).toMatchObject({ error: "temporarily_unavailable", status: 429 });
      expect((refused as Error).message).toMatch(/waiting for approval.*Client ID Metadata Document/);
      expect(await unusedFrom(from)).toBe(0);
      // An approved client does not count: approving one frees its place.
      const { clientId } = await approved("read");
      expect(await db.oAuthClient.count({ where: { id: clientId } })).toBe(1);
      await expect(register(from, { dcrUnusedMax: unused + 1 })).resolves.toBeTruthy();
    });

    it("forgets a registration nobody approved within a day, and never an approved one", async () => {
      const stale = await register(`stale-${Date.now()}`);
      const { clientId: kept } = await approved("read");
      const dayAndMinuteAgo = new Date(Date.now() - limits.UNUSED_CLIENT_TTL_MS - 60_000);
      await db.oAuthClient.updateMany({
        where: { id: { in: [stale.client_id, kept] } },
        data: { createdAt: dayAndMinuteAgo },
      });
      await expect(clients.findClient(db, stale.client_id, SETTINGS)).rejects.toMatchObject({
        error: "invalid_client",
      });
      expect(await limits.pruneUnusedClients(db, new Date(), true)).toBeGreaterThanOrEqual(1);
      expect(await db.oAuthClient.count({ where: { id: stale.client_id } })).toBe(0);
      await expect(clients.findClient(db, kept, SETTINGS)).resolves.toMatchObject({ id: kept });
    });
  });

  describe("attribution", () => {
    it("names the person and the client for a session a grant wrote, in its own project only", async () => {
      const { clientId } = await approved("write");
      const grant = await db.oAuthGrant.findFirstOrThrow({ where: { clientId } });
      await db.user.update({ where: { id: userId }, data: { name: "Ada Lovelace" } });
      const sessions = [
        { id: "s-connector", apiKeyId: grant.id, client: "claude-ai" },
        { id: "s-unnamed", apiKeyId: grant.id, client: null },
        { id: "s-key", apiKeyId: "some-api-key-id", client: "curl" },
        { id: "s-none", apiKeyId: null, client: null },
      ];
      const found = await attribution.connectorAttributions(db, projectId, sessions);
      expect(Object.fromEntries(found)).toEqual({
        "s-connector": { person: "Ada Lovelace", client: "claude-ai", app: "Suite" },
        "s-unnamed": { person: "Ada Lovelace", client: "Suite", app: "Suite" },
      });
      expect((await attribution.connectorAttributions(db, "another-project", sessions)).size).toBe(0);
    });
  });
}
