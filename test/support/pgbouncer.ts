// A real PgBouncer (Debian's `pgbouncer` package; PGBOUNCER_BIN to override) in front of the test cluster, in
// transaction pooling mode, for the fleet test of instances behind it. It refuses to run as root, so under
// root it runs as the cluster's `postgres` OS user, as the cluster itself does.
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export interface RunningPgBouncer {
  /** `databaseUrl` with its host and port replaced by the bouncer's. */
  through(databaseUrl: string): string;
  /** How many server connections the bouncer holds to PostgreSQL (its SHOW SERVERS). */
  serverConnections(): Promise<number>;
  stop(): Promise<void>;
}

export const PGBOUNCER_BIN = process.env.PGBOUNCER_BIN ?? "/usr/sbin/pgbouncer";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts PgBouncer for the cluster `clusterUrl` points at, with at most `poolSize` server connections per database. */
export async function startPgBouncer(clusterUrl: string, poolSize: number): Promise<RunningPgBouncer> {
  const target = new URL(clusterUrl);
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), "thoughtgraph-pgbouncer-"));
  chmodSync(dir, 0o755);
  const config = path.join(dir, "pgbouncer.ini");
  const users = path.join(dir, "users.txt");
  writeFileSync(users, `"${target.username}" ""\n`);
  writeFileSync(
    config,
    [
      "[databases]",
      `* = host=${target.hostname} port=${target.port}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${users}`,
      `admin_users = ${target.username}`,
      "pool_mode = transaction",
      `default_pool_size = ${poolSize}`,
      "max_client_conn = 500",
      "ignore_startup_parameters = extra_float_digits,options",
      "",
    ].join("\n"),
  );
  const asUser =
    process.getuid?.() === 0
      ? {
          uid: Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" })),
          gid: Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" })),
        }
      : {};
  let output = "";
  const child: ChildProcess = spawn(PGBOUNCER_BIN, [config], { stdio: ["ignore", "pipe", "pipe"], ...asUser });
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const through = (databaseUrl: string) => {
    const u = new URL(databaseUrl);
    u.hostname = "127.0.0.1";
    u.port = String(port);
    return u.toString();
  };
  const admin = async <T extends pg.QueryResultRow>(text: string): Promise<T[]> => {
    const client = new pg.Client({ connectionString: through(new URL("/pgbouncer", clusterUrl).toString()) });
    await client.connect();
    try {
      return (await client.query<T>(text)).rows;
    } finally {
      await client.end();
    }
  };

  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      await admin("SHOW VERSION");
      break;
    } catch (error) {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill("SIGKILL");
        throw new Error(`PgBouncer did not start (${String(error)}): ${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return {
    through,
    async serverConnections() {
      return (await admin("SHOW SERVERS")).length;
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGINT");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
