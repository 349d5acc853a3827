// The live indicator tells the truth about the server: on a session page it says "connected"; when the
// server stops answering (its process group is paused with SIGSTOP, so connections hang rather than fail, as with a
// frozen or unreachable host) it turns to "reconnecting…"; once the server answers again (SIGCONT) it is "connected"
// again and a thought written after that arrives live. The server is a second production server of its own on a
// fresh SQLite file (single-user mode on loopback), so pausing it leaves the suite's server alone.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";

import { startServer, type RunningServer } from "../scripts/lib/server-process";
import { Agent } from "./support/agent";

// Its own origin: no admin cookie (single-user mode needs none).
test.use({ storageState: { cookies: [], origins: [] } });

let server: RunningServer | null = null;
let dir = "";
let paused = false;

const signal = (sig: "SIGSTOP" | "SIGCONT") => {
  process.kill(-server!.process.pid!, sig);
  paused = sig === "SIGSTOP";
};

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "thoughtgraph-e2e-live-"));
  server = await startServer({
    databaseUrl: `file:${path.join(dir, "db.sqlite")}`,
    env: { THOUGHTGRAPH_SINGLE_USER: "1" },
  });
});

test.afterAll(async () => {
  if (server) {
    if (paused) signal("SIGCONT"); // a paused process group would not act on SIGTERM
    await server.stop();
  }
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test("the live indicator turns to reconnecting when the server stops answering, and back when it answers", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const agent = new Agent(server!.url, server!.apiKey);
  const first = await agent.thought({
    sessionId: `live-status-${Date.now().toString(36)}`,
    thought: "Before the pause",
    thoughtNumber: 1,
    totalThoughts: 2,
    nextThoughtNeeded: true,
  });
  await page.goto(`${server!.url}/sessions/${first.sessionId}`);
  const status = page.getByTestId("live-status");
  await expect(status).toHaveText("connected");

  signal("SIGSTOP");
  await expect(status).toHaveText("reconnecting…");
  // Still reconnecting a while later: the page keeps trying rather than claiming it is live.
  await page.waitForTimeout(2_000);
  await expect(status).toHaveText("reconnecting…");

  signal("SIGCONT");
  await expect(status).toHaveText("connected");
  // The stream is really back: a thought written now appears without a reload.
  await agent.thought({
    sessionId: first.sessionId,
    thought: "After the pause",
    thoughtNumber: 2,
    totalThoughts: 2,
    nextThoughtNeeded: false,
  });
  await expect(page.getByTestId("thought-count")).toHaveText("2");
  await expect(page.locator('section[aria-label="Transcript"]')).toContainText("After the pause");
});
