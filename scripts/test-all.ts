// `npm test`: everything, in three lanes that run side by side, each in order:
//   checks   typecheck → lint → format → unit
//   browser  build (if stale, always in CI) → e2e (Playwright, against that build)
//   servers  services → api → any other vitest project declared in vitest.config.ts (mcp, fleet, sdk, …); the ones
//            that start the server wait for the build
// The lanes use different resources: the checks are single-threaded CPU, the browser lane one server on SQLite and
// Chromium, the servers lane the run's one throwaway PostgreSQL 15 cluster (its admin URL reaches the vitest runs as
// TEST_PG_URL). Only one lane uses the cluster, one suite at a time, so test/fleet may restart it. The cluster is
// stopped at the end, also on failure or Ctrl-C.
// A step's output is kept and printed whole when it ends, so the lanes' logs do not interleave. The first failure
// stops the run (the running steps are stopped too) unless --keep-going. The summary gives each step's start and
// duration; the last line is always `N passed, M failed` (tests summed over the vitest runs and Playwright; a failed
// step that reports no failed test, e.g. tsc or the build, counts as one failure).
//
// Options: --keep-going (run every step even after a failure), --skip=lint,format (comma-separated step names),
//          --only=unit,services (run just these), --serial (one step at a time, in the order above).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

import { type PgCluster, pgAvailable, PG_BIN, startPgCluster } from "./lib/pg-cluster";
import { SERVER_LEDGER_ENV, stopListedServers } from "./lib/server-process";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
const CI = process.env.CI === "true" || process.env.CI === "1";

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

interface Step {
  name: string;
  title: string;
  /** Returns the command to run, or a reason to skip it. */
  command: () => { argv: string[]; env?: Record<string, string> } | { skip: string };
  needsPg?: boolean;
  /** Runs the production build (waits for the build step when that step runs). */
  needsBuild?: boolean;
  /** Reads the test counts the step reported (its JSON report). */
  counts?: () => Counts | null;
}

type Outcome = "passed" | "failed" | "skipped" | "not run";
interface Result {
  step: Step;
  outcome: Outcome;
  /** When it started, from the start of the run. */
  at: number;
  ms: number;
  counts: Counts | null;
  note?: string;
}

// ---------------------------------------------------------------------------------------------------------------------
// Whether the production build is older than the sources: the same rule as scripts/start.ts.

const SOURCE_DIRS = ["app", "components", "lib", "server", "prisma"];
const SOURCE_FILES = ["next.config.ts", "package.json", "tsconfig.json"];

function newestSourceMtime(): number {
  let newest = 0;
  const visit = (p: string) => {
    const st = fs.statSync(p, { throwIfNoEntry: false });
    if (!st) return;
    if (st.isDirectory()) {
      if (p.endsWith(`${path.sep}generated`)) return;
      for (const name of fs.readdirSync(p)) visit(path.join(p, name));
    } else {
      newest = Math.max(newest, st.mtimeMs);
    }
  };
  for (const d of SOURCE_DIRS) visit(path.join(root, d));
  for (const f of SOURCE_FILES) visit(path.join(root, f));
  return newest;
}

function buildReason(): string | null {
  if (CI) return "CI=true";
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!fs.existsSync(buildId)) return "no build yet";
  if (process.env.THOUGHTGRAPH_REBUILD === "1") return "THOUGHTGRAPH_REBUILD=1";
  return fs.statSync(buildId).mtimeMs > newestSourceMtime() ? null : "sources changed since the last build";
}

// ---------------------------------------------------------------------------------------------------------------------
// Test counts from the reporters' JSON files.

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), "thoughtgraph-test-reports-"));
const serverLedger = path.join(reportDir, "servers");

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as unknown;
  } catch {
    return null;
  }
}

function vitestCounts(file: string): Counts | null {
  const r = readJson(file) as {
    numPassedTests?: number;
    numFailedTests?: number;
    numPendingTests?: number;
    numTodoTests?: number;
    numFailedTestSuites?: number;
  } | null;
  if (!r || typeof r.numPassedTests !== "number") return null;
  // A file that fails to load or whose beforeAll throws shows up as a failed suite, not as failed tests.
  const failed = (r.numFailedTests ?? 0) || (r.numFailedTestSuites ?? 0);
  return { passed: r.numPassedTests, failed, skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0) };
}

function playwrightCounts(file: string): Counts | null {
  const r = readJson(file) as {
    stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number };
    errors?: unknown[];
  } | null;
  if (!r?.stats) return null;
  const s = r.stats;
  const failed = (s.unexpected ?? 0) || (r.errors?.length ?? 0);
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed, skipped: s.skipped ?? 0 };
}

function vitestStep(project: string, title: string, needs: { pg: boolean; build: boolean }): Step {
  const report = path.join(reportDir, `vitest-${project}.json`);
  return {
    name: project,
    title,
    needsPg: needs.pg,
    needsBuild: needs.build,
    command: () => {
      fs.rmSync(report, { force: true });
      return {
        argv: [
          bin("vitest"),
          "run",
          "--project",
          project,
          "--passWithNoTests",
          "--reporter=default",
          "--reporter=json",
          `--outputFile.json=${report}`,
        ],
      };
    },
    counts: () => vitestCounts(report),
  };
}

const e2eReport = path.join(reportDir, "playwright.json");

// Vitest projects beyond unit/services/api (added by later features) run after api, so that none is silently left out.
const KNOWN_PROJECTS = ["unit", "services", "api"];
async function vitestProjects(): Promise<string[]> {
  const mod = (await import(pathToFileURL(path.join(root, "vitest.config.ts")).href)) as {
    default?: { test?: { projects?: unknown[] } };
  };
  const names: string[] = [];
  for (const p of mod.default?.test?.projects ?? []) {
    const name = (p as { test?: { name?: unknown } } | null)?.test?.name;
    if (typeof name === "string") names.push(name);
  }
  return names;
}
const extraProjects = (await vitestProjects()).filter((name) => !KNOWN_PROJECTS.includes(name));

const STEPS: Step[] = [
  { name: "typecheck", title: "tsc --noEmit", command: () => ({ argv: [bin("tsc"), "--noEmit"] }) },
  {
    name: "lint",
    title: "eslint . --max-warnings 0",
    command: () => ({ argv: [bin("eslint"), ".", "--max-warnings", "0"] }),
  },
  { name: "format", title: "prettier --check .", command: () => ({ argv: [bin("prettier"), "--check", "."] }) },
  vitestStep("unit", "vitest: unit", { pg: false, build: false }),
  {
    name: "build",
    title: "next build",
    command: () => {
      const reason = buildReason();
      if (!reason) return { skip: "the build is newer than the sources" };
      console.log(`(building: ${reason})`);
      return { argv: [bin("next"), "build"], env: { NODE_ENV: "production" } };
    },
  },
  vitestStep("services", "vitest: services (SQLite + PostgreSQL)", { pg: true, build: false }),
  vitestStep("api", "vitest: api (built server)", { pg: true, build: true }),
  ...extraProjects.map((name) => vitestStep(name, `vitest: ${name}`, { pg: true, build: true })),
  {
    name: "e2e",
    title: "playwright test",
    needsBuild: true,
    command: () => {
      fs.rmSync(e2eReport, { force: true });
      return {
        argv: [bin("playwright"), "test", "--reporter=list,json"],
        env: { PLAYWRIGHT_JSON_OUTPUT_FILE: e2eReport },
      };
    },
    counts: () => playwrightCounts(e2eReport),
  },
];

const step = (name: string): Step => STEPS.find((s) => s.name === name)!;
const buildStep = step("build");
const LANES: Step[][] = [
  ["typecheck", "lint", "format", "unit"].map(step),
  ["build", "e2e"].map(step),
  ["services", "api", ...extraProjects].map(step),
];

// ---------------------------------------------------------------------------------------------------------------------

const { values: opts } = parseArgs({
  options: {
    serial: { type: "boolean", default: false },
    "keep-going": { type: "boolean", default: false },
    skip: { type: "string", default: "" },
    only: { type: "string", default: "" },
  },
});
const list = (s: string) =>
  new Set(
    s
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean),
  );
const skipSet = list(opts.skip);
const onlySet = list(opts.only);
for (const name of [...skipSet, ...onlySet]) {
  if (!STEPS.some((s) => s.name === name)) {
    console.error(`Unknown step "${name}". Steps: ${STEPS.map((s) => s.name).join(", ")}`);
    fs.rmSync(reportDir, { recursive: true, force: true });
    process.exit(2);
  }
}

const colour = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: string, s: string) => (colour ? `\x1b[${code}m${s}\x1b[0m` : s);
function fmt(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

const running = new Set<ChildProcess>();
/** Children stopped because another step failed: their exit is not a failure of their own. */
const cut = new WeakSet<ChildProcess>();
// Set by the signal handlers; read through interruptedBy() so that narrowing does not assume it stays null.
const state: { interrupted: NodeJS.Signals | null; failed: boolean } = { interrupted: null, failed: false };
const interruptedBy = (): NodeJS.Signals | null => state.interrupted;
const stopping = (): boolean => interruptedBy() !== null || (state.failed && !opts["keep-going"]);

function stopAll(signal: NodeJS.Signals): void {
  for (const child of running) child.kill(signal);
}

function onSignal(signal: NodeJS.Signals): void {
  if (state.interrupted) {
    // Second Ctrl-C: stop waiting for the steps to wind down.
    stopAll("SIGKILL");
    return;
  }
  state.interrupted = signal;
  console.error(`\n${signal}: stopping the running steps, then cleaning up…`);
  stopAll(signal);
}
process.on("SIGINT", onSignal);
process.on("SIGTERM", onSignal);

/** Runs argv with its output to `log`; resolves with the exit code, and whether another step's failure stopped it. */
function run(argv: string[], env: Record<string, string>, log: string): Promise<{ code: number; cut: boolean }> {
  return new Promise((resolve) => {
    const [cmd, ...args] = argv;
    const out = fs.openSync(log, "w");
    const child = spawn(cmd!, args, {
      cwd: root,
      stdio: ["ignore", out, out],
      env: { ...process.env, ...env, [SERVER_LEDGER_ENV]: serverLedger },
    });
    fs.closeSync(out);
    running.add(child);
    child.on("error", (error) => {
      fs.appendFileSync(log, `could not run ${cmd}: ${error.message}\n`);
      running.delete(child);
      resolve({ code: 127, cut: false });
    });
    child.on("exit", (code, signal) => {
      running.delete(child);
      resolve({ code: code ?? (signal ? 128 : 1), cut: cut.has(child) });
    });
  });
}

let pgStarting: Promise<PgCluster> | null = null;
function pgCluster(): Promise<PgCluster> {
  if (!pgStarting) {
    if (!pgAvailable()) {
      return Promise.reject(
        new Error(`PostgreSQL 15 server binaries not found in ${PG_BIN} (install postgresql-15 or set PG_BIN).`),
      );
    }
    // The servers lane runs a suite's files side by side, each with its own pools and server processes.
    pgStarting = startPgCluster({ maxConnections: 400 });
    pgStarting.catch(() => undefined); // reported when a step awaits it
  }
  return pgStarting;
}

const started = Date.now();
const results = new Map<Step, Result>();
const startedSteps = new Set<Step>();
/** Each step's result once it is known, whichever lane runs it. */
const finished = new Map<Step, { promise: Promise<Result>; resolve: (r: Result) => void }>(
  STEPS.map((s) => {
    let resolve!: (r: Result) => void;
    const promise = new Promise<Result>((r) => (resolve = r));
    return [s, { promise, resolve }];
  }),
);

/** Runs one step (or records why it did not run), printing its output when it ends. */
async function runStep(step: Step, selected: Step[]): Promise<Result> {
  const record = (r: Omit<Result, "step" | "at"> & { at?: number }): Result => {
    const result = { step, at: Date.now() - started, ...r };
    results.set(step, result);
    finished.get(step)!.resolve(result);
    return result;
  };
  if (!selected.includes(step)) return record({ outcome: "skipped", ms: 0, counts: null, note: "not selected" });
  if (step.needsBuild && selected.includes(buildStep)) {
    const build = await finished.get(buildStep)!.promise;
    if (build.outcome !== "passed" && build.outcome !== "skipped") {
      return record({ outcome: "not run", ms: 0, counts: null, note: "no build" });
    }
  }
  if (stopping()) return record({ outcome: "not run", ms: 0, counts: null });
  const at = Date.now() - started;
  const t0 = Date.now();
  const cmd = step.command();
  if ("skip" in cmd) {
    console.log(paint("1", `\n━━ ${step.name}: ${step.title}`));
    console.log(`skipped: ${cmd.skip}`);
    return record({ at, outcome: "skipped", ms: Date.now() - t0, counts: null, note: cmd.skip });
  }
  // Colours in the children only when we print to a terminal (FORCE_COLOR=0 would still enable some tools' colours).
  const colours: Record<string, string> = colour
    ? { FORCE_COLOR: "1" }
    : process.env.FORCE_COLOR
      ? {}
      : { NO_COLOR: "1" };
  const env: Record<string, string> = { NEXT_TELEMETRY_DISABLED: "1", ...colours, ...cmd.env };
  if (step.needsPg) {
    try {
      const cluster = await pgCluster();
      env.TEST_PG_URL = cluster.url;
      env.TEST_PG_DATA_DIR = cluster.dataDir; // test/fleet restarts it with pg_ctl
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      state.failed = true;
      return record({ at, outcome: "failed", ms: Date.now() - t0, counts: null, note: "no PostgreSQL" });
    }
  }
  console.log(paint("2", `[${fmt(at)}] ${step.name} started`));
  startedSteps.add(step);
  const log = path.join(reportDir, `${step.name}.log`);
  const { code, cut: stoppedForOther } = await run(cmd.argv, env, log);
  const ms = Date.now() - t0;
  const counts = step.counts?.() ?? null;
  console.log(paint("1", `\n━━ ${step.name}: ${step.title}`));
  process.stdout.write(fs.readFileSync(log, "utf8"));
  if (stoppedForOther && (counts?.failed ?? 0) === 0) {
    console.log(`━━ ${step.name} stopped after ${fmt(ms)}: another step failed`);
    return record({ at, outcome: "not run", ms, counts: null, note: "stopped: another step failed" });
  }
  const ok = code === 0 && !interruptedBy() && (counts?.failed ?? 0) === 0;
  const note = interruptedBy() ? `interrupted (${interruptedBy()})` : code !== 0 ? `exit code ${code}` : undefined;
  console.log(paint(ok ? "32" : "31", `━━ ${step.name} ${ok ? "passed" : "FAILED"} in ${fmt(ms)}`));
  if (!ok && !interruptedBy()) {
    state.failed = true;
    if (!opts["keep-going"]) {
      for (const child of running) cut.add(child);
      stopAll("SIGTERM");
    }
  }
  return record({ at, outcome: ok ? "passed" : "failed", ms, counts, note });
}

async function runLane(lane: Step[], selected: Step[]): Promise<void> {
  for (const step of lane) await runStep(step, selected);
}

async function main(): Promise<number> {
  const selected = STEPS.filter((s) => (onlySet.size === 0 || onlySet.has(s.name)) && !skipSet.has(s.name));
  // Start PostgreSQL in the background while the static checks run.
  if (selected.some((s) => s.needsPg)) void pgCluster().catch(() => undefined);
  const heartbeat = setInterval(() => {
    const now = [...startedSteps].filter((s) => !results.has(s));
    if (now.length > 0)
      console.log(paint("2", `[${fmt(Date.now() - started)}] running: ${now.map((s) => s.name).join(", ")}`));
  }, 60_000);
  try {
    if (opts.serial)
      await runLane(
        LANES.flat().sort((a, b) => STEPS.indexOf(a) - STEPS.indexOf(b)),
        selected,
      );
    else await Promise.all(LANES.map((lane) => runLane(lane, selected)));
  } finally {
    clearInterval(heartbeat);
    if (pgStarting) {
      const cluster = await pgStarting.catch(() => null);
      await cluster?.stop().catch((error: unknown) => console.error("stopping PostgreSQL failed:", error));
    }
    for (const pid of stopListedServers(serverLedger))
      console.error(`stopped a server (pid ${pid}) that a stopped step's tests had left running`);
    fs.rmSync(reportDir, { recursive: true, force: true });
  }

  // Summary: each step's start (from the start of the run) and duration, in the order of STEPS.
  let passed = 0;
  let failed = 0;
  let skippedTests = 0;
  console.log(paint("1", "\n━━ Summary"));
  console.log(`  ${"".padEnd(12)} ${"".padEnd(8)} ${"start".padStart(11)} ${"took".padStart(11)}`);
  const ordered = STEPS.flatMap((s) => results.get(s) ?? []);
  for (const r of ordered) {
    const tests = r.counts ? `${r.counts.passed} passed, ${r.counts.failed} failed, ${r.counts.skipped} skipped` : "";
    if (r.counts) {
      passed += r.counts.passed;
      failed += r.counts.failed;
      skippedTests += r.counts.skipped;
    }
    if (r.outcome === "failed" && (r.counts?.failed ?? 0) === 0) failed += 1; // tsc, lint, build, a crashed run
    const mark = { passed: paint("32", "✔"), failed: paint("31", "✘"), skipped: "–", "not run": "·" }[r.outcome];
    const extra = [tests, r.note].filter(Boolean).join("; ");
    const ran = r.ms > 0;
    console.log(
      `  ${mark} ${r.step.name.padEnd(10)} ${r.outcome.padEnd(8)} ${(ran ? fmt(r.at) : "").padStart(11)} ${(ran ? fmt(r.ms) : "").padStart(11)}  ${extra}`,
    );
  }
  const total = Date.now() - started;
  const exitCode = interruptedBy() ? 130 : ordered.some((r) => r.outcome === "failed") ? 1 : 0;
  console.log(`  total ${fmt(total)}${skippedTests ? `; ${skippedTests} tests skipped` : ""}`);
  console.log(`${passed} passed, ${failed} failed`);
  return exitCode;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    console.log("0 passed, 1 failed");
    process.exit(1);
  },
);
