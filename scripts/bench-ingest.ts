// `npm run bench:ingest`: the production server on a fresh SQLite file (or, with DATABASE_URL=postgresql://…, a fresh
// database created on that PostgreSQL server and dropped afterwards), driven over loopback HTTP with keep-alive.
//   single: single-thought POSTs from 32 concurrent agents (each its own session)
//   batch:  POST /api/v1/ingest with 1,000 events per request
//   reads_during_batch: GET /api/v1/sessions every few ms while the batch load runs again, beside the same reads on
//           the idle server (how long a dashboard or agent read waits behind the writes)
// Every scenario's line also says how many of its thoughts were not yet searchable when the load stopped, how long
// the search index then took to catch up (unindexed_at_end, search_catch_up_ms), and the rate counted until the last
// thought was searchable (thoughts_per_s_until_searchable, ratio_until_searchable); the next scenario starts after
// that.
// Each prints one JSON line with throughput, latency percentiles and the baseline of raw inserts of the same rows
// measured in this run (autocommit per row for "single", one transaction per 1,000 for "batch": better-sqlite3
// prepared inserts on SQLite, multi-row INSERTs over one pg connection on PostgreSQL), the server's CPU per 1,000
// thoughts by thread, and the load generator's own (client_cpu_ms_per_1k: it runs on the same cores); the reads line
// has the idle reads as its baseline.
// Options (env): BENCH_SINGLE_TOTAL (default 20000), BENCH_BATCHES (default 120), BENCH_AGENTS (default 32),
// BENCH_CPU_PROFILE=<dir> to write the server's CPU profile there (open it in Chrome DevTools' Performance panel), and
// BENCH_COMPARE_NEXT=1 to run single and batch again through Next's pipeline (THOUGHTGRAPH_FAST_API=0, a second server
// on a fresh SQLite file; SQLite only) and print those lines with `"path": "next"` beside the fast path's
// (`"path": "fast"`).
// otlp: 1,000-span protobuf exports to POST /api/v1/otel/v1/traces (scripts/lib/bench-otlp.ts), spans/s and thoughts/s
// beside the raw baseline of as many rows in transactions of 1,000; BENCH_OTLP_EXPORTS (default 40) exports;
// BENCH_OTLP=1 runs only this scenario. BENCH_SCENARIOS=single,batch (any of single, batch, reads, otlp) runs only
// those, e.g. to take a CPU profile of one load.
// BENCH_DETECT=1 runs only the "detectors on every thought" comparison: batch ingest with the project
// setting off and on, alternated over BENCH_DETECT_ROUNDS rounds (default 3) of BENCH_DETECT_BATCHES batches (default
// 300: past the detectors' memory bound, and long enough that one run is not decided by noise; 30 took ~1 s), each
// round's order flipped so machine drift falls on both. An "on" run is timed until its last finding is
// stored (the detectors run after the answers), with a text in which every thought has a bias: the worst case for
// the setting's writes. Prints a line per run and the on/off ratios.
import Database from "better-sqlite3";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { Agent } from "undici";
import { providerOf } from "@/server/db/provider";
import { otlpBodies, OTLP_SPANS, postProtobuf, thoughtsPerExport } from "./lib/bench-otlp";
import { rawSqliteBaseline } from "./lib/raw-sqlite-baseline";
import { serverCpuMs, serverThreadsCpuMs, threadSplit } from "./lib/server-cpu";
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
/** Thought n's text: every thought's differs, as an agent's do (a batch of one repeated text would let the PostgreSQL
 *  write path send it once, write-store-pg.ts insertSql, and measure less than real batches cost). */
const textOf = (n: number, text = TEXT) => `Step ${n}: ${text}`;

/**
 * The load generator's HTTP client: undici, the engine of Node's fetch and so of the AI SDK's and MCP SDK's agents,
 * with a keep-alive connection per agent. It shares the 2 cores with the server, so what it costs is taken from the
 * server: for a single POST undici 59–77 µs of CPU against 93–110 for node:http's client (three alternating runs), and
 * each line reports it (client_cpu_ms_per_1k).
 */
const agent = new Agent({ connections: AGENTS });

async function send(
  method: "GET" | "POST",
  base: URL,
  route: string,
  apiKey: string,
  body?: string,
): Promise<{ status: number; body: string }> {
  const res = await agent.request({
    origin: base.origin,
    path: route,
    method,
    headers: {
      authorization: `Bearer ${apiKey}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body,
  });
  return { status: res.statusCode, body: await res.body.text() };
}

/** The load generator's own CPU (this process) from now, per 1,000 thoughts when read: on this shared machine it is
 *  taken from what the server could use. */
function clientCpu(): (thoughts: number) => number {
  const from = process.cpuUsage();
  return (thoughts) => {
    const used = process.cpuUsage(from);
    return round((used.user + used.system) / thoughts, 1);
  };
}

const post = (base: URL, route: string, apiKey: string, body: string) => send("POST", base, route, apiKey, body);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

/** The JSON key of the raw baseline, naming the database it was measured on. */
let baselineName = "baseline_raw_sqlite_per_s";

/** Raw better-sqlite3 inserts of thought-shaped rows, in transactions of `perTx` rows. */
function rawBaseline(dir: string, rows: number, perTx: number): number {
  return rawSqliteBaseline(dir, rows, perTx, textOf, AGENTS);
}

const PG_COLUMNS = 8;

/** Raw PostgreSQL inserts of the same rows over one connection: one multi-row INSERT per transaction of `perTx`. */
async function rawPgBaseline(url: string, rows: number, perTx: number): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const table = `bench_baseline_${perTx}`;
    await client.query(`CREATE TABLE ${table} (id text PRIMARY KEY, session text, seq int, num int, total int,
      text text, next boolean, created timestamptz, UNIQUE (session, seq))`);
    const start = performance.now();
    for (let from = 0; from < rows; from += perTx) {
      const to = Math.min(rows, from + perTx);
      const values: unknown[] = [];
      const tuples: string[] = [];
      for (let i = from; i < to; i++) {
        const at = values.length;
        tuples.push(`(${Array.from({ length: PG_COLUMNS }, (_, c) => `$${at + c + 1}`).join(", ")})`);
        values.push(`id-${i}`, `s-${i % AGENTS}`, i, i % 10, 10, textOf(i), true, new Date());
      }
      const insert = `INSERT INTO ${table} VALUES ${tuples.join(", ")}`;
      if (perTx === 1) {
        await client.query(insert, values);
      } else {
        await client.query("BEGIN");
        await client.query(insert, values);
        await client.query("COMMIT");
      }
    }
    const seconds = (performance.now() - start) / 1000;
    await client.query(`DROP TABLE ${table}`);
    return rows / seconds;
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL indexes thoughts for search after COMMIT (server/ingest/search-indexer.ts): how many written thoughts a
 * search could not find yet when the load stopped, and how long the indexer then took to catch up.
 */
async function searchIndexLag(url: string): Promise<SearchLag> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const start = performance.now();
    const count = async () =>
      (await client.query<{ n: number }>(`SELECT count(*)::int AS "n" FROM "Thought" WHERE "searchVector" IS NULL`))
        .rows[0]!.n;
    const atEnd = await count();
    // Every 100 ms: the count is a scan of the partial index, ~20 ms under load, and competes with the indexer.
    for (let left = atEnd; left > 0; left = await count()) await new Promise((resolve) => setTimeout(resolve, 100));
    return { unindexed_at_end: atEnd, search_catch_up_ms: round(performance.now() - start) };
  } finally {
    await client.end();
  }
}

/**
 * SQLite indexes thoughts for search on the write thread when no batch has come for a while, or inline past a backlog
 * (server/ingest/search-index-sqlite.ts), and a search first indexes whatever is waiting: how many written thoughts
 * were waiting when the load stopped, and how long the search that indexes them took. Waiting for it after each
 * scenario keeps one scenario's indexing out of the next one's baseline and run.
 */
async function sqliteSearchIndexLag(file: string, base: URL, apiKey: string): Promise<SearchLag> {
  const db = new Database(file, { readonly: true });
  let waiting: number;
  try {
    db.pragma("busy_timeout = 5000");
    // Thoughts get their keys in rowid order: those past the thought of the newest first-version key wait (read from
    // the top of the key's primary index, not a join of every key).
    waiting = (
      db
        .prepare(
          `SELECT (SELECT coalesce(max(rowid), 0) FROM "Thought") - coalesce((SELECT t.rowid FROM "ThoughtSearchKey" k
           JOIN "Thought" t ON t."id" = k."thoughtId" WHERE k."version" = 0 ORDER BY k."key" DESC LIMIT 1), 0) AS n`,
        )
        .get() as { n: number }
    ).n;
  } finally {
    db.close();
  }
  const start = performance.now();
  const res = await send("GET", base, "/api/v1/search?q=cache&limit=1", apiKey);
  if (res.status !== 200) throw new Error(`search: ${res.status} ${res.body}`);
  return { unindexed_at_end: waiting, search_catch_up_ms: round(performance.now() - start) };
}

type SearchLag = { unindexed_at_end: number; search_catch_up_ms: number };

/** A scenario's line with its search catch-up, and its rate counted until its last thought was searchable (the run
 *  and the catch-up after it), beside the same baseline. */
function withSearchLag<T extends { thoughts_per_s: number; requests: number; batch_size?: number }>(
  line: T,
  lag: SearchLag,
  baseline: number,
): T & SearchLag & { thoughts_per_s_until_searchable: number; ratio_until_searchable: number } {
  const thoughts = line.requests * (line.batch_size ?? 1);
  const perS = thoughts / (thoughts / line.thoughts_per_s + lag.search_catch_up_ms / 1000);
  return {
    ...line,
    ...lag,
    thoughts_per_s_until_searchable: round(perS),
    ratio_until_searchable: round(perS / baseline, 3),
  };
}

/** The bench's database: a fresh SQLite file, or a fresh database on DATABASE_URL's PostgreSQL server. */
async function benchDatabase(dir: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const target = process.env.DATABASE_URL?.trim();
  if (!target || providerOf(target) !== "postgresql") {
    return { url: `file:${path.join(dir, "bench.db")}`, drop: async () => undefined };
  }
  const name = `thoughtgraph_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: target });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(target);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: target });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function single(base: URL, apiKey: string, baseline: number) {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const start = performance.now();
  const client = clientCpu();
  await Promise.all(
    Array.from({ length: AGENTS }, async (_, a) => {
      const sessionId = `bench-agent-${a}-${Date.now()}`;
      let n = 0;
      while (next++ < SINGLE_TOTAL) {
        n++;
        const body = JSON.stringify({
          sessionId,
          thought: textOf(n),
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
  const clientMsPer1k = client(latencies.length);
  latencies.sort((a, b) => a - b);
  return {
    scenario: "single",
    thoughts_per_s: round(latencies.length / seconds),
    p50_ms: round(percentile(latencies, 50), 2),
    p95_ms: round(percentile(latencies, 95), 2),
    p99_ms: round(percentile(latencies, 99), 2),
    [baselineName]: round(baseline),
    ratio_to_raw: round(latencies.length / seconds / baseline, 3),
    requests: latencies.length,
    failures,
    agents: AGENTS,
    client_cpu_ms_per_1k: clientMsPer1k,
    load_average: os.loadavg().map((l) => round(l, 2)),
  };
}

/** Ingest bodies of BATCH_SIZE events, one session each, built before any clock starts. */
function batchBodies(label: string, count = BATCHES, text = TEXT): string[] {
  return Array.from({ length: count }, (_, b) => {
    const sessionId = `${label}-${b}-${Date.now()}`;
    const events = Array.from({ length: BATCH_SIZE }, (_, i) => ({
      id: `${sessionId}-${i}`,
      type: "thought",
      body: {
        sessionId,
        thought: textOf(i + 1, text),
        thoughtNumber: i + 1,
        totalThoughts: BATCH_SIZE,
        nextThoughtNeeded: i < BATCH_SIZE - 1,
      },
    }));
    return JSON.stringify({ events });
  });
}

/** Posts the bodies from BATCH_CLIENTS clients, each keeping one request in flight, so the server is never idle. */
async function driveBatches(
  base: URL,
  apiKey: string,
  bodies: string[],
  onAck?: (results: { status: number; thoughtId?: string }[]) => void,
) {
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const start = performance.now();
  const client = clientCpu();
  await Promise.all(
    Array.from({ length: BATCH_CLIENTS }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++]!;
        const t0 = performance.now();
        const res = await post(base, "/api/v1/ingest", apiKey, body);
        latencies.push(performance.now() - t0);
        if (res.status !== 207) failures++;
        else {
          const { results } = JSON.parse(res.body) as { results: { status: number; thoughtId?: string }[] };
          failures += results.filter((r) => r.status !== 201).length;
          onAck?.(results);
        }
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  return {
    latencies: latencies.sort((a, b) => a - b),
    failures,
    thoughtsPerS: (bodies.length * BATCH_SIZE) / seconds,
    clientMsPer1k: client(bodies.length * BATCH_SIZE),
  };
}

async function batch(base: URL, apiKey: string, baseline: number) {
  const run = await driveBatches(base, apiKey, batchBodies("bench-batch"));
  return {
    scenario: "batch",
    thoughts_per_s: round(run.thoughtsPerS),
    p50_ms: round(percentile(run.latencies, 50), 2),
    p95_ms: round(percentile(run.latencies, 95), 2),
    p99_ms: round(percentile(run.latencies, 99), 2),
    [baselineName]: round(baseline),
    ratio_to_raw: round(run.thoughtsPerS / baseline, 3),
    requests: BATCHES,
    warmup_requests: WARMUP_BATCHES,
    batch_size: BATCH_SIZE,
    clients: BATCH_CLIENTS,
    failures: run.failures,
    client_cpu_ms_per_1k: run.clientMsPer1k,
    load_average: os.loadavg().map((l) => round(l, 2)),
  };
}

const OTLP_EXPORTS = Number(process.env.BENCH_OTLP_EXPORTS ?? 40);

/** OTLP exports from BATCH_CLIENTS clients, each keeping one request in flight (as driveBatches). */
async function otlp(base: URL, apiKey: string, baseline: number) {
  await Promise.all(otlpBodies("bench-otlp-warm", 3).map((b) => postProtobuf(agent, base, apiKey, b)));
  const bodies = otlpBodies("bench-otlp", OTLP_EXPORTS);
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const start = performance.now();
  const client = clientCpu();
  await Promise.all(
    Array.from({ length: BATCH_CLIENTS }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++]!;
        const t0 = performance.now();
        if ((await postProtobuf(agent, base, apiKey, body)) !== 200) failures++;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const clientMsPer1k = client(OTLP_EXPORTS * thoughtsPerExport);
  latencies.sort((a, b) => a - b);
  const thoughtsPerS = (OTLP_EXPORTS * thoughtsPerExport) / seconds;
  return {
    scenario: "otlp",
    spans_per_s: round((OTLP_EXPORTS * OTLP_SPANS) / seconds),
    thoughts_per_s: round(thoughtsPerS),
    [baselineName]: round(baseline),
    ratio_to_raw: round(thoughtsPerS / baseline, 3),
    p50_ms: round(percentile(latencies, 50), 2),
    p95_ms: round(percentile(latencies, 95), 2),
    requests: OTLP_EXPORTS,
    batch_size: thoughtsPerExport,
    spans_per_request: OTLP_SPANS,
    encoding: "protobuf",
    clients: BATCH_CLIENTS,
    failures,
    client_cpu_ms_per_1k: clientMsPer1k,
    load_average: os.loadavg().map((l) => round(l, 2)),
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

/** Runs one scenario and adds the server's CPU per 1,000 thoughts it wrote to the scenario's line (all, by thread). */
async function withServerCpu<T extends { requests: number; batch_size?: number }>(
  pid: number | undefined,
  run: () => Promise<T>,
): Promise<T & { server_cpu_ms_per_1k: number | undefined; threads_cpu_ms_per_1k?: Record<string, number> }> {
  const before = serverCpuMs(pid);
  const threadsBefore = serverThreadsCpuMs(pid);
  const result = await run();
  const after = serverCpuMs(pid);
  const threadsAfter = serverThreadsCpuMs(pid);
  const thoughts = result.requests * (result.batch_size ?? 1);
  const perThousand = (ms: number) => round((ms / thoughts) * 1000, 1);
  const split =
    pid === undefined || threadsBefore === undefined || threadsAfter === undefined
      ? undefined
      : threadSplit(pid, threadsBefore, threadsAfter);
  return {
    ...result,
    server_cpu_ms_per_1k: before === undefined || after === undefined ? undefined : perThousand(after - before),
    // The same CPU by thread (serving, write thread, the rest): a change on one side of the hand-off shows there.
    ...(split
      ? {
          threads_cpu_ms_per_1k: {
            serving: perThousand(split.serving),
            write: perThousand(split.write),
            other: perThousand(split.other),
          },
        }
      : {}),
  };
}

/** Every thought of the detect runs has a bias (sunk cost) and an emotion, so every one stores two findings. */
const DETECT_TEXT =
  "We already invested two years in this cache design, so we cannot abandon it now; I am worried the invalidation " +
  "order is wrong, so check that the write is acknowledged only after the cache entry is gone.";

/** The bench database as the detect comparison uses it: the project setting, and the findings stored so far. */
interface BenchDb {
  setDetect: (on: boolean) => Promise<void>;
  findings: () => Promise<number>;
  /** Which of these thoughts have both findings stored (an index lookup each: polled while the pass catches up). */
  assessed: (thoughtIds: string[]) => Promise<Set<string>>;
  close: () => Promise<void>;
}

// "WHERE true": SQLite cannot parse INSERT … SELECT … ON CONFLICT without a WHERE (the ON would read as a join's).
const UPSERT_SETTING = `INSERT INTO "ProjectReasoningSettings" ("projectId", "detectOnWrite", "updatedAt")
  SELECT "id", $1, CURRENT_TIMESTAMP FROM "Project" WHERE true
  ON CONFLICT ("projectId") DO UPDATE SET "detectOnWrite" = excluded."detectOnWrite"`;
const COUNT_FINDINGS = `SELECT COUNT(*) AS n FROM "ThoughtAssessment"`;
const assessedOf = (n: number, placeholder: (i: number) => string) =>
  `SELECT "thoughtId" AS id FROM "ThoughtAssessment"
   WHERE "thoughtId" IN (${Array.from({ length: n }, (_, i) => placeholder(i)).join(", ")})
   GROUP BY "thoughtId" HAVING COUNT(*) = 2`;

async function openBenchDb(url: string): Promise<BenchDb> {
  if (providerOf(url) === "postgresql") {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return {
      setDetect: async (on) => void (await client.query(UPSERT_SETTING, [on])),
      findings: async () => Number((await client.query<{ n: string }>(COUNT_FINDINGS)).rows[0]!.n),
      assessed: async (ids) =>
        new Set(
          (
            await client.query<{ id: string }>(
              assessedOf(ids.length, (i) => `$${i + 1}`),
              ids,
            )
          ).rows.map((r) => r.id),
        ),
      close: () => client.end(),
    };
  }
  const db = new Database(url.replace(/^file:/, ""));
  db.pragma("busy_timeout = 5000");
  const upsert = db.prepare(UPSERT_SETTING.replace("$1", "?"));
  const count = db.prepare(COUNT_FINDINGS);
  return {
    setDetect: (on) => Promise.resolve(void upsert.run(on ? 1 : 0)),
    findings: () => Promise.resolve(Number((count.get() as { n: number }).n)),
    assessed: (ids) =>
      Promise.resolve(
        new Set((db.prepare(assessedOf(ids.length, () => "?")).all(...ids) as { id: string }[]).map((r) => r.id)),
      ),
    close: () => {
      db.close();
      return Promise.resolve();
    },
  };
}

async function detectComparison(base: URL, apiKey: string, databaseUrl: string, pid: number | undefined) {
  const rounds = Number(process.env.BENCH_DETECT_ROUNDS ?? 3);
  const batches = Number(process.env.BENCH_DETECT_BATCHES ?? 300);
  // BENCH_DETECT_ONLY=on|off: one setting only (a CPU profile of each, to compare them).
  const only = process.env.BENCH_DETECT_ONLY;
  const db = await openBenchDb(databaseUrl);
  const runs: { setting: "on" | "off"; round: number; thoughtsPerS: number; withFindingsPerS: number }[] = [];
  try {
    for (let round = 1; round <= rounds; round++) {
      const order: ("on" | "off")[] = round % 2 === 1 ? ["off", "on"] : ["on", "off"];
      for (const setting of order.filter((s) => only === undefined || s === only)) {
        // The server reads the setting on every batch here (THOUGHTGRAPH_DETECT_SETTING_TTL_MS=0 for this server).
        await db.setDetect(setting === "on");
        // Each run from the same state: on PostgreSQL the previous run's thoughts indexed for search first. (Without
        // this, a run after an "off" run, which waits for nothing, shared the machine with the indexer's catch-up of
        // 300,000 thoughts: 18,000-19,000 thoughts/s against 25,000-27,000 after an "on" run, either setting.)
        if (providerOf(databaseUrl) === "postgresql") await searchIndexLag(databaseUrl);
        const before = await db.findings();
        const bodies = batchBodies(`bench-detect-${setting}-${round}`, batches, DETECT_TEXT);
        // Findings trail the acknowledged writes (the detectors run after COMMIT, off the request path). The last
        // thought of every batch: the pass assesses in commit order, so when these have their findings all have.
        // A poll asks for the newest one, then for those still without findings. (Polling a COUNT of every finding, or
        // of all of these every 20 ms, cost PostgreSQL enough to slow the pass it waited for: 25 ms a query.)
        const lastOfBatch: string[] = [];
        const start = performance.now();
        const cpuBefore = serverCpuMs(pid);
        const run = await driveBatches(base, apiKey, bodies, (results) => {
          const last = results.at(-1)?.thoughtId;
          if (last) lastOfBatch.push(last);
        });
        const lastAck = performance.now();
        if (run.failures > 0) throw new Error(`detect run: ${run.failures} failures`);
        let pendingAtLastAck = 0;
        if (setting === "on") {
          const expected = before + 2 * batches * BATCH_SIZE;
          pendingAtLastAck = (expected - (await db.findings())) / 2;
          let waiting = lastOfBatch;
          for (;;) {
            // The newest first: until it has its findings, the others (assessed before it) need no query.
            if ((await db.assessed([waiting.at(-1)!])).size === 1) {
              const done = await db.assessed(waiting);
              waiting = waiting.filter((id) => !done.has(id));
              if (waiting.length === 0) break;
            }
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          // More is possible: the previous "off" run's last batch may read the setting after it was turned on.
          const stored = await db.findings();
          if (stored < expected)
            throw new Error(`detect run: ${stored - before} findings, ${expected - before} expected`);
        }
        const done = performance.now();
        const thoughts = batches * BATCH_SIZE;
        const cpuAfter = serverCpuMs(pid);
        // The server's CPU per 1,000 thoughts, findings included: the figure that load from other processes leaves be.
        const cpu =
          cpuBefore === undefined || cpuAfter === undefined
            ? undefined
            : round1(((cpuAfter - cpuBefore) / thoughts) * 1000);
        const thoughtsPerS = thoughts / ((lastAck - start) / 1000);
        const withFindingsPerS = thoughts / ((done - start) / 1000);
        runs.push({ setting, round, thoughtsPerS, withFindingsPerS });
        console.log(
          JSON.stringify({
            scenario: "batch_detect",
            setting,
            round,
            // Acknowledged writes: the batch ingest rate an agent sees.
            thoughts_per_s: round1(thoughtsPerS),
            // Until the last finding is stored ("on"), as this line measured before the detectors left the request
            // path; equal to thoughts_per_s when off.
            thoughts_per_s_with_findings: round1(withFindingsPerS),
            ...(setting === "on"
              ? {
                  unassessed_at_last_ack: pendingAtLastAck,
                  all_findings_ms_after_last_ack: round1(done - lastAck),
                }
              : {}),
            server_cpu_ms_per_1k: cpu,
            load_average_1m: round1(os.loadavg()[0]!),
          }),
        );
      }
    }
  } finally {
    await db.close();
  }
  if (only !== undefined) return;
  const ratios = (of: (r: (typeof runs)[number]) => number) =>
    Array.from({ length: rounds }, (_, i) => {
      const at = (s: "on" | "off") => of(runs.find((r) => r.round === i + 1 && r.setting === s)!);
      return round(at("on") / at("off"), 3);
    });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const acked = ratios((r) => r.thoughtsPerS);
  const withFindings = ratios((r) => r.withFindingsPerS);
  console.log(
    JSON.stringify({
      scenario: "detect_ratio",
      on_over_off: acked,
      median: median(acked),
      with_findings_on_over_off: withFindings,
      with_findings_median: median(withFindings),
    }),
  );
}

const round1 = (n: number) => round(n, 1);

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "thoughtgraph-bench-"));
  const database = await benchDatabase(dir);
  // Removed whichever way the run ends (an early return included): each run leaves a database file and a WAL of
  // tens of megabytes.
  try {
    await runScenarios(dir, database);
  } finally {
    await agent.close();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function runScenarios(dir: string, database: { url: string }) {
  const profileDir = process.env.BENCH_CPU_PROFILE;
  const onPg = providerOf(database.url) === "postgresql";
  if (onPg) baselineName = "baseline_raw_postgresql_per_s";
  const baseline = (rows: number, perTx: number) =>
    onPg ? rawPgBaseline(database.url, rows, perTx) : Promise.resolve(rawBaseline(dir, rows, perTx));
  const detect = process.env.BENCH_DETECT === "1";
  const server = await startServer({
    databaseUrl: database.url,
    nodeArgs: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profileDir)}`] : [],
    ...(detect ? { env: { THOUGHTGRAPH_DETECT_SETTING_TTL_MS: "0" } } : {}),
  });
  let singleBaseline = 0;
  let batchBaseline = 0;
  try {
    const base = new URL(server.url);
    // After each scenario, its thoughts' search indexing (printed in its line), before the next one's baseline.
    const lag = () =>
      onPg
        ? searchIndexLag(database.url)
        : sqliteSearchIndexLag(database.url.replace(/^file:/, ""), base, server.apiKey);
    await warmUp(base, server.apiKey);
    await lag();
    console.error(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, node ${process.version}`);
    if (detect) {
      await detectComparison(base, server.apiKey, database.url, server.process.pid);
      return;
    }
    console.error(`database: ${onPg ? "PostgreSQL" : "SQLite"}`);
    const otlpRun = async () => {
      const otlpBaseline = await baseline(OTLP_EXPORTS * thoughtsPerExport, BATCH_SIZE);
      console.log(
        JSON.stringify({
          path: "fast",
          ...withSearchLag(
            await withServerCpu(server.process.pid, () => otlp(base, server.apiKey, otlpBaseline)),
            await lag(),
            otlpBaseline,
          ),
        }),
      );
    };
    if (process.env.BENCH_OTLP === "1") {
      await otlpRun();
      return;
    }
    const scenarios = new Set((process.env.BENCH_SCENARIOS ?? "single,batch,reads,otlp").split(","));
    const pid = server.process.pid;
    if (scenarios.has("single")) {
      singleBaseline = await baseline(Math.min(SINGLE_TOTAL, 20_000), 1);
      const fastSingle = await withServerCpu(pid, () => single(base, server.apiKey, singleBaseline));
      console.log(JSON.stringify({ path: "fast", ...withSearchLag(fastSingle, await lag(), singleBaseline) }));
    }
    if (scenarios.has("batch")) {
      batchBaseline = await baseline(BATCHES * BATCH_SIZE, BATCH_SIZE);
      const fastBatch = await withServerCpu(pid, () => batch(base, server.apiKey, batchBaseline));
      console.log(JSON.stringify({ path: "fast", ...withSearchLag(fastBatch, await lag(), batchBaseline) }));
    }
    if (scenarios.has("reads")) {
      console.log(JSON.stringify({ ...(await readsDuringBatch(base, server.apiKey)), ...(await lag()) }));
    }
    if (scenarios.has("otlp")) await otlpRun();
  } finally {
    await server.stop();
  }
  if (process.env.BENCH_COMPARE_NEXT === "1" && !onPg) {
    const next = await startServer({
      databaseUrl: `file:${path.join(dir, "bench-next.db")}`,
      env: { THOUGHTGRAPH_FAST_API: "0" },
    });
    try {
      const base = new URL(next.url);
      // As the fast path's: each scenario after the previous one's thoughts are searchable.
      const lag = () => sqliteSearchIndexLag(path.join(dir, "bench-next.db"), base, next.apiKey);
      await warmUp(base, next.apiKey);
      await lag();
      const pid = next.process.pid;
      const nextSingle = await withServerCpu(pid, () => single(base, next.apiKey, singleBaseline));
      console.log(JSON.stringify({ path: "next", ...withSearchLag(nextSingle, await lag(), singleBaseline) }));
      const nextBatch = await withServerCpu(pid, () => batch(base, next.apiKey, batchBaseline));
      console.log(JSON.stringify({ path: "next", ...withSearchLag(nextBatch, await lag(), batchBaseline) }));
    } finally {
      await next.stop();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
