// `npm run bench:health`: what the sessions list costs right after a bulk import, while the sessions' stored reasoning
// health (server/services/reasoning/session-health.ts) is stale, beside a same-run baseline: the same requests once
// the health has caught up.
//
// Data: BENCH_SESSIONS sessions (default 50) × BENCH_PER_SESSION thoughts (default 2,000), ~35 words each, written
// through the production batch writer (ingestEvents, 1,000 events per call). Then BENCH_REQUESTS list requests
// (default 40; the sessions table's first page of 25 by activity, as the dashboard asks for it) one every GAP_MS, timed
// one by one: the first ones are the ones that met stale health. Prints one JSON line per provider: p50/p99/max of
// those requests, of the baseline, how long until no session was stale (from the first request) and the load average.
// SQLite by default; BENCH_PG_URL=postgresql://… (an admin URL; a database is created and dropped) adds PostgreSQL.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { rng } from "@/e2e/support/generate";
import { createDatabase } from "./lib/pg-cluster";
import { openBenchProject, runBench, writeThoughts } from "./lib/bench-sessions";

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 50);
const PER_SESSION = Number(process.env.BENCH_PER_SESSION ?? 2_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
/** A person paging and filtering the list: a request every 100 ms at most. */
const GAP_MS = 100;

const WORDS = (
  "cache write acknowledged invalidation order lock index query plan table row commit batch agent session thought " +
  "branch revise measure latency throughput budget retry queue worker thread parse validate store read scan sort"
).split(" ");

const round = (x: number) => Math.round(x * 10) / 10;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

async function benchProvider(provider: "sqlite" | "postgresql", url: string) {
  const { db, projectId, close } = await openBenchProject(url);
  const { sessionsTable } = await import("@/server/services/dashboard");
  const { ZSessionTableQuery } = await import("@/lib/contracts/dashboard");
  const { healthCaughtUp } = await import("@/server/services/reasoning/session-health");
  const random = rng(16);
  const text = () => Array.from({ length: 35 }, () => WORDS[Math.floor(random() * WORDS.length)]!).join(" ");

  const query = ZSessionTableQuery.parse({ page: 1, pageSize: 25, sort: "activity", order: "desc" });
  // Warm (JIT, Prisma's query plans) on the empty project, so the first timed request is not a cold start.
  for (let i = 0; i < 20; i++) await sessionsTable(db, projectId, query);
  const loadStart = performance.now();
  const total = SESSIONS * PER_SESSION;
  await writeThoughts(projectId, total, (n) => {
    const number = (n % PER_SESSION) + 1;
    return {
      sessionId: `bench-health-${Math.floor(n / PER_SESSION)}`,
      thought: text(),
      thoughtNumber: number,
      totalThoughts: PER_SESSION,
      nextThoughtNeeded: number < PER_SESSION,
      ...(number % 50 === 0 ? { isRevision: true, revisesThought: number - 1 } : {}),
    };
  });
  console.error(
    `${provider}: ${total} thoughts in ${SESSIONS} sessions written in ${round(performance.now() - loadStart)} ms`,
  );

  const stale = async () =>
    Number(
      (
        await db.$queryRaw<{ n: number | bigint }[]>`
          SELECT COUNT(*) AS "n" FROM "ThinkingSession" s LEFT JOIN "SessionHealth" h ON h."sessionId" = s."id"
          WHERE h."sessionId" IS NULL OR h."thoughts" <> s."thoughtCount"`
      )[0]!.n,
    );
  const requests = async () => {
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const start = performance.now();
      await sessionsTable(db, projectId, query);
      times.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, GAP_MS));
    }
    return times;
  };
  const load = round(os.loadavg()[0] ?? 0);
  const first = performance.now();
  const afterImport = await requests();
  const staleAfterRequests = await stale();
  await healthCaughtUp();
  // The catch-up of the code before this bench had none in the background: later requests did it.
  while ((await stale()) > 0) await sessionsTable(db, projectId, query);
  const caughtUpMs = performance.now() - first;
  const baseline = await requests();
  const stats = (times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b);
    return { p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1)!) };
  };
  const a = stats(afterImport);
  const b = stats(baseline);
  console.log(
    JSON.stringify({
      scenario: "sessions_list_after_import",
      provider,
      p50_ms: a.p50,
      p99_ms: a.p99,
      max_ms: a.max,
      first_5_ms: afterImport.slice(0, 5).map(round),
      baseline_fresh_p50_ms: b.p50,
      baseline_fresh_p99_ms: b.p99,
      stale_sessions_after_requests: staleAfterRequests,
      all_fresh_ms_after_first_request: round(caughtUpMs),
      requests: REQUESTS,
      sessions: SESSIONS,
      thoughts_per_session: PER_SESSION,
      load_average_1m: load,
    }),
  );
  await close();
}

async function main() {
  console.error(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, Node ${process.version}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), "thoughtgraph-bench-health-"));
  try {
    const admin = process.env.BENCH_PG_URL?.trim();
    if (!admin) await benchProvider("sqlite", `file:${path.join(dir, "bench.db")}`);
    else {
      const url = await createDatabase(admin, `bench_health_${Date.now()}`);
      try {
        await benchProvider("postgresql", url);
      } finally {
        const client = new pg.Client({ connectionString: admin });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS "${new URL(url).pathname.slice(1)}" WITH (FORCE)`);
        await client.end();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

runBench(main);
