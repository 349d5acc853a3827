// A throwaway PostgreSQL 15 cluster for the test runner, the tests and the benchmarks: initdb + pg_ctl in a temp dir,
// on a free loopback port, trust auth, fsync off. PostgreSQL refuses to run as root, so as root the cluster runs as the
// `postgres` OS user (runuser).
//
//   const pg = await startPgCluster();                       // once per test file (beforeAll)
//   const url = await createDatabase(pg.url, 'migrations');  // a fresh database
//   await pg.stop();                                         // afterAll: stops the server and deletes the directory
import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import pg from "pg";

const execFileAsync = promisify(execFile);

export const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

export interface PgCluster {
  /** postgresql://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const PG_USER = "postgres";

/** argv to run a PostgreSQL binary, as the postgres OS user when we are root. */
function asPgUser(bin: string, args: string[]): [string, string[]] {
  const full = path.join(PG_BIN, bin);
  return isRoot ? ["runuser", ["-u", PG_USER, "--", full, ...args]] : [full, args];
}

async function run(bin: string, args: string[], timeoutMs = 60_000): Promise<string> {
  const [cmd, argv] = asPgUser(bin, args);
  try {
    const { stdout } = await execFileAsync(cmd, argv, {
      timeout: timeoutMs,
      cwd: "/",
      env: { ...process.env, LC_ALL: "C" },
    });
    return stdout;
  } catch (error) {
    const e = error as Error & { stdout?: string; stderr?: string };
    throw new Error(`${bin} ${args.join(" ")} failed: ${e.message}\n${e.stdout ?? ""}${e.stderr ?? ""}`);
  }
}

function runSync(bin: string, args: string[]): void {
  const [cmd, argv] = asPgUser(bin, args);
  spawnSync(cmd, argv, { stdio: "ignore", timeout: 20_000, cwd: "/" });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export function pgAvailable(): boolean {
  return fs.existsSync(path.join(PG_BIN, "initdb")) && fs.existsSync(path.join(PG_BIN, "pg_ctl"));
}

const liveClusters = new Set<string>();
let exitHookInstalled = false;

/** Last resort when a test run dies without calling stop(): stop the servers synchronously and delete their dirs. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const base of liveClusters) {
      runSync("pg_ctl", ["-D", path.join(base, "data"), "-m", "immediate", "-w", "stop"]);
      fs.rmSync(base, { recursive: true, force: true });
    }
  });
}

/** `maxConnections`: 200 serves a test file or one suite; the test runner's cluster serves several suites at once. */
export async function startPgCluster({ maxConnections = 200 }: { maxConnections?: number } = {}): Promise<PgCluster> {
  if (!pgAvailable()) throw new Error(`PostgreSQL server binaries not found in ${PG_BIN} (set PG_BIN)`);
  const base = fs.mkdtempSync(path.join(os.tmpdir(), "thoughtgraph-pg-"));
  const dataDir = path.join(base, "data");
  const socketDir = path.join(base, "sock");
  fs.mkdirSync(socketDir);
  if (isRoot) {
    const { uid, gid } = pgUserIds();
    for (const p of [base, socketDir]) fs.chownSync(p, uid, gid);
  }
  liveClusters.add(base);
  installExitHook();

  try {
    await run("initdb", ["-D", dataDir, "-U", PG_USER, "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"]);
    let lastError: unknown;
    for (let attempt = 0; attempt < 3; attempt++) {
      const port = await freePort();
      const options = [
        `-p ${port}`,
        `-k ${socketDir}`,
        `-c listen_addresses=127.0.0.1`,
        "-c fsync=off",
        "-c synchronous_commit=off",
        "-c full_page_writes=off",
        `-c max_connections=${maxConnections}`,
      ].join(" ");
      try {
        await run("pg_ctl", [
          "-D",
          dataDir,
          "-o",
          options,
          "-l",
          path.join(base, "postgres.log"),
          "-w",
          "-t",
          "60",
          "start",
        ]);
      } catch (error) {
        lastError = error; // most likely the port was taken between freePort() and start: try another
        continue;
      }
      const url = `postgresql://${PG_USER}@127.0.0.1:${port}/postgres`;
      let stopped = false;
      return {
        url,
        port,
        dataDir,
        async stop() {
          if (stopped) return;
          stopped = true;
          try {
            await run("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "-t", "30", "stop"]);
          } catch {
            runSync("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
          } finally {
            fs.rmSync(base, { recursive: true, force: true });
            liveClusters.delete(base);
          }
        },
      };
    }
    const log = fs.existsSync(path.join(base, "postgres.log"))
      ? fs.readFileSync(path.join(base, "postgres.log"), "utf8")
      : "";
    throw new Error(`pg_ctl start failed: ${String(lastError)}\n${log.slice(-2000)}`);
  } catch (error) {
    runSync("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
    fs.rmSync(base, { recursive: true, force: true });
    liveClusters.delete(base);
    throw error;
  }
}

function pgUserIds(): { uid: number; gid: number } {
  const out = spawnSync("id", ["-u", PG_USER], { encoding: "utf8" });
  const outG = spawnSync("id", ["-g", PG_USER], { encoding: "utf8" });
  const uid = Number(out.stdout.trim());
  const gid = Number(outG.stdout.trim());
  if (out.status !== 0 || !Number.isInteger(uid) || !Number.isInteger(gid)) {
    throw new Error(`running as root needs a "${PG_USER}" OS user to run PostgreSQL`);
  }
  return { uid, gid };
}

/** Creates database `name` on the cluster of `url` and returns the URL pointing at it. */
export async function createDatabase(url: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/i.test(name)) throw new Error(`invalid database name: ${name}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

/**
 * Stops the cluster in `dataDir` (fast: open connections are terminated, as in a crash-free restart), keeps it down
 * for `downMs`, then starts it again with the options it last ran with (postmaster.opts). Returns once it accepts
 * connections. For outage tests: a database restart under running server processes.
 */
export async function restartPgCluster(
  dataDir: string,
  downMs: number,
  whileDown?: () => Promise<void>,
): Promise<void> {
  const opts = fs.readFileSync(path.join(dataDir, "postmaster.opts"), "utf8").trim();
  // `/usr/lib/postgresql/15/bin/postgres "-D" "/tmp/…/data" "-p" "5433" "-k" "…" "-c" "fsync=off" …`
  const args = [...opts.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!);
  const options: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "-D") i++;
    else options.push(args[i]!.includes(" ") ? `'${args[i]}'` : args[i]!);
  }
  const logFile = path.join(path.dirname(dataDir), "postgres.log");
  await run("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "-t", "30", "stop"]);
  const started = Date.now();
  try {
    await whileDown?.();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, downMs - (Date.now() - started))));
  } finally {
    // Up again even when `whileDown` failed, so the tests after it still have their database.
    await run("pg_ctl", ["-D", dataDir, "-o", options.join(" "), "-l", logFile, "-w", "-t", "60", "start"]);
  }
}
