// The first run, in Debian's Chromium against the production build: a fresh server with no account sends the
// visitor to /setup, the first account is created there and lands signed in as the owner on the "Connect an agent"
// page, which creates a key, fills the snippets with it and opens the first session as it arrives; after signing out, a wrong
// password is refused with the server's words and the right one brings the visitor back to the page they asked for.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

import { startServer, type RunningServer } from "../scripts/lib/server-process";
import { saveScreenshot } from "./support/screens";
import { signOut } from "./support/shell";

let server: RunningServer;
let dir = "";

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "thoughtgraph-first-run-"));
  server = await startServer({ databaseUrl: `file:${path.join(dir, "db.sqlite")}` });
});

test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("the first visitor creates the owner account, signs out and signs back in", async ({ browser }, testInfo) => {
  // Its own server, then setup, the first-run page with a live first session, sign-out and two sign-ins: about 40 s
  // on this shared machine, more than the 60 s default leaves room for when another suite is running.
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: server.url, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();

  // The start banner sends the person to the address the server got (PORT=0 here: its port is known only once it listens).
  expect(server.output()).toContain(`open ${server.url}/setup to create the first one (the owner).`);
  await page.goto("/agreement");
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole("heading", { name: "Welcome to thoughtgraph" })).toBeVisible();
  await saveScreenshot(page, testInfo, "first-run-setup.png");
  await page.getByLabel("Name").fill("Olive Owner");
  await page.getByLabel("Email").fill("olive@team.test");
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  // The browser's own check stops a short password before it is sent.
  await expect(page).toHaveURL(/\/setup$/);
  await page.getByLabel("Password").fill("olive-password-1");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("signed-in-as")).toHaveText("Olive Owner · owner");

  // The empty project offers to connect an agent: a key made in place fills the snippets, and the first thought
  // the agent sends opens its session.
  await expect(page.getByRole("heading", { name: "Connect an agent" })).toBeVisible();
  await page.getByRole("form", { name: "New API key" }).getByRole("button", { name: "Create key" }).click();
  const key = await page.getByRole("textbox", { name: "New API key", exact: true }).inputValue();
  expect(key).toMatch(/^tg_[\w-]{32}$/);
  const claudeCode = page.getByRole("region", { name: "Claude Code set-up" });
  await expect(claudeCode).toContainText(`claude mcp add --transport http thoughtgraph ${server.url}/api/mcp`);
  await expect(claudeCode).toContainText(`Bearer ${key}`);
  await page.getByRole("tab", { name: "curl" }).click();
  await expect(page.getByRole("region", { name: "curl set-up" })).toContainText(`${server.url}/api/v1/thoughts`);
  await saveScreenshot(page, testInfo, "first-run-connect-agent.png");
  const res = await fetch(`${server.url}/api/v1/thoughts`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({
      thought: "Hello from a new agent",
      thoughtNumber: 1,
      totalThoughts: 1,
      nextThoughtNeeded: false,
    }),
  });
  expect(res.status).toBe(201);
  const { sessionId } = (await res.json()) as { sessionId: string };
  // The session page may select its newest thought in the URL (?thought=) once it has loaded.
  await expect(page).toHaveURL(new RegExp(`/sessions/${sessionId}(\\?thought=[\\w-]+)?$`));

  // /setup is gone once somebody exists.
  await page.goto("/setup");
  await expect(page).toHaveURL(/\/$/);

  await signOut(page);
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/agreement");
  await expect(page).toHaveURL(/\/login\?next=%2Fagreement$/);
  await page.getByLabel("Email").fill("olive@team.test");
  await page.getByLabel("Password").fill("not-her-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("form").getByRole("alert")).toContainText("The email or the password is wrong.");
  await saveScreenshot(page, testInfo, "first-run-login-refused.png");
  await page.getByLabel("Password").fill("olive-password-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/agreement$/);
  await expect(page.getByRole("heading", { name: "Scores and agreement" })).toBeVisible();
  await context.close();
});
