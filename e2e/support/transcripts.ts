// Coding agents' transcripts for the browser tests and the import benchmark: the project's Claude Code fixtures as a
// session of a fresh id, imported over HTTP, and the CLI (`thoughtgraph watch`, built from sdk/) following a directory.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FIXTURES = path.join(ROOT, "lib/transcripts/fixtures");
export const CLI = path.join(ROOT, "sdk/dist/sdk/src/cli.js");

/** The fixtures' Claude Code session id, replaced by a fresh one in each copy. */
const FIXTURE_SESSION = "5f0c2a8e-7d1b-4c3a-9e6f-0a1b2c3d4e5f";

/** A fresh session id in Claude Code's shape (a UUID). */
export function freshSessionId(): string {
  return crypto.randomUUID();
}

/** The Claude Code fixture as the session `id`: the main file's lines, and the sub-agent's file. */
export function claudeFixture(id: string): { main: string; agent: string } {
  const read = (name: string) => fs.readFileSync(path.join(FIXTURES, name), "utf8").replaceAll(FIXTURE_SESSION, id);
  return { main: read("claude-code-session.jsonl"), agent: read("claude-code-agent-a1b2c3.jsonl") };
}

/** POST /api/v1/import/transcript; answers the import's result, or throws with the server's answer. */
export async function importTranscript(
  baseURL: string,
  apiKey: string,
  text: string,
): Promise<{ sessionId: string; thoughts: { imported: number } }> {
  const res = await fetch(new URL("/api/v1/import/transcript", baseURL), {
    method: "POST",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/jsonl" },
    body: text,
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`the import answered ${res.status}: ${body.slice(0, 500)}`);
  return JSON.parse(body) as { sessionId: string; thoughts: { imported: number } };
}

/** Builds the npm package's CLI (sdk/dist) from the sources, as `npm publish` would ship it. */
export function buildCli(): void {
  const built = spawnSync(
    process.execPath,
    [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "sdk/scripts/build.ts"],
    {
      cwd: ROOT,
      encoding: "utf8",
    },
  );
  if (built.status !== 0) throw new Error(`building the CLI failed:\n${built.stderr}`);
}

/** `thoughtgraph watch <dir>` against a server, its log collected; stop() ends it (SIGTERM) and waits. */
export function startWatch(
  dir: string,
  statePath: string,
  baseURL: string,
  apiKey: string,
): { process: ChildProcess; log: () => string; stop: () => Promise<void> } {
  let log = "";
  const child = spawn(
    process.execPath,
    [CLI, "watch", dir, "--state", statePath, "--url", baseURL, "--api-key", apiKey],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stdout.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr.on("data", (d: Buffer) => (log += d.toString()));
  return {
    process: child,
    log: () => log,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
