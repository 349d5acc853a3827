// Starts the real production server (`npm start`'s script) on a free port against a given database, as its own
// process group so a test can SIGKILL it like a crash. The build must exist (npm test builds first).
import { spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import path from "node:path";

export interface RunningServer {
  url: string;
  apiKey: string;
  process: ChildProcess;
  output: () => string;
  /** SIGKILL the whole process group, as a crash would. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, "../..");
/**
 * A file scripts/test-all.ts names: each server started here adds its pid, so that when a step is stopped part-way
 * (another step failed, Ctrl-C) and its tests never reach their own cleanup, test-all can still stop the servers they
 * started. Each server is its own process group, out of reach of a signal to the step.
 */
export const SERVER_LEDGER_ENV = "THOUGHTGRAPH_SERVER_LEDGER";
export const TEST_API_KEY = "tg_test_key_for_the_suite_0123456789";

/**
 * The node options of `npm start` (package.json: "node <options> scripts/start.ts"), so a server started here runs as
 * a deployment's does. One of them, semi-spaces of up to 128 MB (a larger young generation): a request's parsed body,
 * rows and parameters die young instead of being copied into the old generation. 64 MB against V8's default cut the
 * server's CPU per 1,000-event batch on PostgreSQL from 25.3–26.4 to 17.7–24.6 ms; 128 against 64 (SQLite, full
 * bench:ingest, 5 alternating runs each) took V8's GC helpers from 10.7–12.5 to 8.6–11 ms per 1,000 OTLP thoughts and
 * OTLP from 0.236–0.267 to 0.251–0.307 × raw, singles 0.183–0.205 to 0.196–0.221, batches within noise, for ~60 MB
 * more peak memory (~1.05 GB); 256 gained nothing more for ~200 MB.
 */
function startNodeOptions(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: { start: string } };
  const words = pkg.scripts.start.trim().split(/\s+/);
  if (words[0] !== "node" || words.at(-1) !== "scripts/start.ts") {
    throw new Error(`package.json's start script is not "node <options> scripts/start.ts": ${pkg.scripts.start}`);
  }
  return words.slice(1, -1);
}

export async function startServer(opts: {
  databaseUrl: string;
  env?: Record<string, string>;
  apiKey?: string;
  /** Extra node options for the server process (e.g. --cpu-prof; node refuses those in NODE_OPTIONS). */
  nodeArgs?: string[];
}): Promise<RunningServer> {
  const apiKey = opts.apiKey ?? TEST_API_KEY;
  const args = [...(opts.nodeArgs ?? []), ...startNodeOptions(), path.join(ROOT, "scripts/start.ts")];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      THOUGHTGRAPH_SKIP_BUILD: "1",
      DATABASE_URL: opts.databaseUrl,
      HOST: "127.0.0.1",
      PORT: "0",
      THOUGHTGRAPH_INIT_API_KEY: apiKey,
      ...opts.env,
    },
  });
  const ledger = process.env[SERVER_LEDGER_ENV];
  if (ledger && child.pid) appendFileSync(ledger, `${child.pid}\n`);
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 90 s:\n${out}`)), 90_000);
    const onData = () => {
      const m = out.match(/ready on (http:\/\/[^\s]+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = async (sig: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid!, sig);
    } catch {
      return;
    }
    await exited;
  };
  return {
    url,
    apiKey,
    process: child,
    output: () => out,
    kill9: () => signal("SIGKILL"),
    stop: () => signal("SIGTERM"),
  };
}

/**
 * SIGKILLs the process group of every server listed in `ledger` that is still running; returns their pids. A pid is
 * signalled only while it is still a thoughtgraph server (its command line names scripts/start.ts), never a process
 * that has since taken the number.
 */
export function stopListedServers(ledger: string): number[] {
  if (!existsSync(ledger)) return [];
  const stopped: number[] = [];
  for (const pid of new Set(readFileSync(ledger, "utf8").split("\n").filter(Boolean).map(Number))) {
    let command: string;
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    } catch {
      continue; // gone: its test stopped it
    }
    if (!command.split("\0").some((arg) => arg.endsWith("scripts/start.ts"))) continue;
    try {
      process.kill(-pid, "SIGKILL");
      stopped.push(pid);
    } catch {
      // exited between the check and the signal
    }
  }
  return stopped;
}

/** fetch with the suite's API key. */
export function api(server: RunningServer, route: string, init: RequestInit & { json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  if (!headers.has("authorization") && !headers.has("x-api-key"))
    headers.set("authorization", `Bearer ${server.apiKey}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  }
  return fetch(server.url + route, { ...init, headers, body });
}
