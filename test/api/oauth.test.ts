// MCP authorization end to end against the production server: the MCP SDK client (v2) with its OAuth client provider
// runs discovery, a Client ID Metadata Document served by this test over https, PKCE, the token exchange and a refresh;
// a server with CIMD turned off is connected through Dynamic Client Registration, one with DCR turned off through CIMD
// only, and one deployed as docs/connectors.md says (a public https URL behind a proxy) through its public name. The
// consent step is the consent page's own form, posted over HTTP with a real sign-in. Then the negative cases: each
// answers the specification's error, and the database shows that nothing was written.
//
// The metadata documents live on 127.0.0.1, which CIMD refuses (no loopback or private addresses): the server is
// started with THOUGHTGRAPH_OAUTH_CIMD_PRIVATE_HOSTS=127.0.0.1, the admin setting for an intranet's metadata host, and
// trusts the test's self-signed certificate through NODE_EXTRA_CA_CERTS. `localhost` and `[::1]`, on the same server,
// are not allowed, which gives the private-address cases.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { request, type IncomingHttpHeaders } from "node:http";
import path from "node:path";

import { Client, StreamableHTTPClientTransport, UnauthorizedError } from "@modelcontextprotocol/client";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startSqliteServer, type SqliteServer } from "@/test/support/api-client";
import {
  clientDocument,
  decide,
  memoryProvider,
  openAuthorization,
  signIn,
  startMetadataServer,
  type MetadataServer,
} from "@/test/support/oauth";

const ADMIN = { email: "admin@oauth.test", password: "correct-horse-battery" };
const VIEWER = { email: "viewer@oauth.test", password: "viewer-horse-battery" };
const REDIRECT = "http://localhost:41234/callback";
const ROOT = path.resolve(import.meta.dirname, "../..");

let meta: MetadataServer;
let a: SqliteServer; // CIMD on
let b: SqliteServer; // CIMD off: Dynamic Client Registration
let off: SqliteServer; // THOUGHTGRAPH_OAUTH=0
let noDcr: SqliteServer; // THOUGHTGRAPH_OAUTH_DCR=0: metadata documents only
let pub: SqliteServer; // deployed as docs/connectors.md says: a public https URL, behind a proxy that does TLS
const PUBLIC = "https://tg.example.com";
let adminCookie: string;

function rows<T>(s: SqliteServer, sql: string, ...params: unknown[]): T[] {
  const db = new Database(s.dbFile, { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}
function run(s: SqliteServer, sql: string, ...params: unknown[]): void {
  const db = new Database(s.dbFile);
  try {
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}
const count = (s: SqliteServer, table: string) => rows<{ n: number }>(s, `SELECT count(*) n FROM "${table}"`)[0]!.n;
/** Everything an OAuth request or a tool call could write. */
const writes = (s: SqliteServer) =>
  ["OAuthGrant", "OAuthCode", "OAuthToken", "Thought", "ThinkingSession"].map((t) => `${t}=${count(s, t)}`).join(" ");

const cimdUrl = (name: string) => `${meta.origin}/${name}`;

beforeAll(async () => {
  meta = await startMetadataServer({
    "/client.json": (o) => clientDocument(`${o}/client.json`, ["http://localhost/callback"]),
    "/big.json": (o) => ({
      body: JSON.stringify({ ...JSON.parse(clientDocument(`${o}/big.json`, [REDIRECT]).body), pad: "x".repeat(8000) }),
    }),
    "/slow.json": (o) => ({ ...clientDocument(`${o}/slow.json`, [REDIRECT]), delayMs: 8_000 }),
    "/text.json": () => ({ headers: { "content-type": "text/plain" }, body: "this is not JSON" }),
    "/other-id.json": (o) => clientDocument(`${o}/client.json`, [REDIRECT]),
    "/cached.json": (o) => clientDocument(`${o}/cached.json`, [REDIRECT], "Cached client"),
    "/short.json": (o) => ({
      ...clientDocument(`${o}/short.json`, [REDIRECT]),
      headers: { "cache-control": "public, max-age=120" },
    }),
    "/no-store.json": (o) => ({
      ...clientDocument(`${o}/no-store.json`, [REDIRECT]),
      headers: { "cache-control": "no-store" },
    }),
  });
  const env = {
    THOUGHTGRAPH_INIT_ADMIN_EMAIL: ADMIN.email,
    THOUGHTGRAPH_INIT_ADMIN_PASSWORD: ADMIN.password,
    NODE_EXTRA_CA_CERTS: meta.certFile,
    THOUGHTGRAPH_OAUTH_CIMD_PRIVATE_HOSTS: "127.0.0.1",
  };
  [a, b, off, noDcr, pub] = await Promise.all([
    startSqliteServer("oauth-cimd", env),
    startSqliteServer("oauth-dcr", { ...env, THOUGHTGRAPH_OAUTH_CIMD: "0" }),
    startSqliteServer("oauth-off", { THOUGHTGRAPH_OAUTH: "0" }),
    startSqliteServer("oauth-no-dcr", { ...env, THOUGHTGRAPH_OAUTH_DCR: "0" }),
    startSqliteServer("oauth-public", {
      ...env,
      THOUGHTGRAPH_PUBLIC_URL: PUBLIC,
      THOUGHTGRAPH_ALLOWED_HOSTS: "tg.example.com",
      THOUGHTGRAPH_ALLOWED_ORIGINS: PUBLIC,
    }),
  ]);
  execFileSync(
    process.execPath,
    ["--import", "tsx", "scripts/users.ts", "create", "--email", VIEWER.email, "--role", "viewer"],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: a.databaseUrl, THOUGHTGRAPH_PASSWORD: VIEWER.password },
      stdio: "ignore",
    },
  );
  adminCookie = await signIn(a.server.url, ADMIN.email, ADMIN.password);
}, 180_000);

afterAll(async () => {
  await Promise.all([a?.server.stop(), b?.server.stop(), off?.server.stop(), noDcr?.server.stop(), pub?.server.stop()]);
  await meta?.close();
});

/** Connects the SDK client through OAuth: the first connect is refused (401), consent, finishAuth, connect again. */
async function connectWithOAuth(
  s: SqliteServer,
  cookie: string,
  opts: { clientMetadataUrl?: string; endpoint?: string; scope?: "read" | "write" } = {},
) {
  const endpoint = new URL(opts.endpoint ?? "/api/mcp", s.server.url);
  const provider = memoryProvider(REDIRECT, opts.clientMetadataUrl);
  const first = new Client({ name: "oauth-test-client", version: "1.0.0" });
  await expect(
    first.connect(new StreamableHTTPClientTransport(endpoint, { authProvider: provider })),
  ).rejects.toBeInstanceOf(UnauthorizedError);
  expect(provider.authorizationUrl).not.toBeNull();
  const { page } = await openAuthorization(provider.authorizationUrl!, cookie);
  expect(page).not.toBeNull();
  const answer = await decide(s.server.url, page!, cookie, {
    decision: "approve",
    projectId: page!.projectIds[0]!,
    scope: opts.scope ?? "write",
  });
  expect(answer.status).toBe(303);
  const callback = new URL(answer.location!);
  const transport = new StreamableHTTPClientTransport(endpoint, { authProvider: provider });
  await transport.finishAuth(callback.searchParams);
  const client = new Client({ name: "oauth-test-client", version: "1.0.0" });
  await client.connect(transport);
  return { client, provider, page: page!, callback };
}

const thoughtArgs = (text: string) => ({ thought: text, thoughtNumber: 1, totalThoughts: 1, nextThoughtNeeded: false });

describe("the MCP SDK client through OAuth", () => {
  it("discovers, fetches the client's metadata document (CIMD), runs PKCE and calls a tool as the person and client", async () => {
    const { client, provider, page, callback } = await connectWithOAuth(a, adminCookie, {
      clientMetadataUrl: cimdUrl("client.json"),
    });
    // The consent page names the client as it named itself, marked unverified, with where its metadata came from.
    expect(page.html).toContain("SDK test client");
    expect(page.html).toContain("unverified");
    expect(page.html).toContain("127.0.0.1:");
    // RFC 9207: the authorization response names the issuer; the SDK checked it in finishAuth.
    expect(callback.searchParams.get("iss")).toBe(new URL(a.server.url).origin);
    // The portless loopback redirect of the document matched the client's port (RFC 8252 §7.3).
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT);

    const result = await client.callTool({ name: "sequentialthinking", arguments: thoughtArgs("through OAuth") });
    expect(result.isError).toBeFalsy();
    const sessionId = (result.structuredContent as { sessionId: string }).sessionId;
    const [session] = rows<{ apiKeyId: string; client: string }>(
      a,
      `SELECT apiKeyId, client FROM ThinkingSession WHERE id = ?`,
      sessionId,
    );
    const [grant] = rows<{ id: string; userId: string; clientId: string; scope: string; resource: string }>(
      a,
      `SELECT g.id, g.userId, g.clientId, g.scope, g.resource FROM OAuthGrant g WHERE g.id = ?`,
      session!.apiKeyId,
    );
    const [admin] = rows<{ id: string }>(a, `SELECT id FROM User WHERE email = ?`, ADMIN.email);
    expect(grant).toMatchObject({ userId: admin!.id, clientId: cimdUrl("client.json"), scope: "write" });
    expect(grant!.resource).toBe(`${a.server.url}/api/mcp`);
    // The session names the client: its MCP clientInfo when the request carried it, else the approved OAuth client.
    expect(session!.client).toMatch(/^(oauth-test-client|SDK test client)$/);
    // Stored hashed: no code or token appears in the database as issued.
    const stored = rows<{ id: string }>(a, `SELECT id FROM OAuthToken`).map((r) => r.id);
    expect(stored).not.toContain(provider.savedTokens!.refresh_token);
    expect(stored.every((id) => /^[0-9a-f]{64}$/.test(id))).toBe(true);

    // The access token runs out: the next call is refused, the SDK refreshes (rotation) and retries.
    const before = provider.savedTokens!.refresh_token!;
    run(
      a,
      `UPDATE OAuthToken SET expiresAt = '2000-01-01T00:00:00.000+00:00' WHERE kind = 'access' AND grantId = ?`,
      grant!.id,
    );
    const again = await client.callTool({ name: "get_thinking_session", arguments: { sessionId } });
    expect(again.isError).toBeFalsy();
    expect(provider.savedTokens!.refresh_token).not.toBe(before);
    await client.close();
  });

  it("connects to the ThoughtMCP endpoint through its own discovery; that token is refused at /api/mcp", async () => {
    const { client, provider } = await connectWithOAuth(a, adminCookie, {
      clientMetadataUrl: cimdUrl("client.json"),
      endpoint: "/api/mcp/thoughtmcp",
    });
    const think = await client.callTool({
      name: "think",
      arguments: { problem: "Shard the events table?", mode: "analytical" },
    });
    expect(think.isError).toBeFalsy();
    const [grant] = rows<{ resource: string }>(
      a,
      `SELECT resource FROM OAuthGrant WHERE revokedAt IS NULL ORDER BY createdAt DESC LIMIT 1`,
    );
    expect(grant!.resource).toBe(`${a.server.url}/api/mcp/thoughtmcp`);
    const before = writes(a);
    const elsewhere = await callTool(a, provider.savedTokens!.access_token!, "sequentialthinking", thoughtArgs("x"));
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.challenge).toMatch(
      /not for this endpoint.*resource_metadata=".*\/oauth-protected-resource\/api\/mcp"/,
    );
    expect(writes(a)).toBe(before);
    await client.close();
  });

  it("registers through Dynamic Client Registration when CIMD is off, and the grant appears for the person", async () => {
    const cookie = await signIn(b.server.url, ADMIN.email, ADMIN.password);
    const asMeta: unknown = await (await fetch(`${b.server.url}/.well-known/oauth-authorization-server`)).json();
    expect(asMeta).toMatchObject({
      client_id_metadata_document_supported: false,
      code_challenge_methods_supported: ["S256"],
    });
    const { client } = await connectWithOAuth(b, cookie, { clientMetadataUrl: cimdUrl("client.json") });
    const result = await client.callTool({ name: "sequentialthinking", arguments: thoughtArgs("registered client") });
    expect(result.isError).toBeFalsy();
    const [grant] = rows<{ clientId: string; kind: string }>(
      b,
      `SELECT g.clientId, c.kind FROM OAuthGrant g JOIN OAuthClient c ON c.id = g.clientId`,
    );
    expect(grant).toMatchObject({ kind: "dcr" });
    expect(grant!.clientId).toMatch(/^tgc_/);
    await client.close();
  });

  it("keeps API keys working on the MCP door, whose 401 now points at the resource metadata", async () => {
    const keyed = new Client({ name: "key-client", version: "1.0.0" });
    await keyed.connect(
      new StreamableHTTPClientTransport(new URL("/api/mcp", a.server.url), {
        requestInit: { headers: { authorization: `Bearer ${a.server.apiKey}` } },
      }),
    );
    expect(
      (await keyed.callTool({ name: "sequentialthinking", arguments: thoughtArgs("with a key") })).isError,
    ).toBeFalsy();
    await keyed.close();
    const res = await fetch(`${a.server.url}/api/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(
      /^Bearer .*scope="read write".*resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/api\/mcp"/,
    );
    const prm: unknown = await (
      await fetch(`${a.server.url}/.well-known/oauth-protected-resource/api/mcp/thoughtmcp`)
    ).json();
    expect(prm).toMatchObject({
      resource: `${a.server.url}/api/mcp/thoughtmcp`,
      authorization_servers: [a.server.url],
    });
    const oidc: unknown = await (await fetch(`${a.server.url}/.well-known/openid-configuration`)).json();
    expect(oidc).toMatchObject({ issuer: a.server.url, token_endpoint_auth_methods_supported: ["none"] });
  });

  it("serves RFC 9728 metadata for the origin and each endpoint, and RFC 8414 metadata at both discovery paths", async () => {
    const get = async (route: string) => {
      const res = await fetch(a.server.url + route);
      expect(res.headers.get("content-type"), route).toMatch(/^application\/json/);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    for (const path of ["/api/mcp", "/api/mcp/thoughtmcp"]) {
      // The 401 of each endpoint names its own document, with the scopes its tools use.
      const refused = await fetch(a.server.url + path, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      expect(refused.status, path).toBe(401);
      const challenge = refused.headers.get("www-authenticate") ?? "";
      expect(challenge, path).toMatch(/^Bearer /);
      expect(challenge, path).toContain('scope="read write"');
      const documentUrl = /resource_metadata="([^"]+)"/.exec(challenge)?.[1];
      expect(documentUrl, path).toBe(`${a.server.url}/.well-known/oauth-protected-resource${path}`);
      const prm = await get(new URL(documentUrl!).pathname);
      expect(prm.status, path).toBe(200);
      expect(prm.body, path).toMatchObject({
        resource: a.server.url + path,
        authorization_servers: [a.server.url],
        scopes_supported: ["read", "write"],
      });
    }
    const root = await get("/.well-known/oauth-protected-resource");
    expect(root.status).toBe(200);
    expect(root.body).toMatchObject({ resource: `${a.server.url}/`, authorization_servers: [a.server.url] });
    const rfc8414 = await get("/.well-known/oauth-authorization-server");
    expect(rfc8414.status).toBe(200);
    expect(rfc8414.body).toMatchObject({
      issuer: a.server.url,
      authorization_endpoint: `${a.server.url}/oauth/authorize`,
      token_endpoint: `${a.server.url}/api/oauth/token`,
      registration_endpoint: `${a.server.url}/api/oauth/register`,
      revocation_endpoint: `${a.server.url}/api/oauth/revoke`,
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    });
    expect(rfc8414.body.token_endpoint_auth_methods_supported).toContain("none");
    expect((await get("/.well-known/openid-configuration")).body).toEqual(rfc8414.body);
    // The issuer has no path, so the path-inserted forms of both discovery paths are JSON 404s.
    for (const route of [
      "/.well-known/oauth-authorization-server/api/mcp",
      "/.well-known/openid-configuration/api/mcp",
    ]) {
      const inserted = await get(route);
      expect(inserted.status, route).toBe(404);
      expect(inserted.body, route).toMatchObject({ error: { code: "not_found" } });
    }
  });

  it("answers browser-based clients on other origins: OAuth doors any origin, /api/mcp its allowed ones only", async () => {
    const inspector = "http://localhost:6274"; // the MCP Inspector's page: localhost is allowed by default
    const preflight = (route: string, origin: string, method: string, headers: string) =>
      fetch(a.server.url + route, {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": method, "access-control-request-headers": headers },
      });
    for (const [route, method, headers] of [
      ["/.well-known/oauth-protected-resource/api/mcp", "GET", "mcp-protocol-version"],
      ["/.well-known/oauth-authorization-server", "GET", "mcp-protocol-version"],
      ["/.well-known/openid-configuration", "GET", "mcp-protocol-version"],
      ["/api/oauth/register", "POST", "content-type"],
      ["/api/oauth/token", "POST", "content-type"],
      ["/api/oauth/revoke", "POST", "content-type"],
    ] as const) {
      const res = await preflight(route, "https://connectors.example", method, headers);
      expect(res.status, route).toBe(204);
      expect(res.headers.get("access-control-allow-origin"), route).toBe("*");
      expect(res.headers.get("access-control-allow-methods"), route).toBe(method);
      expect(res.headers.get("access-control-allow-headers"), route).toContain(headers);
      expect(res.headers.get("access-control-allow-credentials"), route).toBeNull();
    }
    // The answers themselves, errors included, are readable by any page (none of these doors reads a cookie).
    const badCode = await fetch(`${a.server.url}/api/oauth/token`, {
      method: "POST",
      headers: { origin: "https://connectors.example", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "authorization_code", code: "nope", client_id: "x" }),
    });
    expect(badCode.status).toBe(400);
    expect(badCode.headers.get("access-control-allow-origin")).toBe("*");
    expect(((await badCode.json()) as { error?: unknown }).error).toBe("invalid_request");
    const registered = await fetch(`${a.server.url}/api/oauth/register`, {
      method: "POST",
      headers: { origin: inspector, "content-type": "application/json" },
      body: JSON.stringify({ client_name: "Browser client", redirect_uris: [`${inspector}/oauth/callback`] }),
    });
    expect(registered.status).toBe(201);
    expect(registered.headers.get("access-control-allow-origin")).toBe("*");

    // /api/mcp: an allowed origin gets its preflight answered before any credential, and may read the 401's challenge
    // (where OAuth starts) and the session id; another origin is refused and gets no CORS header, so reads nothing.
    const mcpPreflight = await preflight(
      "/api/mcp",
      inspector,
      "POST",
      "authorization, content-type, mcp-protocol-version",
    );
    expect(mcpPreflight.status).toBe(204);
    expect(mcpPreflight.headers.get("access-control-allow-origin")).toBe(inspector);
    expect(mcpPreflight.headers.get("vary")).toMatch(/origin/i);
    expect(mcpPreflight.headers.get("access-control-allow-headers")).toContain("mcp-protocol-version");
    const unauthenticated = await fetch(`${a.server.url}/api/mcp`, {
      method: "POST",
      headers: { origin: inspector, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get("access-control-allow-origin")).toBe(inspector);
    expect(unauthenticated.headers.get("access-control-expose-headers")).toContain("www-authenticate");
    const foreign = await preflight("/api/mcp/thoughtmcp", "https://evil.example", "POST", "content-type");
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
    const foreignPost = await fetch(`${a.server.url}/api/mcp`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(foreignPost.status).toBe(403);
    expect(foreignPost.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("with Dynamic Client Registration turned off, refuses registrations and still connects a metadata-document client", async () => {
    const asMeta = (await (await fetch(`${noDcr.server.url}/.well-known/oauth-authorization-server`)).json()) as Record<
      string,
      unknown
    >;
    expect(asMeta).toMatchObject({ client_id_metadata_document_supported: true });
    expect(asMeta).not.toHaveProperty("registration_endpoint");
    const refused = await fetch(`${noDcr.server.url}/api/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "x", redirect_uris: [REDIRECT] }),
    });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({
      error: "invalid_request",
      error_description: expect.stringMatching(/Dynamic Client Registration is turned off/) as unknown,
    });
    expect(count(noDcr, "OAuthClient")).toBe(0);
    const cookie = await signIn(noDcr.server.url, ADMIN.email, ADMIN.password);
    const { client } = await connectWithOAuth(noDcr, cookie, { clientMetadataUrl: cimdUrl("client.json") });
    expect(
      (await client.callTool({ name: "sequentialthinking", arguments: thoughtArgs("no DCR") })).isError,
    ).toBeFalsy();
    expect(rows<{ kind: string }>(noDcr, `SELECT kind FROM OAuthClient`)).toEqual([{ kind: "cimd" }]);
    await client.close();
  });
});

// ---- Refusals: each with the specification's error, and nothing written ----

const VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
const CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"; // RFC 7636 Appendix B

async function register(s: SqliteServer, redirectUris = [REDIRECT, "https://chatgpt.com/connector/oauth/abc123"]) {
  const res = await fetch(`${s.server.url}/api/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      client_name: "Raw client",
      redirect_uris: redirectUris,
      token_endpoint_auth_method: "none",
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { client_id: string }).client_id;
}

function authorizeUrl(s: SqliteServer, clientId: string, overrides: Record<string, string | null> = {}) {
  const url = new URL("/oauth/authorize", s.server.url);
  const params: Record<string, string | null> = {
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: CHALLENGE,
    code_challenge_method: "S256",
    state: "st-1",
    scope: "read write",
    resource: `${s.server.url}/api/mcp`,
    ...overrides,
  };
  for (const [k, v] of Object.entries(params)) if (v !== null) url.searchParams.set(k, v);
  return url;
}

async function token(s: SqliteServer, form: Record<string, string>) {
  const res = await fetch(`${s.server.url}/api/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, string> };
}

/** A code for `clientId` approved by `cookie`'s person. */
async function approvedCode(
  s: SqliteServer,
  clientId: string,
  cookie: string,
  overrides: Record<string, string | null> = {},
  scope: "read" | "write" = "write",
) {
  const { page } = await openAuthorization(authorizeUrl(s, clientId, overrides), cookie);
  const answer = await decide(s.server.url, page!, cookie, {
    decision: "approve",
    projectId: page!.projectIds[0]!,
    scope,
  });
  expect(answer.status).toBe(303);
  return new URL(answer.location!).searchParams.get("code")!;
}

async function tokens(
  s: SqliteServer,
  clientId: string,
  cookie: string,
  overrides: Record<string, string | null> = {},
  scope: "read" | "write" = "write",
) {
  const code = await approvedCode(s, clientId, cookie, overrides, scope);
  const resource = overrides.resource ?? `${s.server.url}/api/mcp`;
  const answer = await token(s, {
    grant_type: "authorization_code",
    code,
    code_verifier: VERIFIER,
    client_id: clientId,
    redirect_uri: REDIRECT,
    resource,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { access_token: string; refresh_token: string };
}

/** A JSON-RPC tools/call over the MCP door with a bearer token (one stateless POST). */
async function callTool(s: SqliteServer, bearer: string, name: string, args: unknown, endpoint = "/api/mcp") {
  const res = await fetch(`${s.server.url}${endpoint}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      authorization: `Bearer ${bearer}`,
      "mcp-protocol-version": "2025-06-18",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
  });
  return { status: res.status, challenge: res.headers.get("www-authenticate"), text: await res.text() };
}

/** A stateless sequentialthinking call with a bearer token, as a withHost request. */
function recordThought(bearer: string, text: string) {
  return {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      authorization: `Bearer ${bearer}`,
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "sequentialthinking", arguments: thoughtArgs(text) },
    }),
  };
}

/** The JSON-RPC result of a tools/call answer, sent as JSON or as one server-sent event. */
function rpcResult(text: string): { isError?: boolean; structuredContent?: { sessionId?: string } } {
  const json = text.trimStart().startsWith("{") ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? "null");
  return (JSON.parse(json) as { result: { isError?: boolean; structuredContent?: { sessionId?: string } } }).result;
}

/** One request with a Host of our choosing (fetch sends the URL's own): what a DNS-rebound browser would send. */
function withHost(
  url: string,
  host: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<{ status: number; text: string; headers: IncomingHttpHeaders }>((resolve, reject) => {
    const req = request(url, { method: init.method ?? "GET", headers: { ...init.headers, host } }, (res) => {
      let text = "";
      res.on("data", (d: Buffer) => (text += d.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

describe("OAuth refusals", () => {
  it("refuses registrations with a bad redirect URI or a body that is not JSON, in OAuth's error shape", async () => {
    const before = count(a, "OAuthClient");
    const register = (body: string) =>
      fetch(`${a.server.url}/api/oauth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
    const http = await register(JSON.stringify({ client_name: "x", redirect_uris: ["http://evil.example/cb"] }));
    expect(http.status).toBe(400);
    expect(await http.json()).toMatchObject({ error: "invalid_redirect_uri" });
    const notJson = await register("{not json");
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ error: "invalid_client_metadata" });
    expect(count(a, "OAuthClient")).toBe(before);
  });

  it("refuses a wrong PKCE verifier with invalid_grant and issues no token", async () => {
    const clientId = await register(a);
    const code = await approvedCode(a, clientId, adminCookie);
    const before = writes(a);
    const wrong = await token(a, {
      grant_type: "authorization_code",
      code,
      code_verifier: VERIFIER.replace("d", "e"),
      client_id: clientId,
      redirect_uri: REDIRECT,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe("invalid_grant");
    expect(wrong.body.error_description).toMatch(/code_verifier/);
    expect(wrong.headers.get("cache-control")).toBe("no-store");
    expect(writes(a)).toBe(before);
    // The code is stored only as its SHA-256.
    const stored = rows<{ id: string }>(a, `SELECT id FROM OAuthCode`).map((r) => r.id);
    expect(stored).toContain(createHash("sha256").update(code).digest("hex"));
    expect(stored).not.toContain(code);
  });

  it("sends a denial back to the client as access_denied with state and iss, and makes no grant", async () => {
    const clientId = await register(a);
    const before = writes(a);
    const { page } = await openAuthorization(authorizeUrl(a, clientId), adminCookie);
    const answer = await decide(a.server.url, page!, adminCookie, { decision: "deny" });
    expect(answer.status).toBe(303);
    const callback = new URL(answer.location!);
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT);
    expect(callback.searchParams.get("error")).toBe("access_denied");
    expect(callback.searchParams.get("state")).toBe("st-1");
    expect(callback.searchParams.get("iss")).toBe(a.server.url);
    expect(callback.searchParams.has("code")).toBe(false);
    expect(writes(a)).toBe(before);
  });

  it("refuses plain PKCE (and none) at the authorization endpoint with an error redirect carrying state and iss", async () => {
    const clientId = await register(a);
    const before = writes(a);
    for (const method of ["plain", null]) {
      const res = await fetch(authorizeUrl(a, clientId, { code_challenge_method: method, code_challenge: VERIFIER }), {
        redirect: "manual",
      });
      expect(res.status).toBe(302);
      const back = new URL(res.headers.get("location")!);
      expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
      expect(back.searchParams.get("error")).toBe("invalid_request");
      expect(back.searchParams.get("error_description")).toMatch(/S256/);
      expect(back.searchParams.get("state")).toBe("st-1");
      expect(back.searchParams.get("iss")).toBe(a.server.url);
    }
    expect(writes(a)).toBe(before);
  });

  it("never redirects to an unregistered redirect URI: the person is shown the problem; ChatGPT's per-connector URI matches exactly", async () => {
    const clientId = await register(a);
    const before = writes(a);
    for (const evil of [
      "https://evil.example/callback",
      "https://chatgpt.com/connector/oauth/other",
      "http://localhost:41234/other",
    ]) {
      const { location, page } = await openAuthorization(
        authorizeUrl(a, clientId, { redirect_uri: evil }),
        adminCookie,
      );
      expect(location).toMatch(/^\/oauth\/consent/);
      expect(page!.html).toContain("cannot be used");
      expect(page!.html).toContain("is not one of the redirect URIs");
      // The decision door refuses it too, with no grant made.
      const tried = await decide(a.server.url, page!, adminCookie, {
        decision: "approve",
        projectId: "x",
        scope: "read",
      });
      expect(tried.status).toBe(400);
    }
    const { page } = await openAuthorization(
      authorizeUrl(a, clientId, { redirect_uri: "https://chatgpt.com/connector/oauth/abc123" }),
      adminCookie,
    );
    expect(page!.html).not.toContain("cannot be used");
    expect(writes(a)).toBe(before);
  });

  it("binds tokens to one MCP endpoint: the other path and another resource are refused, nothing is written", async () => {
    const clientId = await register(a);
    const other = await fetch(authorizeUrl(a, clientId, { resource: "https://evil.example/mcp" }), {
      redirect: "manual",
    });
    expect(new URL(other.headers.get("location")!).searchParams.get("error")).toBe("invalid_target");
    const { access_token } = await tokens(a, clientId, adminCookie);
    const before = writes(a);
    const wrongPath = await callTool(a, access_token, "think", { thought: "x" }, "/api/mcp/thoughtmcp");
    expect(wrongPath.status).toBe(401);
    expect(wrongPath.challenge).toMatch(
      /error="invalid_token".*resource_metadata=".*\/oauth-protected-resource\/api\/mcp\/thoughtmcp"/,
    );
    expect(writes(a)).toBe(before);
    const right = await callTool(a, access_token, "sequentialthinking", thoughtArgs("on its own endpoint"));
    expect(right.status).toBe(200);
    const code = await approvedCode(a, clientId, adminCookie);
    const tokensBefore = count(a, "OAuthToken");
    const mismatch = await token(a, {
      grant_type: "authorization_code",
      code,
      code_verifier: VERIFIER,
      client_id: clientId,
      resource: `${a.server.url}/api/mcp/thoughtmcp`,
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toBe("invalid_target");
    expect(count(a, "OAuthToken")).toBe(tokensBefore);
  });

  it("refuses expired, revoked and reused refresh tokens; reuse ends the whole grant", async () => {
    const clientId = await register(a);
    const first = await tokens(a, clientId, adminCookie);
    const refresh = (t: string) => token(a, { grant_type: "refresh_token", refresh_token: t, client_id: clientId });
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    // Reuse of the rotated token: refused, and the newer tokens die with the grant.
    const reused = await refresh(first.refresh_token);
    expect(reused).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    expect(reused.body.error_description).toMatch(/already used/);
    expect((await callTool(a, second.body.access_token!, "get_thinking_session", {})).status).toBe(401);
    expect((await refresh(second.body.refresh_token!)).body.error).toBe("invalid_grant");
    // Expired.
    const third = await tokens(a, clientId, adminCookie);
    run(
      a,
      `UPDATE OAuthToken SET expiresAt = '2000-01-01T00:00:00.000+00:00' WHERE kind = 'refresh' AND usedAt IS NULL AND revokedAt IS NULL`,
    );
    const before = writes(a);
    const expired = await refresh(third.refresh_token);
    expect(expired.body).toMatchObject({ error: "invalid_grant" });
    expect(expired.body.error_description).toMatch(/expired/);
    expect(writes(a)).toBe(before);
    // Revoked by the client (RFC 7009): the grant ends, its access token too.
    const fourth = await tokens(a, clientId, adminCookie);
    const revoked = await fetch(`${a.server.url}/api/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: fourth.refresh_token, client_id: clientId }),
    });
    expect(revoked.status).toBe(200);
    expect((await refresh(fourth.refresh_token)).body.error).toBe("invalid_grant");
    expect((await callTool(a, fourth.access_token, "get_thinking_session", {})).status).toBe(401);
  });

  it("refuses client metadata documents on a private address, too large, too slow, not JSON or naming another client", async () => {
    const before = writes(a);
    const cases: [string, RegExp][] = [
      [`https://localhost:${new URL(meta.origin).port}/client.json`, /private, loopback or other special-use/],
      // An address literal is not looked up: checked before connecting (only 127.0.0.1 is allowed here, by name).
      [`https://[::1]:${new URL(meta.origin).port}/client.json`, /private, loopback or other special-use/],
      [`https://10.0.0.1/client.json`, /private, loopback or other special-use/],
      [cimdUrl("big.json"), /larger than 5120 bytes|5120 are read/],
      [cimdUrl("slow.json"), /did not answer within 5 s/],
      [cimdUrl("text.json"), /is not JSON/],
      [cimdUrl("other-id.json"), /must be exactly its own URL/],
      [`http://127.0.0.1:${new URL(meta.origin).port}/client.json`, /https URL/],
    ];
    for (const [clientId, why] of cases) {
      const { location, page } = await openAuthorization(authorizeUrl(a, clientId), adminCookie);
      expect(location, clientId).toMatch(/^\/oauth\/consent/);
      expect(page!.html, clientId).toContain("cannot be used");
      expect(page!.html.replace(/&#x27;|&quot;/g, ""), clientId).toMatch(why);
    }
    expect(writes(a)).toBe(before);
    expect(count(a, "OAuthClient")).toBe(
      rows<{ n: number }>(
        a,
        `SELECT count(*) n FROM OAuthClient WHERE kind = 'dcr' OR id = ?`,
        cimdUrl("client.json"),
      )[0]!.n,
    );
  });

  it("keeps a metadata document for its Cache-Control lifetime (within 1 minute and 1 day), then fetches it again", async () => {
    const lifetime = (clientId: string) => {
      const [row] = rows<{ fetchedAt: string; expiresAt: string }>(
        a,
        `SELECT fetchedAt, expiresAt FROM OAuthClient WHERE id = ?`,
        clientId,
      );
      return (Date.parse(row!.expiresAt) - Date.parse(row!.fetchedAt)) / 1000;
    };
    const open = async (clientId: string) => {
      const { page } = await openAuthorization(authorizeUrl(a, clientId), adminCookie);
      expect(page!.html, clientId).not.toContain("cannot be used");
      return page!;
    };
    const cached = cimdUrl("cached.json");
    // The authorization endpoint and the consent page each look the client up, twice over: one fetch.
    expect((await open(cached)).html).toContain("Cached client");
    await open(cached);
    expect(meta.hits.get("/cached.json")).toBe(1);
    expect(lifetime(cached)).toBe(3600);
    await open(cimdUrl("short.json"));
    expect(lifetime(cimdUrl("short.json"))).toBe(120);
    // no-store still holds it for the minute the authorization takes (the floor keeps a client's CDN from being
    // fetched on every step of every authorization).
    await open(cimdUrl("no-store.json"));
    expect(lifetime(cimdUrl("no-store.json"))).toBe(60);
    // Past its lifetime, the next authorization fetches the document again.
    run(a, `UPDATE OAuthClient SET expiresAt = '2000-01-01T00:00:00.000+00:00' WHERE id = ?`, cached);
    await open(cached);
    expect(meta.hits.get("/cached.json")).toBe(2);
  });

  it("revokes one access token through RFC 7009, leaving its refresh token; refuses a refresh for another endpoint", async () => {
    const clientId = await register(a);
    const issued = await tokens(a, clientId, adminCookie);
    const revoke = (token: string) =>
      fetch(`${a.server.url}/api/oauth/revoke`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token, client_id: clientId }),
      });
    // An unknown token is answered 200 too (RFC 7009 §2.2), and changes nothing.
    const before = writes(a);
    expect((await revoke("tga_not-a-token")).status).toBe(200);
    expect(writes(a)).toBe(before);
    expect((await revoke(issued.access_token)).status).toBe(200);
    const refused = await callTool(a, issued.access_token, "get_thinking_session", {});
    expect(refused.status).toBe(401);
    expect(refused.challenge).toMatch(/error="invalid_token", error_description="The access token was revoked\./);
    // A refresh naming the other endpoint is refused and does not use the refresh token up.
    const other = await token(a, {
      grant_type: "refresh_token",
      refresh_token: issued.refresh_token,
      client_id: clientId,
      resource: `${a.server.url}/api/mcp/thoughtmcp`,
    });
    expect(other).toMatchObject({ status: 400, body: { error: "invalid_target" } });
    expect(writes(a)).toBe(before);
    const refreshed = await token(a, {
      grant_type: "refresh_token",
      refresh_token: issued.refresh_token,
      client_id: clientId,
      resource: `${a.server.url}/api/mcp`,
    });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect((await callTool(a, refreshed.body.access_token!, "get_thinking_session", {})).status).toBe(200);
  });

  it("refuses an access token at the REST API: it is for its MCP endpoint only, and API keys still work there", async () => {
    const clientId = await register(a);
    const { access_token } = await tokens(a, clientId, adminCookie);
    const before = writes(a);
    const rest = async (bearer: string, route: string, init: RequestInit = {}) =>
      (await fetch(a.server.url + route, { ...init, headers: { ...init.headers, authorization: `Bearer ${bearer}` } }))
        .status;
    const write = {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(thoughtArgs("through REST with an OAuth token")),
    };
    expect(await rest(access_token, "/api/v1/sessions")).toBe(401);
    expect(await rest(access_token, "/api/v1/thoughts", write)).toBe(401);
    expect(writes(a)).toBe(before);
    expect(await rest(a.server.apiKey, "/api/v1/sessions")).toBe(200);
  });

  it("caps a viewer's connector at read: write is refused at consent, and a writing tool answers 403 insufficient_scope", async () => {
    const cookie = await signIn(a.server.url, VIEWER.email, VIEWER.password);
    const clientId = await register(a);
    const { page } = await openAuthorization(authorizeUrl(a, clientId), cookie);
    const grantsBefore = count(a, "OAuthGrant");
    const refused = await decide(a.server.url, page!, cookie, {
      decision: "approve",
      projectId: page!.projectIds[0]!,
      scope: "write",
    });
    expect(refused.status).toBe(403);
    expect(count(a, "OAuthGrant")).toBe(grantsBefore);
    const { access_token } = await tokens(a, clientId, cookie, {}, "read");
    const before = writes(a);
    const write = await callTool(a, access_token, "sequentialthinking", thoughtArgs("a viewer's write"));
    expect(write.status).toBe(403);
    expect(write.challenge).toMatch(/error="insufficient_scope".*scope="read write".*resource_metadata=/);
    expect(writes(a)).toBe(before);
    expect((await callTool(a, access_token, "get_thinking_session", {})).status).toBe(200);
  });

  it("offers the person's own projects, refuses another's, and acts in the project chosen", async () => {
    const created = await fetch(`${a.server.url}/api/trpc/project.create`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: adminCookie, origin: a.server.url },
      body: JSON.stringify({ name: "Second project" }),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const [second] = rows<{ id: string }>(a, `SELECT id FROM Project WHERE name = 'Second project'`);
    const clientId = await register(a);
    // The admin is in both projects; the viewer only in the default one, so the second is not offered to them.
    const { page: adminPage } = await openAuthorization(authorizeUrl(a, clientId), adminCookie);
    expect(adminPage!.projectIds).toContain(second!.id);
    expect(adminPage!.projectIds).toHaveLength(2);
    const viewerCookie = await signIn(a.server.url, VIEWER.email, VIEWER.password);
    const { page: viewerPage } = await openAuthorization(authorizeUrl(a, clientId), viewerCookie);
    expect(viewerPage!.projectIds).toHaveLength(1);
    expect(viewerPage!.projectIds).not.toContain(second!.id);
    expect(viewerPage!.html.replaceAll("<!-- -->", "")).toContain("Default project (viewer)");
    // A project id the viewer is not a member of, posted by hand: refused, nothing written.
    const before = writes(a);
    const foreign = await decide(a.server.url, viewerPage!, viewerCookie, {
      decision: "approve",
      projectId: second!.id,
      scope: "read",
    });
    expect(foreign.status).toBe(404);
    expect(foreign.location).toBeNull();
    expect(writes(a)).toBe(before);
    // The admin's token for the second project records there, and reads nothing of the default project.
    const code = await (async () => {
      const answer = await decide(a.server.url, adminPage!, adminCookie, {
        decision: "approve",
        projectId: second!.id,
        scope: "write",
      });
      expect(answer.status).toBe(303);
      return new URL(answer.location!).searchParams.get("code")!;
    })();
    const issued = await token(a, {
      grant_type: "authorization_code",
      code,
      code_verifier: VERIFIER,
      client_id: clientId,
      redirect_uri: REDIRECT,
    });
    expect(issued.status).toBe(200);
    const wrote = await callTool(
      a,
      issued.body.access_token!,
      "sequentialthinking",
      thoughtArgs("in the second project"),
    );
    expect(wrote.status).toBe(200);
    const sessionId = rpcResult(wrote.text).structuredContent?.sessionId;
    expect(sessionId).toBeTruthy();
    expect(rows<{ projectId: string }>(a, `SELECT projectId FROM ThinkingSession WHERE id = ?`, sessionId)).toEqual([
      { projectId: second!.id },
    ]);
    // A session of the default project (written with the suite's API key) is out of this token's reach.
    const keyed = await fetch(`${a.server.url}/api/v1/thoughts`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${a.server.apiKey}` },
      body: JSON.stringify(thoughtArgs("in the default project")),
    });
    expect(keyed.status).toBe(201);
    const elsewhere = ((await keyed.json()) as { sessionId: string }).sessionId;
    const read = await callTool(a, issued.body.access_token!, "get_thinking_session", { sessionId: elsewhere });
    expect(rpcResult(read.text)).toMatchObject({ isError: true });
    expect(read.text).not.toContain("in the default project");
  });

  it("refuses a consent forged cross-site (CSRF) and a foreign Host, writing nothing", async () => {
    const clientId = await register(a);
    const { location, page } = await openAuthorization(authorizeUrl(a, clientId), adminCookie);
    // Another site cannot frame the consent page to trick a click on Approve.
    const framed = await fetch(new URL(location!, a.server.url), { headers: { cookie: adminCookie } });
    expect(framed.headers.get("x-frame-options")).toBe("DENY");
    expect(framed.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    await framed.body?.cancel();
    const before = writes(a);
    const forged = await decide(
      a.server.url,
      page!,
      adminCookie,
      { decision: "approve", projectId: page!.projectIds[0]!, scope: "write" },
      "https://evil.example",
    );
    expect(forged.status).toBe(403);
    expect(forged.location).toBeNull();
    expect(writes(a)).toBe(before);
    const { access_token } = await tokens(a, clientId, adminCookie);
    const mid = writes(a);
    for (const route of [
      "/.well-known/oauth-authorization-server",
      "/.well-known/oauth-protected-resource/api/mcp",
      "/oauth/authorize",
    ]) {
      expect((await withHost(`${a.server.url}${route}`, "evil.example")).status, route).toBe(403);
    }
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const refresh = new URLSearchParams({ grant_type: "refresh_token", refresh_token: "x", client_id: clientId });
    const tokenAtEvil = await withHost(`${a.server.url}/api/oauth/token`, "evil.example", {
      method: "POST",
      headers: form,
      body: refresh.toString(),
    });
    expect(tokenAtEvil.status).toBe(403);
    const rebound = await withHost(`${a.server.url}/api/mcp`, "evil.example", recordThought(access_token, "rebound"));
    expect(rebound.status).toBe(403);
    expect(writes(a)).toBe(mid);
  });
});

describe("deployed on a public URL (THOUGHTGRAPH_PUBLIC_URL, THOUGHTGRAPH_ALLOWED_HOSTS) behind a TLS proxy", () => {
  // What a hosted client sees through the proxy: Host tg.example.com, the browser's Origin https://tg.example.com.
  const at = (route: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
    withHost(pub.server.url + route, "tg.example.com", init);

  it("names the public URL in every document and binds tokens to it; the consent and a tool call work through it", async () => {
    const refused = await at("/api/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(refused.status).toBe(401);
    expect(refused.headers["www-authenticate"]).toContain(
      `resource_metadata="${PUBLIC}/.well-known/oauth-protected-resource/api/mcp"`,
    );
    expect(JSON.parse((await at("/.well-known/oauth-protected-resource/api/mcp")).text)).toMatchObject({
      resource: `${PUBLIC}/api/mcp`,
      authorization_servers: [PUBLIC],
    });
    expect(JSON.parse((await at("/.well-known/oauth-authorization-server")).text)).toMatchObject({
      issuer: PUBLIC,
      authorization_endpoint: `${PUBLIC}/oauth/authorize`,
      token_endpoint: `${PUBLIC}/api/oauth/token`,
    });
    // The server's own address is not an allowed Host.
    expect((await withHost(`${pub.server.url}/api/mcp`, new URL(pub.server.url).host)).status).toBe(403);

    const chatgpt = "https://chatgpt.com/connector/oauth/abc123";
    const registered = await at("/api/oauth/register", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "ChatGPT-like", redirect_uris: [chatgpt] }),
    });
    expect(registered.status).toBe(201);
    const clientId = (JSON.parse(registered.text) as { client_id: string }).client_id;
    const params = new URLSearchParams({
      response_type: "code",
      client_id: clientId,
      redirect_uri: chatgpt,
      code_challenge: CHALLENGE,
      code_challenge_method: "S256",
      state: "st-public",
      resource: `${PUBLIC}/api/mcp`,
    });
    // A resource named by the server's internal address is not this server's endpoint.
    const internal = new URLSearchParams(params);
    internal.set("resource", `${pub.server.url}/api/mcp`);
    const wrong = await at(`/oauth/authorize?${internal.toString()}`);
    expect(new URL(wrong.headers.location!).searchParams.get("error")).toBe("invalid_target");
    const consent = await at(`/oauth/authorize?${params.toString()}`);
    expect(consent.headers.location).toMatch(/^\/oauth\/consent\?/);

    const login = await at("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", origin: PUBLIC, "x-forwarded-proto": "https" },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const setCookie = String(login.headers["set-cookie"]);
    expect(setCookie).toContain("Secure");
    const cookie = /^(tg_session=[^;]+)/.exec(setCookie)![1]!;
    const page = await at(consent.headers.location!, { headers: { cookie } });
    expect(page.status).toBe(200);
    const projectId = /<option value="([^"]+)"/.exec(page.text)![1]!;
    const form = new URLSearchParams(params);
    form.set("decision", "approve");
    form.set("project_id", projectId);
    form.set("grant_scope", "write");
    const decided = await at("/oauth/decision", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: PUBLIC },
      body: form.toString(),
    });
    expect(decided.status).toBe(303);
    const callback = new URL(decided.headers.location!);
    expect(`${callback.origin}${callback.pathname}`).toBe(chatgpt);
    expect(callback.searchParams.get("iss")).toBe(PUBLIC);
    const issued = await at("/api/oauth/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: callback.searchParams.get("code")!,
        code_verifier: VERIFIER,
        client_id: clientId,
        resource: `${PUBLIC}/api/mcp`,
      }).toString(),
    });
    expect(issued.status, issued.text).toBe(200);
    const accessToken = (JSON.parse(issued.text) as { access_token: string }).access_token;
    const called = await at("/api/mcp", recordThought(accessToken, "through the public URL"));
    expect(called.status, called.text).toBe(200);
    expect(rpcResult(called.text).isError).toBeFalsy();
  });
});

describe("with OAuth turned off (THOUGHTGRAPH_OAUTH=0)", () => {
  it("answers 401 without resource metadata, and the discovery paths say in JSON that a static key is needed", async () => {
    const res = await fetch(`${off.server.url}/api/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(
      /^Bearer error="invalid_token", error_description="A valid API key is required/,
    );
    expect(res.headers.get("www-authenticate")).not.toContain("resource_metadata");
    for (const path of [
      "/.well-known/oauth-protected-resource",
      "/.well-known/oauth-protected-resource/api/mcp",
      "/.well-known/oauth-authorization-server",
      "/.well-known/openid-configuration",
      "/api/oauth/register",
    ]) {
      const answer = await fetch(off.server.url + path, path.startsWith("/api") ? { method: "POST", body: "{}" } : {});
      expect(answer.status, path).toBe(404);
      const body = (await answer.json()) as { error: { message: string; suggestion: string } };
      expect(body.error.message, path).toContain("A valid API key is required.");
      expect(body.error.suggestion).toContain("Authorization: Bearer");
    }
  });
});
