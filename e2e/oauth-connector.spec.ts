// A hosted-style connector end to end: mcp-remote (the proxy Claude Desktop and others run for remote servers with
// OAuth) is spawned by the MCP SDK client over stdio and pointed at /api/mcp; it discovers the authorization server,
// registers itself (Dynamic Client Registration) and prints the authorization URL, which Chromium opens signed out:
// the sign-in page, back to the consent page ("Use another account" goes round once more), project and access,
// Approve, and the redirect to mcp-remote's own callback. Then a tool call succeeds and is recorded as the admin
// through that client; Settings lists the grant, and revoking it there makes the next call with its token 401.
// Screenshots of the consent page, a refused request, the grants list and the attribution.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";

import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { expect, test, type Page } from "@playwright/test";

import { checkThemes } from "./support/themes";

const baseURL = () => process.env.THOUGHTGRAPH_E2E_URL!;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** The access token mcp-remote saved in its config directory (…/mcp-remote-<version>/<hash>_tokens.json). */
function savedAccessToken(dir: string): string {
  const files = fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith("_tokens.json"));
  expect(files).toHaveLength(1);
  return (JSON.parse(fs.readFileSync(path.join(dir, files[0]!), "utf8")) as { access_token: string }).access_token;
}

test("mcp-remote connects through OAuth, records as the person, and stops at once when the grant is revoked", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const configDir = fs.mkdtempSync(path.join(os.tmpdir(), "thoughtgraph-mcp-remote-"));
  const callbackPort = await freePort();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      path.resolve("node_modules/mcp-remote/dist/proxy.js"),
      `${baseURL()}/api/mcp`,
      String(callbackPort),
      "--allow-http",
      "--transport",
      "http-only",
    ],
    // BROWSER: mcp-remote's attempt to open a browser does nothing; the test opens the URL in Chromium itself.
    env: { PATH: process.env.PATH ?? "", HOME: configDir, MCP_REMOTE_CONFIG_DIR: configDir, BROWSER: "/bin/true" },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: "claude-desktop-like", version: "1.0.0" });
  const connected = client.connect(transport);
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, reducedMotion: "reduce" });
  const page = await context.newPage();
  try {
    await expect.poll(() => /visiting:\s*(\S+)/.exec(stderr)?.[1] ?? null, { timeout: 60_000 }).not.toBeNull();
    const authorizationUrl = /visiting:\s*(\S+)/.exec(stderr)![1]!;
    expect(new URL(authorizationUrl).pathname).toBe("/oauth/authorize");

    // Signed out, as a person arriving from Claude or ChatGPT usually is: sign in first, then back to the request.
    const signInToConsent = async () => {
      await page.waitForURL((url) => url.pathname === "/login");
      await expect(page.getByRole("heading", { name: "Sign in to thoughtgraph" })).toBeVisible();
      await page.getByLabel("Email").fill(process.env.THOUGHTGRAPH_E2E_ADMIN_EMAIL!);
      await page.getByLabel("Password").fill(process.env.THOUGHTGRAPH_E2E_ADMIN_PASSWORD!);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL((url) => url.pathname === "/oauth/consent");
      expect(new URL(page.url()).searchParams.get("client_id")).toBe(
        new URL(authorizationUrl).searchParams.get("client_id"),
      );
      await expect(page.getByRole("heading", { name: /^Connect .+\?$/ })).toBeVisible();
    };
    await page.goto(authorizationUrl);
    await signInToConsent();
    // Someone else's browser: "Use another account" signs out and comes back to the same request after sign-in.
    await page.getByRole("button", { name: "Use another account" }).click();
    await signInToConsent();
    await expect(page.getByText("unverified")).toBeVisible();
    await expect(page.getByText("registered itself")).toBeVisible();
    await expect(page.getByText(`localhost:${callbackPort}`)).toBeVisible();
    await checkThemes(page, testInfo, "oauth-consent");
    // The same request with a redirect URI the client never registered: shown to the person, never redirected.
    const tampered = new URL(authorizationUrl);
    tampered.searchParams.set("redirect_uri", "https://evil.example/callback");
    const consentUrl = page.url();
    await page.goto(tampered.href);
    await expect(page.getByRole("heading", { name: "This connection request cannot be used" })).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "redirect_uri" })).toContainText(
      "https://evil.example/callback is not one of the redirect URIs",
    );
    await checkThemes(page, testInfo, "oauth-consent-refused");
    await page.goto(consentUrl);

    await page.getByRole("radio", { name: /record thoughts as you/ }).check();
    await page.getByRole("button", { name: "Approve" }).click();
    await page.waitForURL((url) => url.port === String(callbackPort));
    await connected;

    const result = await client.callTool({
      name: "sequentialthinking",
      arguments: {
        thought: "Recorded through a connector",
        thoughtNumber: 1,
        totalThoughts: 1,
        nextThoughtNeeded: false,
      },
    });
    expect(result.isError).toBeFalsy();
    const sessionId = (result.structuredContent as { sessionId: string }).sessionId;
    const token = savedAccessToken(configDir);

    // The grant, in Settings beside the API keys: the admin, the client mcp-remote registered, the project, the access.
    await page.goto(`${baseURL()}/settings`);
    const row = page.getByTestId("grant-row").first();
    await expect(row).toContainText(process.env.THOUGHTGRAPH_E2E_ADMIN_EMAIL!.split("@")[0]!);
    await expect(row).toContainText("self-registered");
    await expect(row).toContainText("read, record");
    // Created and last used: the tool call above used the grant, so "never" is not shown.
    const table = page.getByRole("table", { name: "Connected apps" });
    await expect(table.getByRole("columnheader", { name: "Created" })).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "Last used" })).toBeVisible();
    await expect(row).toContainText("just now");
    await expect(row).not.toContainText("never");
    await page.locator("#connected-apps-heading").scrollIntoViewIfNeeded();
    await checkThemes(page, testInfo, "oauth-grants");

    // The session it recorded says who and through what: the person whose grant wrote it and the app they approved
    // (mcp-remote registered itself by its own name; the MCP client's name is the agent beside it), in the session's
    // header and under the agent in the sessions list.
    const person = process.env.THOUGHTGRAPH_E2E_ADMIN_EMAIL!;
    const recordedBy = new RegExp(`^by ${person.replaceAll(".", "\\.")} through MCP CLI`);
    await page.goto(`${baseURL()}/sessions/${sessionId}`);
    await expect(page.getByTestId("recorded-by")).toHaveText(recordedBy);
    await expect(page.getByTestId("recorded-by")).toHaveAttribute("title", /named itself claude-desktop-like/);
    await checkThemes(page, testInfo, "oauth-session-header");
    await page.goto(`${baseURL()}/`);
    const listed = page.getByRole("row").filter({ has: page.locator(`a[href$="/sessions/${sessionId}"]`) });
    await expect(listed.getByTestId("recorded-by")).toHaveText(recordedBy);
    await checkThemes(page, testInfo, "oauth-sessions-list");
    await page.goto(`${baseURL()}/settings`);

    await row.getByRole("button", { name: /^Revoke / }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke access" }).click();
    await expect(page.getByTestId("grant-row")).toHaveCount(0);

    const refused = await fetch(`${baseURL()}/api/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toContain("revoked");
  } finally {
    await context.close();
    await client.close().catch(() => undefined);
    fs.rmSync(configDir, { recursive: true, force: true });
  }
});

// A browser-based MCP client (the MCP Inspector's page on localhost, a connector directory's admin page) runs the
// whole flow from its own origin, so Chromium enforces CORS on every fetch: discovery with the MCP-Protocol-Version
// header, Dynamic Client Registration, the token exchange, and MCP calls with the session id and the 401's challenge
// read from headers. The client's page is served by this test on another loopback port (a page served from a public
// address may not call loopback at all in Chromium, whatever the server answers); the foreign site is a page on
// 127.0.0.2, a loopback address outside the default allowlist.
test("a browser-based MCP client on another origin runs OAuth and calls /api/mcp; a page on another site reads nothing", async ({
  page,
}) => {
  const clientPage = await pageServer("127.0.0.1");
  const foreignPage = await pageServer("127.0.0.2");
  try {
    await browserClientFlow(page, clientPage.origin, foreignPage.origin);
  } finally {
    await Promise.all([clientPage.close(), foreignPage.close()]);
  }
});

/** An empty HTML page at every path, on `host` and a free port. */
function pageServer(host: string): Promise<{ origin: string; close: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<!doctype html><title>client page</title>");
    });
    server.on("error", reject);
    server.listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({
        origin: `http://${host}:${port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

async function browserClientFlow(page: Page, client: string, foreign: string) {
  const base = baseURL();
  expect(new URL(base).origin).not.toBe(client);
  const verifier = crypto.randomBytes(32).toString("base64url");
  const challenge = crypto.createHash("sha256").update(verifier).digest("base64url");

  await page.goto(`${client}/`);
  const started = await page.evaluate(
    async ({ base, client }) => {
      const versioned = { "mcp-protocol-version": "2025-06-18" };
      const refused = await fetch(`${base}/api/mcp`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...versioned },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      const resourceMetadata = /resource_metadata="([^"]+)"/.exec(refused.headers.get("www-authenticate") ?? "")?.[1];
      const prm = (await (await fetch(resourceMetadata!, { headers: versioned })).json()) as {
        authorization_servers: string[];
        resource: string;
      };
      const as = (await (
        await fetch(`${prm.authorization_servers[0]}/.well-known/oauth-authorization-server`, { headers: versioned })
      ).json()) as { authorization_endpoint: string; registration_endpoint: string; token_endpoint: string };
      const registration = await fetch(as.registration_endpoint, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          client_name: "Browser MCP client",
          redirect_uris: [`${client}/oauth/callback`],
          token_endpoint_auth_method: "none",
        }),
      });
      return {
        refusedStatus: refused.status,
        resource: prm.resource,
        as,
        registrationStatus: registration.status,
        clientId: ((await registration.json()) as { client_id: string }).client_id,
      };
    },
    { base, client },
  );
  expect(started.refusedStatus).toBe(401);
  expect(started.resource).toBe(`${base}/api/mcp`);
  expect(started.registrationStatus).toBe(201);

  // The person approves in thoughtgraph (this page is signed in); the redirect lands on the client's origin.
  const authorize = new URL(started.as.authorization_endpoint);
  for (const [name, value] of Object.entries({
    response_type: "code",
    client_id: started.clientId,
    redirect_uri: `${client}/oauth/callback`,
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "browser-state",
    resource: started.resource,
  })) {
    authorize.searchParams.set(name, value);
  }
  await page.goto(authorize.href);
  await expect(page.getByRole("heading", { name: /^Connect .+\?$/ })).toBeVisible();
  await page.getByRole("radio", { name: /record thoughts as you/ }).check();
  await page.getByRole("button", { name: "Approve" }).click();
  await page.waitForURL((url) => url.origin === client && url.pathname === "/oauth/callback");
  const callback = new URL(page.url());
  expect(callback.searchParams.get("state")).toBe("browser-state");

  const connected = await page.evaluate(
    async ({ base, client, token, code, verifier, clientId }) => {
      const tokens = (await (
        await fetch(token, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            grant_type: "authorization_code",
            code,
            code_verifier: verifier,
            client_id: clientId,
            redirect_uri: `${client}/oauth/callback`,
            resource: `${base}/api/mcp`,
          }),
        })
      ).json()) as { access_token: string };
      const headers = {
        authorization: `Bearer ${tokens.access_token}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-06-18",
      };
      const init = await fetch(`${base}/api/mcp`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: {
            protocolVersion: "2025-06-18",
            capabilities: {},
            clientInfo: { name: "browser-mcp-client", version: "1.0.0" },
          },
        }),
      });
      const sessionId = init.headers.get("mcp-session-id");
      const list = await fetch(`${base}/api/mcp`, {
        method: "POST",
        headers: { ...headers, ...(sessionId ? { "mcp-session-id": sessionId } : {}) },
        body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
      });
      return { initStatus: init.status, sessionId, listStatus: list.status, listText: await list.text() };
    },
    {
      base,
      client,
      token: started.as.token_endpoint,
      code: callback.searchParams.get("code")!,
      verifier,
      clientId: started.clientId,
    },
  );
  expect(connected.initStatus).toBe(200);
  expect(connected.sessionId).toMatch(/^tg-client\./);
  expect(connected.listStatus).toBe(200);
  expect(connected.listText).toContain("sequentialthinking");

  // A page on a site that is not allowed: Chromium refuses to hand it the answer (the server also refused it, 403).
  await page.goto(`${foreign}/`);
  const foreignAnswer = await page.evaluate(async (base) => {
    try {
      await fetch(`${base}/api/mcp`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      return "read";
    } catch (error) {
      return String(error);
    }
  }, base);
  expect(foreignAnswer).toMatch(/TypeError: Failed to fetch/);
}
