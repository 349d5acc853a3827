// Starts the production server (scripts/start.ts via startServer) on a fresh SQLite database in a temp dir, for the
// whole Playwright run, with accounts on (the admin comes from THOUGHTGRAPH_INIT_ADMIN_*). The build must already
// exist. Tests read the URL, API key and admin credentials from the environment; every spec starts signed in as the
// admin (the storage state written here, from a real sign-in) unless it opens a context of its own.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { startServer } from "../scripts/lib/server-process";

export const ADMIN_EMAIL = "admin@thoughtgraph.test";
export const ADMIN_PASSWORD = "correct-horse-battery";
// Not under test-results/, which Playwright empties at the start of a run.
export const ADMIN_STATE = path.join(".tmp", "e2e", "admin.json");

/** Signs in over HTTP (the same door the login page posts to) and saves the cookie as Playwright storage state. */
async function writeSignedInState(baseUrl: string): Promise<void> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  const cookie = res.headers.get("set-cookie")?.match(/^tg_session=([^;]+)/)?.[1];
  if (!res.ok || !cookie) throw new Error(`signing in the e2e admin failed: ${res.status} ${await res.text()}`);
  const { hostname } = new URL(baseUrl);
  const state = {
    cookies: [
      {
        name: "tg_session",
        value: cookie,
        domain: hostname,
        path: "/",
        expires: Math.floor(Date.now() / 1000) + 24 * 3600,
        httpOnly: true,
        secure: false,
        sameSite: "Lax" as const,
      },
    ],
    origins: [],
  };
  fs.mkdirSync(path.dirname(ADMIN_STATE), { recursive: true });
  fs.writeFileSync(ADMIN_STATE, JSON.stringify(state));
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "thoughtgraph-e2e-"));
  const server = await startServer({
    databaseUrl: `file:${path.join(dir, "db.sqlite")}`,
    env: {
      THOUGHTGRAPH_INIT_ADMIN_EMAIL: ADMIN_EMAIL,
      THOUGHTGRAPH_INIT_ADMIN_PASSWORD: ADMIN_PASSWORD,
      // Model connections' keys are sealed under it (e2e/judges.spec.ts adds one).
      THOUGHTGRAPH_SECRET_KEY: "e2e-only-secret-key-0123456789abcdef",
    },
  }).catch((error: unknown) => {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  process.env.THOUGHTGRAPH_E2E_URL = server.url;
  process.env.THOUGHTGRAPH_E2E_API_KEY = server.apiKey;
  process.env.THOUGHTGRAPH_E2E_ADMIN_EMAIL = ADMIN_EMAIL;
  process.env.THOUGHTGRAPH_E2E_ADMIN_PASSWORD = ADMIN_PASSWORD;
  await writeSignedInState(server.url);
  // If the runner dies without running the teardown, do not leave the server (its own process group) behind.
  const killOnExit = () => {
    try {
      process.kill(-server.process.pid!, "SIGKILL");
    } catch {
      // already gone
    }
  };
  process.on("exit", killOnExit);
  return async () => {
    process.off("exit", killOnExit);
    await server.stop();
    // The server's own output, as an artifact beside the screenshots (it explains any 5xx the tests saw).
    fs.mkdirSync("test-results", { recursive: true });
    const output = server.output();
    fs.writeFileSync(path.join("test-results", "server.log"), output);
    // CI keeps only the console: show the server's own error lines there too.
    const errors = output.split("\n").filter((line) => /error|unhandled|⨯/i.test(line));
    if (errors.length > 0) console.error(`[e2e server] ${errors.length} error lines:\n${errors.slice(-40).join("\n")}`);
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
