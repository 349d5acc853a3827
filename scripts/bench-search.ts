// `npm run bench:search`: search and recall at 100,000 thoughts and 10,000 memories, on SQLite and PostgreSQL, beside
// a same-run baseline.
//
// Data: 100,000 thoughts (1,000 sessions × 100, ~40 words each from a 5,000-word Zipf-like vocabulary, written
// through the production batch writer, so the SQLite index is built by the write path) and 10,000 memories of one
// user (bulk-inserted; their index rows come from the migration's triggers on SQLite and the generated column on
// PostgreSQL). Queries: two words drawn from the same Zipf distribution, so some pair the most frequent words and
// match tens of thousands of rows (those make the p99).
//
// Lines (JSON, one per measure): p50/p99 in ms over BENCH_QUERIES queries (default 200) of
//   raw_fts          the bare index query, every match ranked, LIMIT 20 (the baseline: FTS5 MATCH … ORDER BY rank /
//                    tsvector @@ to_tsquery ORDER BY ts_rank), no project join, no count, no highlight
//   raw_window       the bare index query over the newest 1,000 matches only (FTS5 ORDER BY rowid DESC LIMIT 1000 /
//                    ORDER BY id DESC LIMIT 1000, ids being uuidv7), unranked: the floor of the bounded window search
//                    ranks; PostgreSQL also prints raw_window_by_created_at (the window by creation time: every GIN
//                    match read and sorted) and EXPLAIN ANALYZE of the window for a common, a mid and a rare query
//   search_thoughts  GET /api/v1/search's service: ranked page of 20 with total, project scope, versions, snippets
//   sessions_text    the sessions list's text search (first page of 25, total), after the sessions' stored health
//                    has caught up with the load (printed: what a first list request after a bulk import pays)
//   memory_search    ThoughtMCP search (limit 10)
//   recall           ThoughtMCP recall with text (lexical similarity over the user's 10,000 memories; limit 10)
// Each line carries the load average (1 min) when it started: the machine is shared, so compare a line with the raw
// baselines of the same run only. BENCH_PROVIDERS=sqlite (or postgresql) runs one provider.
// PostgreSQL: BENCH_PG_URL=postgresql://… (an admin URL; a database is created and dropped), else a throwaway cluster
// from /usr/lib/postgresql/15/bin (PG_BIN) when present, else SQLite only. BENCH_THOUGHTS and BENCH_MEMORIES scale it.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import pg from "pg";

import { toFts5 } from "@/lib/search/fts5";
import { parseQuery, type QueryNode } from "@/lib/search/query";
import { toTsquery } from "@/lib/search/tsquery";
import { rng } from "@/e2e/support/generate";
import { createDatabase, pgAvailable, startPgCluster, type PgCluster } from "./lib/pg-cluster";
import { openBenchProject, runBench, writeThoughts } from "./lib/bench-sessions";
import { round, timeQueries } from "./lib/bench-timing";

const THOUGHTS = Number(process.env.BENCH_THOUGHTS ?? 100_000);
const MEMORIES = Number(process.env.BENCH_MEMORIES ?? 10_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 200);
const PER_SESSION = 100;
const VOCABULARY = 5_000;
const WORDS_PER_TEXT = 40;

const words = Array.from({ length: VOCABULARY }, (_, i) => `w${i.toString(36)}x`);
// Zipf (s = 1): word i has weight 1/(i+1); sampled through the cumulative weights.
const cumulative: number[] = [];
{
  let sum = 0;
  for (let i = 0; i < VOCABULARY; i++) cumulative.push((sum += 1 / (i + 1)));
}
function zipfWord(random: () => number): string {
  const x = random() * cumulative[cumulative.length - 1]!;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return words[lo]!;
}
const text = (random: () => number) => Array.from({ length: WORDS_PER_TEXT }, () => zipfWord(random)).join(" ");

async function measure(name: string, provider: string, queries: string[], run: (q: string) => Promise<unknown>) {
  return { measure: name, provider, ...(await timeQueries(queries, 10, run)) }; // 10 warm-ups: JIT, statement caches
}

async function benchProvider(provider: "sqlite" | "postgresql", url: string) {
  const { db, projectId, close } = await openBenchProject(url);
  const { searchThoughts } = await import("@/server/services/search/thought-search");
  const { sessionsTable } = await import("@/server/services/dashboard");
  const { recall } = await import("@/server/services/memory/memory-queries");
  const { searchMemories } = await import("@/server/services/memory/memory-queries");
  const { parseMemoryInput } = await import("@/lib/contracts/thoughtmcp-memory");
  const random = rng(42);

  const loadStart = performance.now();
  const sessions = THOUGHTS / PER_SESSION;
  await writeThoughts(projectId, THOUGHTS, (n) => {
    const number = (n % PER_SESSION) + 1;
    return {
      sessionId: `bench-session-${Math.floor(n / PER_SESSION) % sessions}`,
      thought: text(random),
      thoughtNumber: number,
      totalThoughts: PER_SESSION,
      nextThoughtNeeded: number < PER_SESSION,
    };
  });
  // PostgreSQL fills Thought."searchVector" in a background indexer (server/ingest/search-indexer.ts): measuring before
  // it caught up would search a partly indexed table.
  await (await import("@/server/ingest/search-indexer")).waitForSearchIndex(db);
  const thoughtsLoaded = performance.now() - loadStart;
  const now = Date.now();
  for (let start = 0; start < MEMORIES; start += 1_000) {
    await db.memory.createMany({
      data: Array.from({ length: Math.min(1_000, MEMORIES - start) }, (_, i) => ({
        id: `mem-bench-${start + i}`,
        projectId,
        userId: "bench-user",
        sessionId: "bench",
        content: text(random).split(" ").slice(0, 15).join(" "),
        primarySector: "semantic",
        salience: random(),
        createdAt: new Date(now - random() * 400 * 86_400_000),
      })),
    });
  }
  console.error(
    `${provider}: ${THOUGHTS} thoughts written (and indexed) in ${round(thoughtsLoaded / 1000)} s through the batch writer, ${MEMORIES} memories inserted`,
  );

  const qrandom = rng(7);
  const queries = Array.from({ length: QUERIES }, () => `${zipfWord(qrandom)} ${zipfWord(qrandom)}`);
  const ast = (q: string): QueryNode => {
    const p = parseQuery(q);
    if (!p.ok) throw new Error(p.message);
    return p.query;
  };
  const mem = <N extends "recall" | "search">(tool: N, raw: unknown) => {
    const p = parseMemoryInput(tool, raw);
    if (!p.ok) throw new Error(p.problem.message);
    return p.value;
  };

  const lines = [];
  if (provider === "sqlite") {
    lines.push(
      await measure("raw_fts", provider, queries, (q) =>
        db.$queryRawUnsafe(
          `SELECT rowid FROM "ThoughtFts" WHERE "ThoughtFts" MATCH ? ORDER BY rank LIMIT 20`,
          toFts5(ast(q)),
        ),
      ),
    );
    lines.push(
      await measure("raw_window", provider, queries, (q) =>
        db.$queryRawUnsafe(
          `SELECT rowid FROM "ThoughtFts" WHERE "ThoughtFts" MATCH ? ORDER BY rowid DESC LIMIT 1000`,
          toFts5(ast(q)),
        ),
      ),
    );
  } else {
    // The planner's tsvector statistics decide between the primary-key walk and the GIN bitmap; autovacuum gathers
    // them within a minute of a bulk load, ANALYZE now so the measurement does not depend on its timing.
    await db.$executeRawUnsafe(`ANALYZE "Thought"`);
    const windowById = `SELECT "id" FROM "Thought" WHERE "projectId" = $2 AND "searchVector" @@ to_tsquery('simple', $1)
           ORDER BY "id" DESC LIMIT 1000`;
    for (const q of [`${words[0]} ${words[1]}`, `${words[300]} ${words[400]}`, `${words[4000]}`]) {
      const plan = await db.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
        `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${windowById}`,
        toTsquery(ast(q)),
        projectId,
      );
      console.error(
        `EXPLAIN ANALYZE of the thought window for "${q}":\n${plan.map((r) => r["QUERY PLAN"]).join("\n")}`,
      );
    }
    lines.push(
      await measure("raw_window", provider, queries, (q) =>
        db.$queryRawUnsafe(windowById, toTsquery(ast(q)), projectId),
      ),
    );
    // For comparison, the window by creation time: newest by createdAt, which no index serves, so every GIN match is
    // read and sorted.
    lines.push(
      await measure("raw_window_by_created_at", provider, queries, (q) =>
        db.$queryRawUnsafe(
          `SELECT "id" FROM "Thought" WHERE "searchVector" @@ to_tsquery('simple', $1)
           ORDER BY "createdAt" DESC LIMIT 1000`,
          toTsquery(ast(q)),
        ),
      ),
    );
    lines.push(
      await measure("raw_fts", provider, queries, (q) =>
        db.$queryRawUnsafe(
          `SELECT "id" FROM "Thought", to_tsquery('simple', $1) q WHERE "searchVector" @@ q
           ORDER BY ts_rank("searchVector", q, 1) DESC LIMIT 20`,
          toTsquery(ast(q)),
        ),
      ),
    );
  }
  lines.push(
    await measure("search_thoughts", provider, queries, (q) =>
      searchThoughts(db, projectId, { q, limit: 20, offset: 0 }),
    ),
  );
  // Every list request first folds up to REFRESH_THOUGHTS thoughts of sessions whose stored health is stale
  // (server/services/reasoning/session-health.ts), and after this bulk load all 1,000 are: the first 20 calls paid the
  // catch-up (13.2 s for 20 at load 5; seconds each at load 14–18), 10 of them inside the 200 measured, which made
  // sessions_text's p99 (the top 2 calls) a health measurement. Catch up first and print what it cost.
  const { refreshStaleHealth } = await import("@/server/services/reasoning/session-health");
  const healthStart = performance.now();
  let refreshes = 0;
  while ((await refreshStaleHealth(db, projectId)) > 0) refreshes++;
  console.error(
    `${provider}: session health caught up in ${refreshes} list requests' refreshes, ${round(performance.now() - healthStart)} ms`,
  );
  lines.push(
    await measure("sessions_text", provider, queries, (q) =>
      sessionsTable(db, projectId, { q, sort: "activity", order: "desc", page: 1, pageSize: 25 }),
    ),
  );
  lines.push(
    await measure("memory_search", provider, queries, (q) =>
      searchMemories(db, projectId, mem("search", { userId: "bench-user", text: q })),
    ),
  );
  lines.push(
    await measure("recall", provider, queries, (q) =>
      recall(db, projectId, mem("recall", { userId: "bench-user", text: q })),
    ),
  );
  for (const line of lines) console.log(JSON.stringify({ ...line, thoughts: THOUGHTS, memories: MEMORIES }));
  await close();
}

async function main() {
  console.error(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, Node ${process.version}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), "thoughtgraph-bench-search-"));
  let cluster: PgCluster | undefined;
  try {
    const only = process.env.BENCH_PROVIDERS?.trim();
    if (only !== "postgresql") await benchProvider("sqlite", `file:${path.join(dir, "bench.db")}`);
    let admin = only === "sqlite" ? undefined : process.env.BENCH_PG_URL?.trim();
    if (!admin && only !== "sqlite" && pgAvailable()) {
      cluster = await startPgCluster();
      admin = cluster.url;
    }
    if (admin) {
      const url = await createDatabase(admin, `bench_search_${Date.now()}`);
      await benchProvider("postgresql", url);
      if (!cluster) {
        const client = new pg.Client({ connectionString: admin });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS "${new URL(url).pathname.slice(1)}"`);
        await client.end();
      }
    } else {
      console.error("PostgreSQL: skipped (set BENCH_PG_URL or install the server binaries)");
    }
  } finally {
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

runBench(main);
