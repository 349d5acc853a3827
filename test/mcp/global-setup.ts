// One production server for a whole test project (mcp or sdk), on a fresh SQLite file: starting the real server
// costs a few seconds, so test files share it and keep their data apart by using an API key each (see support.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startServer } from "@/scripts/lib/server-process";

export interface SharedServer {
  url: string;
  apiKey: string;
  databaseUrl: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    tg: SharedServer;
  }
}

const ROOT = path.resolve(import.meta.dirname, "../..");

export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
    throw new Error("No production build: run `npx next build` first (`npm test` builds when the sources changed).");
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `thoughtgraph-${project.name}-`));
  const databaseUrl = `file:${path.join(dir, "db.sqlite")}`;
  const server = await startServer({ databaseUrl });
  // THOUGHTGRAPH_TEST_SERVER_LOG=path keeps the server's output for debugging a failed run.
  const logFile = process.env.THOUGHTGRAPH_TEST_SERVER_LOG;
  if (logFile) {
    fs.writeFileSync(logFile, server.output());
    server.process.stdout?.on("data", (d: Buffer) => fs.appendFileSync(logFile, d));
    server.process.stderr?.on("data", (d: Buffer) => fs.appendFileSync(logFile, d));
  }
  project.provide("tg", { url: server.url, apiKey: server.apiKey, databaseUrl });
  return async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
