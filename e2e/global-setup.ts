// Starts the production server (scripts/start.ts via startServer) on a fresh SQLite database in a temp dir, for the
// whole Playwright run. The build must already exist. Tests read the URL and API key from the environment.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { startServer } from "../scripts/lib/server-process";

export default async function globalSetup(): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "thoughtgraph-e2e-"));
  const server = await startServer({ databaseUrl: `file:${path.join(dir, "db.sqlite")}` }).catch((error: unknown) => {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  process.env.THOUGHTGRAPH_E2E_URL = server.url;
  process.env.THOUGHTGRAPH_E2E_API_KEY = server.apiKey;
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
    fs.writeFileSync(path.join("test-results", "server.log"), server.output());
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
