// `npm run bench:judges`: judgments per second through the production server's judge worker, against the test model
// server (scripts/lib/model-server.ts, a stand-in for a model endpoint) answering every call after a fixed latency,
// at connection concurrency 1, 4 and 16. Beside each figure: the ideal (concurrency ÷ latency), and a same-run
// baseline, a bare client calling the same model server at the same concurrency (what the machine and the model
// server allow without thoughtgraph). A run's time is the server's own, from its createdAt to its finishedAt, so the
// status polls (every 250 ms) add nothing to it. Also the server's CPU per judgment (user + system time of its
// process, polls included). Target: ≥ 0.8 × the ideal at concurrency 16.
// Options (env): BENCH_JUDGE_LATENCY_MS (default 200), BENCH_JUDGE_CALLS_PER_SLOT (default 10: calls per run are
// this × the concurrency), BENCH_JUDGE_REPEATS (default 3; the best is reported, with every run's figure),
// DATABASE_URL (default: a fresh SQLite file; a postgresql:// URL benchmarks PostgreSQL).
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { api, startServer, type RunningServer } from "./lib/server-process";
import { startModelServer } from "./lib/model-server";

const LATENCY_MS = Number(process.env.BENCH_JUDGE_LATENCY_MS ?? 200);
const PER_SLOT = Number(process.env.BENCH_JUDGE_CALLS_PER_SLOT ?? 10);
const REPEATS = Number(process.env.BENCH_JUDGE_REPEATS ?? 3);
const CONCURRENCY = [1, 4, 16];
/** Thoughts per session: each judge call reads a short path, as most judged thoughts have. */
const PER_SESSION = 4;
const SECRET = "bench-judges-secret-key-0123456789abcdef";
const ROOT = path.resolve(import.meta.dirname, "..");
const TICKS_PER_SECOND = 100;

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

/** CPU seconds (user + system) the process has used so far, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

async function json<T>(server: RunningServer, route: string, key: string, body?: unknown): Promise<T> {
  const res = await api(server, route, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${key}` },
    ...(body === undefined ? {} : { json: body }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${route} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

async function adminKey(databaseUrl: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "scripts/keys.ts", "create", "--name", unique("bench"), "--scope", "admin"],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl } },
  );
  const key = /^\s+(tg_\S+)$/m.exec(stdout)?.[1];
  if (!key) throw new Error(`the keys CLI printed no key:\n${stdout}`);
  return key;
}

/** A bare client: `calls` chat completions to the model server, `concurrency` at a time; answers calls per second. */
async function bareClient(url: string, concurrency: number, calls: number): Promise<number> {
  let next = 0;
  const body = JSON.stringify({
    model: "judge-small",
    messages: [{ role: "user", content: "The step under review:\nThought 1: a step" }],
    response_format: { type: "json_schema", json_schema: { name: "judgment", schema: { type: "object" } } },
  });
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < calls) {
        const res = await fetch(`${url}/chat/completions`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        });
        await res.text();
      }
    }),
  );
  return calls / ((performance.now() - start) / 1000);
}

async function main(): Promise<void> {
  const model = await startModelServer(() => ({
    answer: { value: 3, rationale: "sound", confidence: 0.9 },
    latencyMs: LATENCY_MS,
  }));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "bench-judges-"));
  const databaseUrl = process.env.DATABASE_URL?.trim() || `file:${path.join(tmp, "db.sqlite")}`;
  const server = await startServer({ databaseUrl, env: { THOUGHTGRAPH_SECRET_KEY: SECRET } });
  try {
    const admin = await adminKey(databaseUrl);
    const config = unique("quality");
    await json(server, "/api/v1/score-configs", server.apiKey, {
      name: config,
      type: "numeric",
      min: 1,
      max: 5,
      step: 1,
    });
    const configs = await json<{ configs: { id: string; name: string }[] }>(
      server,
      "/api/v1/score-configs",
      server.apiKey,
    );
    const configId = configs.configs.find((c) => c.name === config)!.id;
    console.log(
      `bench:judges on ${databaseUrl.startsWith("file:") ? "SQLite" : "PostgreSQL"}, model latency ${LATENCY_MS} ms, ` +
        `${REPEATS} runs each, load average ${os
          .loadavg()
          .map((l) => round(l))
          .join(" ")}`,
    );
    const rows: Record<string, unknown>[] = [];
    for (const concurrency of CONCURRENCY) {
      const calls = PER_SLOT * concurrency;
      const connection = await json<{ id: string }>(server, "/api/v1/model-connections", admin, {
        name: unique("bench"),
        provider: "openai-compatible",
        baseUrl: model.url,
        allowPrivateNetwork: true,
        maxConcurrency: concurrency,
        timeoutMs: 60_000,
      });
      const judge = await json<{ id: string }>(server, "/api/v1/judges", admin, {
        name: unique("bench"),
        connectionId: connection.id,
        model: "judge-small",
        scoreConfigId: configId,
        target: "thought",
      });
      const rates: number[] = [];
      const bare: number[] = [];
      const cpuMs: number[] = [];
      for (let r = 0; r < REPEATS; r++) {
        const tag = unique("bench");
        const events = Array.from({ length: calls }, (_, i) => ({
          id: unique("e"),
          type: "thought" as const,
          body: {
            sessionId: `${tag}-${Math.floor(i / PER_SESSION)}`,
            thought: `Step ${(i % PER_SESSION) + 1}: a step of the benchmark's reasoning.`,
            thoughtNumber: (i % PER_SESSION) + 1,
            totalThoughts: PER_SESSION,
            nextThoughtNeeded: i % PER_SESSION < PER_SESSION - 1,
            tags: [tag],
          },
        }));
        const ingest = await api(server, "/api/v1/ingest", { method: "POST", json: { events } });
        if (ingest.status !== 207) throw new Error(`ingest answered ${ingest.status}: ${await ingest.text()}`);
        const cpuBefore = cpuSeconds(server.process.pid!);
        const { runId, total } = await json<{ runId: string; total: number }>(
          server,
          `/api/v1/judges/${judge.id}/runs`,
          admin,
          { filter: { tag } },
        );
        if (total !== calls) throw new Error(`the run has ${total} calls, not ${calls}`);
        let seconds = 0;
        for (;;) {
          const run = await json<{ status: string; done: number; createdAt: string; finishedAt: string | null }>(
            server,
            `/api/v1/judge-runs/${runId}`,
            admin,
          );
          if (run.status !== "running" && run.status !== "paused") {
            if (run.done !== calls || run.finishedAt === null) throw new Error(`run ended ${JSON.stringify(run)}`);
            seconds = (Date.parse(run.finishedAt) - Date.parse(run.createdAt)) / 1000;
            break;
          }
          await sleep(250);
        }
        rates.push(calls / seconds);
        cpuMs.push(((cpuSeconds(server.process.pid!) - cpuBefore) * 1000) / calls);
        bare.push(await bareClient(model.url, concurrency, calls));
      }
      const ideal = concurrency / (LATENCY_MS / 1000);
      const best = Math.max(...rates);
      const bestBare = Math.max(...bare);
      rows.push({
        concurrency,
        calls_per_run: calls,
        judgments_per_s: round(best, 1),
        ideal_per_s: round(ideal, 1),
        vs_ideal: round(best / ideal),
        bare_client_per_s: round(bestBare, 1),
        vs_bare: round(best / bestBare),
        server_cpu_ms_per_judgment: round(Math.min(...cpuMs), 1),
        all_runs_per_s: rates.map((x) => round(x, 1)).join(" "),
      });
    }
    console.table(rows);
    console.log(
      `load average after: ${os
        .loadavg()
        .map((l) => round(l))
        .join(" ")}`,
    );
  } finally {
    await server.stop();
    await model.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
