// `npm start`: build if the production build is missing or older than the sources, apply migrations, run first-start
// set-up, then serve the production build on HOST:PORT (default 127.0.0.1:3000) in this one process.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { isLoopbackHost, singleUserRequested } from "@/server/auth/mode";
import { checkConfig, setting } from "@/server/config";
import { PEER_ADDRESS_HEADER } from "@/server/http/client-address";
import { databaseUrl, providerOf, redactUrl } from "@/server/db/provider";

// Every variable is checked before anything starts: a bad one stops the start with what to fix (server/config.ts).
const problems = checkConfig();
if (problems.length > 0) {
  console.error(`thoughtgraph cannot start: ${problems.length === 1 ? "a setting is" : "settings are"} wrong.`);
  for (const problem of problems) console.error(`  - ${problem}`);
  console.error('The variables are listed in docs/operating.md, "Configuration".');
  process.exit(1);
}

const root = process.cwd();
const dev = process.argv.includes("--dev");
const host = setting("HOST");
const port = setting("PORT");

if (singleUserRequested() && !isLoopbackHost(host)) {
  console.error(
    `THOUGHTGRAPH_SINGLE_USER=1 turns sign-in off, so it is allowed only on a loopback address; HOST is "${host}". ` +
      "Unset it and use accounts, or bind to 127.0.0.1.",
  );
  process.exit(1);
}

const SOURCE_DIRS = ["app", "components", "lib", "server", "prisma"];
const SOURCE_FILES = ["next.config.ts", "proxy.ts", "package.json", "tsconfig.json"];

function newestSourceMtime(): number {
  let newest = 0;
  const visit = (p: string) => {
    const st = statSync(p, { throwIfNoEntry: false });
    if (!st) return;
    if (st.isDirectory()) {
      if (p.endsWith(`${path.sep}generated`)) return;
      for (const name of readdirSync(p)) visit(path.join(p, name));
    } else {
      newest = Math.max(newest, st.mtimeMs);
    }
  };
  for (const d of SOURCE_DIRS) visit(path.join(root, d));
  for (const f of SOURCE_FILES) visit(path.join(root, f));
  return newest;
}

function buildIfNeeded(): void {
  const buildId = path.join(root, ".next", "BUILD_ID");
  const built = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  if (built > newestSourceMtime() && !setting("THOUGHTGRAPH_REBUILD")) return;
  console.log(
    built ? "Sources changed since the last build: rebuilding…" : "No production build yet: building (about a minute)…",
  );
  const r = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (r.status !== 0) {
    console.error("The build failed; see the output above.");
    process.exit(r.status ?? 1);
  }
}

/**
 * Migrates and sets up the database; returns what to tell the person starting the server, printed once it listens
 * (the address in it carries the port the server got, which PORT=0 leaves open until then).
 */
async function prepareDatabase(): Promise<(baseUrl: string) => void> {
  const url = databaseUrl();
  // A fleet's deploy runs `npm run db:migrate` once as its own step and starts instances with
  // THOUGHTGRAPH_MIGRATE_ON_START=0 (docs/operating.md, "Running several instances"); on by default, and safe either
  // way: on PostgreSQL migrations take an advisory lock, so instances starting together apply each one once.
  if (setting("THOUGHTGRAPH_MIGRATE_ON_START")) {
    const { applyMigrations } = await import("@/server/db/migrations");
    const { applied } = await applyMigrations(url);
    if (applied.length > 0) console.log(`Applied ${applied.length} migration(s) to ${redactUrl(url)}.`);
  }
  const { createDb } = await import("@/server/db/client");
  const { runSetup, firstKeyMessage } = await import("@/server/services/setup");
  const db = createDb(url);
  try {
    // Model connections' keys are sealed under THOUGHTGRAPH_SECRET_KEY: refuse to start without it rather than fail
    // every judge call later.
    const { assertSecretKeyFor } = await import("@/server/services/judges/secret-box");
    assertSecretKeyFor(await db.modelConnection.count({ where: { apiKeyCipher: { not: null } } }));
    const setup = await runSetup(db);
    return (baseUrl) => {
      if (setup.createdKey) console.log(firstKeyMessage(setup.createdKey.key, baseUrl));
      if (setup.initKey === "created") console.log("Registered THOUGHTGRAPH_INIT_API_KEY for the default project.");
      if (setup.admin === "created") console.log("Created the admin user from THOUGHTGRAPH_INIT_ADMIN_EMAIL.");
      if (setup.needsFirstAccount && !singleUserRequested()) {
        console.log(`No account exists yet: open ${baseUrl}/setup to create the first one (the owner).`);
      }
    };
  } finally {
    await db.$disconnect();
  }
}

async function main(): Promise<void> {
  (process.env as Record<string, string>).NEXT_TELEMETRY_DISABLED ??= "1";
  if (!dev && !setting("THOUGHTGRAPH_SKIP_BUILD")) buildIfNeeded();
  const announce = await prepareDatabase();
  // The work that follows each committed write subscribes to the writer as it loads (server/ingest/after-commit.ts).
  await import("@/server/ingest/search-indexer");
  await import("@/server/services/reasoning/detect-on-write");
  if (providerOf(databaseUrl()) === "sqlite") {
    (await import("@/server/ingest/checkpointer")).startCheckpointer(databaseUrl());
    if (setting("THOUGHTGRAPH_WRITE_THREAD")) {
      (await import("@/server/ingest/write-thread-start")).startWriteThread(databaseUrl());
    }
  } else {
    // Thoughts left unindexed by an instance that stopped mid-pass are indexed now, and the sweep starts.
    const { getDb } = await import("@/server/db/client");
    (await import("@/server/ingest/search-indexer")).notifySearchIndexer(getDb(), 0);
  }
  // Judges' calls: this process claims jobs from the shared job table (docs/judges.md, "Runs").
  if (setting("THOUGHTGRAPH_JUDGE_WORKER")) {
    const { startJudgeWorker } = await import("@/server/services/judges/worker");
    startJudgeWorker((await import("@/server/db/client")).getDb());
  }
  (process.env as Record<string, string>).NODE_ENV ??= dev ? "development" : "production";
  const { default: next } = await import("next");
  const app = next({ dev, dir: root, hostname: host, port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const fast = !dev && setting("THOUGHTGRAPH_FAST_API") ? await import("@/server/http/agent-server") : null;
  // The build's hashed assets from memory (server/http/static-assets.ts says why), loaded after the server listens.
  const assets = dev ? null : (await import("@/server/http/static-assets")).staticAssets(path.join(root, ".next"));
  // Next's answers are compressed here (brotli or gzip), faster than by Next's own compression (server/http/compress.ts).
  const { compressed } = await import("@/server/http/compress");
  const serve = (req: IncomingMessage, res: ServerResponse, expectsContinue: boolean) => {
    // The connection's address, for per-address limits; any value a client sent in this header is replaced.
    req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? "";
    const match = fast?.matchAgentRoute(req.method, req.url);
    if (match) return void fast!.serveAgentRoute(req, res, match, expectsContinue);
    if (expectsContinue) res.writeContinue();
    if (!assets?.serve(req, res)) compressed(req, res, () => void handle(req, res));
  };
  const server = createServer((req, res) => serve(req, res, false));
  // A request with `Expect: 100-continue` hears "100 Continue" from an agent route only once its body is known to be
  // within the route's limit (server/http/door.ts fromNode); without this listener Node sends it for every request.
  server.on("checkContinue", (req, res) => serve(req, res, true));
  // Agents reuse connections: keep idle ones longer than typical client pools (Node's default is 5 s).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.listen(port, host, () => {
    const address = server.address();
    const actualPort = typeof address === "object" && address ? address.port : port;
    console.log(
      `thoughtgraph ready on http://${host.includes(":") ? `[${host}]` : host}:${actualPort} (${redactUrl(databaseUrl())})`,
    );
    // A wildcard address is not one to paste into a client: the snippets name the loopback address instead.
    const shownHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
    announce(`http://${shownHost}:${actualPort}`);
    assets?.warm();
  });
  const stop = () => {
    // Idle keep-alive sockets would hold close() open for up to keepAliveTimeout (65 s).
    server.close(() => process.exit(0));
    server.closeIdleConnections();
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
