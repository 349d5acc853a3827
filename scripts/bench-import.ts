// `npm run bench:import`: coding agents' transcripts into the production server (a fresh SQLite file), two scenarios,
// each repeated over BENCH_IMPORT_ROUNDS rounds (default 3), every line with the load average:
//   import: a generated Claude Code transcript of BENCH_IMPORT_RECORDS records (default 100,000; 6 thoughts per 8
//           records, scripts/lib/claude-transcript.ts) POSTed to /api/v1/import/transcript as one file, a fresh
//           session each round: records/s and thoughts/s beside the raw SQLite baseline of as many thought-shaped
//           rows in transactions of 1,000 (scripts/lib/raw-sqlite-baseline.ts, as bench:ingest's batch), measured in
//           the same round.
//   watch:  `thoughtgraph watch` (the npm package's CLI, built from sdk/) follows a Claude Code session file while
//           BENCH_WATCH_LINES lines per round (default 40 of each kind) are appended to it one at a time; the
//           latency from the append to the thought's text in the DOM of the open session view (Chromium, Follow on),
//           p50/p95, for a person's question (sent as soon as read) and for a model's thinking (held until its
//           message's usage is final: no new line for a poll). Baseline: the same thought POSTed to
//           /api/v1/ingest by this script, to the DOM. Target: p95 ≤ 1 s including the file watch.
//           BENCH_WATCH_ONLY=1 runs only this scenario.
// The server runs with THOUGHTGRAPH_MAX_THOUGHTS_PER_SESSION raised past the generated session (the default cap is
// 10,000 thoughts per session).
import { chromium, type Browser, type Page } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildCli, startWatch } from "../e2e/support/transcripts";
import { claudeLines, RECORDS_PER_TURN, THOUGHTS_PER_TURN } from "./lib/claude-transcript";
import { rawSqliteBaseline } from "./lib/raw-sqlite-baseline";
import { serverCpuMs } from "./lib/server-cpu";
import { startServer, type RunningServer } from "./lib/server-process";

const RECORDS = Number(process.env.BENCH_IMPORT_RECORDS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_IMPORT_ROUNDS ?? 3);
const WATCH_LINES = Number(process.env.BENCH_WATCH_LINES ?? 40);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const load = () => os.loadavg().map((l) => round(l, 2));
const print = (line: Record<string, unknown>) => console.log(JSON.stringify({ ...line, load_average: load() }));
const log = (line: string) => console.error(line);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function api(server: RunningServer, route: string, init: RequestInit = {}): Promise<Response> {
  return fetch(new URL(route, server.url), {
    ...init,
    headers: { authorization: `Bearer ${server.apiKey}`, ...(init.headers ?? {}) },
  });
}

/** One generated transcript of RECORDS records, as the file's text. */
function transcript(sessionId: string): string {
  const lines = claudeLines(sessionId);
  const out: string[] = [];
  for (let i = 0; i < RECORDS; i++) out.push(lines.next());
  return `${out.join("\n")}\n`;
}

async function importRound(server: RunningServer, dir: string, pass: number) {
  const text = transcript(crypto.randomUUID());
  const bytes = Buffer.byteLength(text);
  const cpu0 = serverCpuMs(server.process.pid);
  const t0 = performance.now();
  const res = await api(server, "/api/v1/import/transcript", {
    method: "POST",
    headers: { "content-type": "application/jsonl" },
    body: text,
  });
  const body = await res.text();
  const seconds = (performance.now() - t0) / 1000;
  const cpu1 = serverCpuMs(server.process.pid);
  if (res.status !== 200) throw new Error(`the import answered ${res.status}: ${body.slice(0, 500)}`);
  const r = JSON.parse(body) as { records: number; thoughts: { imported: number; refused: number } };
  const expected = Math.floor(RECORDS / RECORDS_PER_TURN) * THOUGHTS_PER_TURN;
  const sample = text.slice(0, 400);
  const baseline = rawSqliteBaseline(dir, r.thoughts.imported, 1_000, (n) => `${sample.slice(0, 200)} ${n}`, 1);
  print({
    scenario: "import",
    round: pass,
    records: r.records,
    file_mb: round(bytes / 2 ** 20),
    thoughts: r.thoughts.imported,
    refused: r.thoughts.refused,
    expected_thoughts: expected,
    seconds: round(seconds, 2),
    records_per_s: round(r.records / seconds),
    thoughts_per_s: round(r.thoughts.imported / seconds),
    baseline_raw_sqlite_per_s: round(baseline),
    ratio_to_raw: round(r.thoughts.imported / seconds / baseline, 3),
    // What the server spent: on this shared machine it moves far less than the wall-clock rates.
    server_cpu_ms_per_1k_thoughts:
      cpu0 === undefined || cpu1 === undefined ? undefined : round(((cpu1 - cpu0) / r.thoughts.imported) * 1000),
  });
}

/** Records in the page the time (Date.now()) each marker `LAT<n>x` first appears in the DOM. */
const OBSERVE = `(() => {
  window.__seen = {};
  const scan = (node) => {
    const text = node.textContent || "";
    for (const m of text.matchAll(/LAT(\\d+)x/g)) if (!(m[1] in window.__seen)) window.__seen[m[1]] = Date.now();
  };
  new MutationObserver((records) => {
    for (const r of records) {
      for (const n of r.addedNodes) scan(n);
      if (r.type === "characterData") scan(r.target);
    }
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
})()`;

async function seenAt(page: Page, marker: number, timeoutMs = 10_000): Promise<number> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const at = await page.evaluate((m) => (window as unknown as { __seen: Record<string, number> }).__seen[m], marker);
    if (at !== undefined) return at;
    if (Date.now() > end) throw new Error(`marker ${marker} did not appear in the page within ${timeoutMs} ms`);
    await sleep(20);
  }
}

const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50_ms: round(percentile(s, 50)), p95_ms: round(percentile(s, 95)), max_ms: round(s.at(-1) ?? NaN) };
};

async function watchRounds(server: RunningServer, browser: Browser, dir: string) {
  buildCli();
  const watched = path.join(dir, "watched");
  const id = crypto.randomUUID();
  const file = path.join(watched, "projects", "-home-dev-app", `${id}.jsonl`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const lines = claudeLines(id, Date.now());
  fs.writeFileSync(file, `${Array.from({ length: RECORDS_PER_TURN }, () => lines.next()).join("\n")}\n`);
  const watch = startWatch(watched, path.join(dir, "watch-state.json"), server.url, server.apiKey);
  try {
    let sessionId = "";
    for (const end = Date.now() + 20_000; !sessionId; await sleep(100)) {
      const res = await api(server, `/api/v1/sessions/claude-code:${id}`);
      if (res.status === 200) sessionId = ((await res.json()) as { session: { id: string } }).session.id;
      else if (Date.now() > end) throw new Error(`the watcher sent nothing in 20 s; its log:\n${watch.log()}`);
    }
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/sessions/${sessionId}`);
    await page.getByTestId("live-status").filter({ hasText: "connected" }).waitFor();
    await page.getByLabel("Follow").check();
    await page.evaluate(OBSERVE);

    let marker = 0;
    /** One appended line per measurement, then a random pause so appends fall anywhere in the 200 ms poll. */
    const measure = async (write: (text: string) => Promise<number>) => {
      const latencies: number[] = [];
      for (let i = -1; i < WATCH_LINES; i++) {
        const m = ++marker;
        const at = await write(`LAT${m}x: check the order of the invalidation`);
        const seen = await seenAt(page, m);
        if (i >= 0) latencies.push(seen - at);
        await sleep(150 + Math.random() * 250);
      }
      return latencies;
    };
    const append = (line: string) => {
      fs.appendFileSync(file, `${line}\n`);
      return Date.now();
    };
    let n = 100;
    for (let pass = 1; pass <= ROUNDS; pass++) {
      const posted = await measure(async (text) => {
        const t0 = Date.now();
        const res = await api(server, "/api/v1/ingest", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            events: [
              {
                id: `bench-watch-${++n}`,
                type: "thought",
                body: {
                  sessionId: `claude-code:${id}`,
                  thought: text,
                  thoughtNumber: n,
                  totalThoughts: n,
                  nextThoughtNeeded: true,
                },
              },
            ],
          }),
        });
        if (res.status !== 207) throw new Error(`ingest answered ${res.status}`);
        return t0;
      });
      const prompts = await measure(async (text) => append(lines.prompt(text)));
      const thinking = await measure(async (text) => append(lines.thinking(text)));
      const base = summary(posted);
      for (const [kind, xs] of [
        ["question", prompts],
        ["thinking", thinking],
      ] as const) {
        print({
          scenario: "watch",
          round: pass,
          line: kind,
          lines: xs.length,
          ...summary(xs),
          baseline_post_p50_ms: base.p50_ms,
          baseline_post_p95_ms: base.p95_ms,
          poll_ms: 200,
        });
      }
    }
    await context.close();
  } finally {
    await watch.stop();
  }
}

async function main() {
  const cpus = os.cpus();
  log(`machine: ${cpus.length} × ${cpus[0]?.model ?? "cpu"}, node ${process.version}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "thoughtgraph-bench-import-"));
  const server = await startServer({
    databaseUrl: `file:${path.join(dir, "db.sqlite")}`,
    env: {
      THOUGHTGRAPH_SINGLE_USER: "1",
      THOUGHTGRAPH_MAX_THOUGHTS_PER_SESSION: String(RECORDS + 1_000),
    },
  });
  let browser: Browser | null = null;
  try {
    log(`server ${server.url}`);
    if (process.env.BENCH_WATCH_ONLY !== "1") {
      for (let pass = 1; pass <= ROUNDS; pass++) await importRound(server, dir, pass);
    }
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
      ],
    });
    await watchRounds(server, browser, dir);
  } finally {
    await browser?.close().catch(() => {});
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
