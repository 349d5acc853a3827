// A hosted-style connector end to end: mcp-remote (the proxy Claude Desktop and others run for remote servers with
// OAuth) is spawned by the MCP SDK client over stdio and pointed at /api/mcp; it discovers the authorization server,
// registers itself (Dynamic Client Registration) and prints the authorization URL, which Chromium opens signed out:
// the sign-in page, back to the consent page ("Use another account" goes round once more), project and access,
// Approve, and the redirect to mcp-remote's own callback. Then a tool call succeeds and is recorded as the admin
// through that client; Settings lists the grant, and revoking it there makes the next call with its token 401.
// Screenshots of the consent page, a refused request, the grants list and the attribution.
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { expect, test } from "@playwright/test";

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
