// `npm run bench:ingest`: the production server on a fresh SQLite file, driven over loopback HTTP with keep-alive.
//   single: single-thought POSTs from 32 concurrent agents (each its own session)
//   batch:  POST /api/v1/ingest with 1,000 events per request
//   reads_during_batch: GET /api/v1/sessions every few ms while the batch load runs again, beside the same reads on
//           the idle server (how long a dashboard or agent read waits behind the writes)
// Each prints one JSON line with throughput, latency percentiles and the baseline of raw better-sqlite3 inserts of the
// same rows measured in this run (autocommit per row for "single", one transaction per 1,000 for "batch"); the reads
// line has the idle reads as its baseline.
// Options (env): BENCH_SINGLE_TOTAL (default 20000), BENCH_BATCHES (default 120), BENCH_AGENTS (default 32),
// BENCH_CPU_PROFILE=<dir> to write the server's CPU profile there (open it in Chrome DevTools' Performance panel), and
// BENCH_COMPARE_NEXT=1 to run single and batch again through Next's pipeline (THOUGHTGRAPH_FAST_API=0, a second server
// on a fresh file) and print those lines with `"path": "next"` beside the fast path's (`"path": "fast"`).
import Database from "better-sqlite3";
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer } from "./lib/server-process";

const AGENTS = Number(process.env.BENCH_AGENTS ?? 32);
const SINGLE_TOTAL = Number(process.env.BENCH_SINGLE_TOTAL ?? 20_000);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 120);
const BATCH_SIZE = 1_000;
const BATCH_CLIENTS = 2;
/** Batches sent before the clock starts, as the single route is warmed up: the first few 1,000-event batches run
 *  before the JIT has compiled the batch path (measured: ~85 ms each, against ~40 ms once warm). */
const WARMUP_BATCHES = 6;
const TEXT = "Consider the constraint again: the cache must be invalidated before the write is acknowledged. ".repeat(
  3,
);

const agent = new http.Agent({ keepAlive: true, maxSockets: AGENTS });

function send(
  method: "GET" | "POST",
  base: URL,
  route: string,
  apiKey: string,
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path: route,
        method,
        headers: {
          authorization: `Bearer ${apiKey}`,
          ...(body === undefined
            ? {}
            : { "content-type": "application/json", "content-length": Buffer.byteLength(body) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const post = (base: URL, route: string, apiKey: string, body: string) => send("POST", base, route, apiKey, body);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

/** Raw better-sqlite3 inserts of thought-shaped rows, in transactions of `perTx` rows. */
function rawBaseline(dir: string, rows: number, perTx: number): number {
  const file = path.join(dir, `baseline-${perTx}.db`);
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.exec(`CREATE TABLE t (id TEXT PRIMARY KEY, session TEXT, seq INTEGER, num INTEGER, total INTEGER, text TEXT,
    next INTEGER, created INTEGER, UNIQUE(session, seq))`);
  const insert = db.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  const tx = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) insert.run(`id-${i}`, `s-${i % AGENTS}`, i, i % 10, 10, TEXT, 1, Date.now());
  });
  const start = performance.now();
  for (let i = 0; i < rows; i += perTx) tx(i, Math.min(rows, i + perTx));
  const seconds = (performance.now() - start) / 1000;
  db.close();
  // Deleted at once: left on disk, the kernel would write its tens of megabytes back while the next scenario runs
  // (measured: batch 39,000–43,800 thoughts/s with the file left, 49,000–50,400 with it gone, same session).
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
  return rows / seconds;
}

async function single(base: URL, apiKey: string, baseline: number) {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: AGENTS }, async (_, a) => {
      const sessionId = `bench-agent-${a}-${Date.now()}`;
      let n = 0;
      while (next++ < SINGLE_TOTAL) {
        n++;
        const body = JSON.stringify({
          sessionId,
          thought: TEXT,
          thoughtNumber: n,
          totalThoughts: n + 1,
          nextThoughtNeeded: true,
          metadata: { agent: "bench" },
        });
        const t0 = performance.now();
        const res = await post(base, "/api/v1/thoughts", apiKey, body);
        latencies.push(performance.now() - t0);
        if (res.status !== 201) failures++;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    scenario: "single",
    thoughts_per_s: round(latencies.length / seconds),
    p50_ms: round(percentile(latencies, 50), 2),
    p95_ms: round(percentile(latencies, 95), 2),
    p99_ms: round(percentile(latencies, 99), 2),
    baseline_raw_sqlite_per_s: round(baseline),
    requests: latencies.length,
    failures,
    agents: AGENTS,
  };
}

/** Ingest bodies of BATCH_SIZE events, one session each, built before any clock starts. */
function batchBodies(label: string, count = BATCHES): string[] {
  return Array.from({ length: count }, (_, b) => {
    const sessionId = `${label}-${b}-${Date.now()}`;
    const events = Array.from({ length: BATCH_SIZE }, (_, i) => ({
      id: `${sessionId}-${i}`,
      type: "thought",
      body: {
        sessionId,
        thought: TEXT,
        thoughtNumber: i + 1,
        totalThoughts: BATCH_SIZE,
        nextThoughtNeeded: i < BATCH_SIZE - 1,
      },
    }));
    return JSON.stringify({ events });
  });
}

/** Posts the bodies from BATCH_CLIENTS clients, each keeping one request in flight, so the server is never idle. */
async function driveBatches(base: URL, apiKey: string, bodies: string[]) {
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: BATCH_CLIENTS }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++]!;
        const t0 = performance.now();
        const res = await post(base, "/api/v1/ingest", apiKey, body);
        latencies.push(performance.now() - t0);
        if (res.status !== 207) failures++;
        else {
          const { results } = JSON.parse(res.body) as { results: { status: number }[] };
          failures += results.filter((r) => r.status !== 201).length;
        }
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  return { latencies: latencies.sort((a, b) => a - b), failures, thoughtsPerS: (bodies.length * BATCH_SIZE) / seconds };
}

async function batch(base: URL, apiKey: string, baseline: number) {
  const run = await driveBatches(base, apiKey, batchBodies("bench-batch"));
  return {
    scenario: "batch",
    thoughts_per_s: round(run.thoughtsPerS),
    p50_ms: round(percentile(run.latencies, 50), 2),
    p95_ms: round(percentile(run.latencies, 95), 2),
    p99_ms: round(percentile(run.latencies, 99), 2),
    baseline_raw_sqlite_per_s: round(baseline),
    requests: BATCHES,
    warmup_requests: WARMUP_BATCHES,
    batch_size: BATCH_SIZE,
    clients: BATCH_CLIENTS,
    failures: run.failures,
  };
}

const READ_ROUTE = "/api/v1/sessions?limit=20";
const READ_GAP_MS = 5;
const IDLE_READS = 300;

/** One reader: GET READ_ROUTE, pause READ_GAP_MS, again, until `stop` says so. Returns the sorted latencies. */
async function reads(base: URL, apiKey: string, stop: (count: number) => boolean) {
  const latencies: number[] = [];
  let failures = 0;
  while (!stop(latencies.length)) {
    const t0 = performance.now();
    const res = await send("GET", base, READ_ROUTE, apiKey);
    latencies.push(performance.now() - t0);
    if (res.status !== 200) failures++;
    await new Promise((resolve) => setTimeout(resolve, READ_GAP_MS));
  }
  return { latencies: latencies.sort((a, b) => a - b), failures };
}

async function readsDuringBatch(base: URL, apiKey: string) {
  const idle = await reads(base, apiKey, (n) => n >= IDLE_READS);
  const bodies = batchBodies("bench-reads");
  let writing = true;
  const during = reads(base, apiKey, () => !writing);
  const run = await driveBatches(base, apiKey, bodies);
  writing = false;
  const busy = await during;
  return {
    scenario: "reads_during_batch",
    p50_ms: round(percentile(busy.latencies, 50), 2),
    p95_ms: round(percentile(busy.latencies, 95), 2),
    p99_ms: round(percentile(busy.latencies, 99), 2),
    baseline_idle_p50_ms: round(percentile(idle.latencies, 50), 2),
    baseline_idle_p99_ms: round(percentile(idle.latencies, 99), 2),
    reads: busy.latencies.length,
    route: READ_ROUTE,
    batch_thoughts_per_s: round(run.thoughtsPerS),
    failures: busy.failures + idle.failures + run.failures,
  };
}

/** Warms up the routes (JIT, first queries) so the numbers measure the steady state. */
async function warmUp(base: URL, apiKey: string) {
  for (let i = 0; i < 200; i++) {
    await post(
      base,
      "/api/v1/thoughts",
      apiKey,
      JSON.stringify({ thought: "warm", thoughtNumber: 1, totalThoughts: 1, nextThoughtNeeded: false }),
    );
  }
  await driveBatches(base, apiKey, batchBodies("bench-warm", WARMUP_BATCHES));
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "thoughtgraph-bench-"));
  const profileDir = process.env.BENCH_CPU_PROFILE;
  const server = await startServer({
    databaseUrl: `file:${path.join(dir, "bench.db")}`,
    nodeArgs: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profileDir)}`] : [],
  });
  let singleBaseline = 0;
  let batchBaseline = 0;
  try {
    const base = new URL(server.url);
    await warmUp(base, server.apiKey);
    console.error(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, node ${process.version}`);
    singleBaseline = rawBaseline(dir, Math.min(SINGLE_TOTAL, 20_000), 1);
    console.log(JSON.stringify({ path: "fast", ...(await single(base, server.apiKey, singleBaseline)) }));
    batchBaseline = rawBaseline(dir, BATCHES * BATCH_SIZE, BATCH_SIZE);
    console.log(JSON.stringify({ path: "fast", ...(await batch(base, server.apiKey, batchBaseline)) }));
    console.log(JSON.stringify(await readsDuringBatch(base, server.apiKey)));
  } finally {
    await server.stop();
  }
  try {
    if (process.env.BENCH_COMPARE_NEXT === "1") {
      const next = await startServer({
        databaseUrl: `file:${path.join(dir, "bench-next.db")}`,
        env: { THOUGHTGRAPH_FAST_API: "0" },
      });
      try {
        const base = new URL(next.url);
        await warmUp(base, next.apiKey);
        console.log(JSON.stringify({ path: "next", ...(await single(base, next.apiKey, singleBaseline)) }));
        console.log(JSON.stringify({ path: "next", ...(await batch(base, next.apiKey, batchBaseline)) }));
      } finally {
        await next.stop();
      }
    }
  } finally {
    agent.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
