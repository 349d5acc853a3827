// `npm run bench:ui`: the review dashboard in headless Chromium (Debian's /usr/bin/chromium) against the production
// build, started on a fresh SQLite file. Needs `npx next build` to have run. Prints JSON lines on stdout; the machine
// and progress go to stderr. It only measures and prints: nothing here asserts a time.
//
// Per session size (100, 1,000, 5,000, 20,000 thoughts; ~5% open a branch, ~5% are revisions; seeded through
// POST /api/v1/ingest in 1,000-event batches), each in a fresh browser context:
//   interactive_ms   performance.now() in the page (0 = the navigation's start, performance.timeOrigin) at the first
//                    animation frame where the URL's ?thought= has changed after a real "k" keypress. The session
//                    opens with its newest thought selected (in the URL), and k selects the one before it. In the
//                    frame where the graph has drawn, the page's per-frame check focuses the review region and calls
//                    a binding; the bench then sends the key as one CDP input event, and the page stamps the frame
//                    itself. So this is navigation start → graph drawn → keyboard selection reflected in the URL,
//                    with ~10–40 ms of bench in it (key_taken_ms: the key's event timeStamp; key_handled_ms: when the
//                    page's capture listener saw it). Until session 19 the bench polled for the graph, counted the
//                    opening view's nodes and pressed through a Locator before the key left, and polled the URL from
//                    Playwright: 165–317 ms of round trips through the page's busy main thread counted as the page's.
//                    ratio_to_baseline = interactive_ms / the empty session's interactive time (Baseline below).
//   first_readable_node_text_ms  the first frame where a graph node with text lies inside the graph pane at a zoom of
//                    at least 11/13 (13 px node text drawn at ≥ 11 px; it was 0.75 before session 15): when a reader
//                    can start reading the graph. "Drawn" = a visible .react-flow__node, or, when the opening
//                    viewport holds no node at all, any node React Flow has put in the DOM.
//                    Extras: graph_drawn_ms / first_visible_node_ms / selected_node_drawn_ms (the j selection's node
//                    centred and drawn), from a per-frame check installed before navigation.
//   longest_task_ms_during_pan_zoom  the longest PerformanceObserver('longtask') entry (observer installed with
//                    addInitScript, before navigation) that starts during a scripted sequence of mouse drags across
//                    .tg-graph and wheel zooms in and out; 0 when no task exceeded 50 ms (the longtask threshold).
//   js_heap_mb       CDP Runtime.getHeapUsage usedSize after a forced garbage collection, once the pan/zoom is done.
//   nodes_drawn      graph nodes in the DOM in the opening viewport ([data-testid=graph-node] + [data-testid=graph-fold];
//                    React Flow leaves off-screen nodes out above 300); graph_nodes_total = nodes React Flow holds (the
//                    graph's data-node-count); folded = fold nodes drawn or the header says the graph is folded.
//   transcript_ms    time for the virtualized transcript to show rows at its middle and at its end after scrolling.
//   key_nav_p50_ms / key_nav_max_ms  reading with the keyboard once the page has settled: 12 presses of "k", each
//                    from the key's event timeStamp to the first frame after its selection reached the URL.
// Then live latency on an open 100-thought session with Follow on: 50 times (after one uncounted warm-up post), the
// page itself POSTs a thought (fetch in page.evaluate) and a MutationObserver in the same page records when its graph
// node (data-id = thought id) and its transcript row ([data-seq=N]) are added, so both ends use the page's clock.
// Latency = appearance − the moment the POST's response was read; 0 when the node arrived over SSE before the
// response (node_before_ack counts those). p50/p95 are for the graph node; row_* the same for the transcript row
// (row_missing: rows not in the DOM within 3 s).
// Review views: overview_drawn_ms (per size from 40 thoughts) is navigation start → the session overview's first draw
// (its canvas stamps performance.now() when drawn), and overview_ratio that over the round's baseline; compare_ms is
// navigation start → the compare view for two 1,000-thought lines (main and a branch parting at thought 5) showing
// its first aligned row's rendered text and the diff of where the lines end, and compare_ratio that over the
// baseline (BENCH_UI_COMPARE=0 leaves it out).
// Baseline, measured in the same run: a page load of an empty session, printed twice: navigation start → its
// empty-state text (baseline_empty_session_text_ms; since session 16 the text is in the HTML, so this is about first
// paint) and → the first frame after a real "f" keypress switched Follow on (baseline_empty_session_interactive_ms,
// the page's code running and handling input, as the sized runs' "k"); ratio_to_baseline divides by the latter.
// And the sessions list.
// Rounds: BENCH_UI_ROUNDS (default 3) times the baseline and then every size, each line with its "round"; then a
// "baseline_median" line and a "median" line per size (median interactive_ms, and the median, min and max of the
// rounds' ratios, each round's load divided by the same round's baseline). Round 1 opens each session for the first
// time since the server started; later rounds reopen it. Only round 1 is traced.
// Options (env): BENCH_UI_SIZES (default "100,1000,5000,20000"), BENCH_UI_LIVE (default 50), BENCH_UI_TRACE (a
// directory: record a Chromium trace of the baseline load and of each size's load up to interactive, write it there
// as JSON for chrome://tracing or DevTools, and print the main-thread tasks over 50 ms with their top self-time
// functions and trace events; the timings of a traced run carry the tracer's overhead, so compare untraced runs).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from "@playwright/test";
import { Agent } from "../e2e/support/agent";
import { generateSession } from "../e2e/support/generate";
import { twoLines } from "../e2e/support/review-sessions";
import { startServer, type RunningServer } from "./lib/server-process";

const SIZES = (process.env.BENCH_UI_SIZES ?? "100,1000,5000,20000").split(",").map(Number);
const LIVE_POSTS = Number(process.env.BENCH_UI_LIVE ?? 50);
const COMPARE = process.env.BENCH_UI_COMPARE !== "0";
/** Rounds of (baseline, every size): one run's ratios swung ±30 % with the machine, so judge the medians. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_UI_ROUNDS ?? 3));
const VIEWPORT = { width: 1440, height: 900 };
/** Node text is 13 px; from this zoom it is drawn at 11 px or more (the same bar as e2e/session-layout.spec.ts). */
const READABLE_ZOOM = 11 / 13;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const TRACE_DIR = process.env.BENCH_UI_TRACE ?? null;
/** Timeline events for the tasks, and V8's sampling profiler (ProfileChunk events) for the functions in them. */
const TRACE_CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "disabled-by-default-v8.cpu_profiler",
];
const DEADLINE_MS = 10 * 60_000;
const started = Date.now();

const log = (...args: unknown[]) =>
  console.error(`[bench:ui +${((Date.now() - started) / 1000).toFixed(1)}s]`, ...args);
const print = (line: Record<string, unknown>) => console.log(JSON.stringify(line));
const round = (n: number) => Math.round(n * 10) / 10;
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
function checkDeadline(what: string) {
  if (Date.now() - started > DEADLINE_MS) throw new Error(`bench:ui ran past ${DEADLINE_MS / 1000} s (at ${what})`);
}

declare global {
  interface Window {
    /** measureSize's binding: the graph has drawn, press the key. */
    __benchGraphDrawn?: () => void;
    __bench: {
      longtasks: { start: number; duration: number }[];
      /** Milestones (performance.now()): the session view is on screen; the graph has drawn (a visible node, or
       *  any node in the DOM when the viewport shows none); the first visible graph node. */
      sessionAt: number | null;
      graphAt: number | null;
      firstNodeAt: number | null;
      /** A node's text inside the graph pane at a readable zoom (≥ READABLE_ZOOM). */
      readableAt: number | null;
      /** The URL's ?thought= at graphAt: the opening selection. */
      openingThought: string | null;
      /** The opening view, counted by the per-frame check two frames after graphAt (the page's own clock, so the
       *  counting costs the bench no round trip before its keypress). */
      opening: { nodes: number; folds: number; flowNodes: number } | null;
      added: Map<string, number>;
      /** Every keydown, in the capture phase: its event timeStamp (when the browser took the input) and when it reached
       *  the page's code. */
      keys: { key: string; stamp: number; at: number }[];
      /** The first frame after the first "k" whose URL selects another thought than openingThought. */
      movedAt: number | null;
      waitFor: (key: string, ms: number) => Promise<number>;
    };
  }
}

/**
 * Installed before any page script (addInitScript): the longtask observer; a MutationObserver noting when graph
 * nodes (by id) and transcript rows (by seq) are added; a per-frame check of the load milestones; and waitFor(key)
 * for the live scenario. Kept as plain JavaScript text: tsx compiles functions with esbuild's keepNames, whose
 * __name() helper does not exist in the page.
 */
const INSTRUMENT = `(() => {
  const bench = { longtasks: [], sessionAt: null, graphAt: null, firstNodeAt: null, readableAt: null, openingThought: null, opening: null, added: new Map() };
  let framesSinceGraph = 0;
  bench.keys = [];
  bench.movedAt = null;
  // After the first "k": the first frame whose URL selects another thought than the opening one, stamped by the page
  // itself (a check from Playwright would add its round trips through the page's busy main thread).
  const watchSelection = () => {
    const now = new URLSearchParams(location.search).get("thought");
    if (now !== null && now !== bench.openingThought) bench.movedAt = performance.now();
    else requestAnimationFrame(watchSelection);
  };
  addEventListener(
    "keydown",
    (e) => {
      bench.keys.push({ key: e.key, stamp: e.timeStamp, at: performance.now() });
      if (e.key === "k" && bench.keys.filter((k) => k.key === "k").length === 1) requestAnimationFrame(watchSelection);
    },
    true,
  );
  window.__bench = bench;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) bench.longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch (e) {
    // longtask unsupported: the longest task stays 0
  }
  const note = (el) => {
    const now = performance.now();
    if (el.classList.contains("react-flow__node")) {
      const id = el.getAttribute("data-id");
      if (id && !bench.added.has("node:" + id)) bench.added.set("node:" + id, now);
    }
    const seq = el.getAttribute("data-seq");
    if (seq !== null && el.getAttribute("data-testid") === "thought" && !bench.added.has("row:" + seq)) {
      bench.added.set("row:" + seq, now);
    }
  };
  new MutationObserver((records) => {
    for (const r of records) {
      for (const n of r.addedNodes) {
        if (!(n instanceof Element)) continue;
        note(n);
        for (const el of n.querySelectorAll(".react-flow__node, [data-seq]")) note(el);
      }
    }
  }).observe(document, { childList: true, subtree: true });
  const visibleNode = () => {
    for (const el of document.querySelectorAll(".tg-graph .react-flow__node")) {
      if (getComputedStyle(el).visibility !== "hidden") return true;
    }
    return false;
  };
  const readableNode = () => {
    const pane = document.querySelector(".tg-graph");
    const viewport = document.querySelector(".tg-graph .react-flow__viewport");
    if (!pane || !viewport) return false;
    const scale = /scale\\(([\\d.]+)\\)/.exec(viewport.style.transform || "");
    if (!scale || Number(scale[1]) < ${READABLE_ZOOM}) return false;
    const box = pane.getBoundingClientRect();
    for (const el of pane.querySelectorAll('[data-testid="graph-node"]')) {
      const r = el.getBoundingClientRect();
      if (r.right > box.left && r.left < box.right && r.bottom > box.top && r.top < box.bottom && el.textContent.trim() !== "" && getComputedStyle(el).visibility !== "hidden") return true;
    }
    return false;
  };
  const frame = () => {
    const now = performance.now();
    if (bench.sessionAt === null && document.querySelector(".tg-session")) bench.sessionAt = now;
    if (bench.firstNodeAt === null && visibleNode()) bench.firstNodeAt = now;
    if (bench.graphAt === null && (bench.firstNodeAt !== null || document.querySelector(".tg-graph .react-flow__node"))) {
      bench.graphAt = now;
      bench.openingThought = new URLSearchParams(location.search).get("thought");
      if (window.__benchGraphDrawn) {
        document.querySelector('[aria-label="Session review"]').focus();
        window.__benchGraphDrawn();
      }
    }
    if (bench.readableAt === null && readableNode()) bench.readableAt = now;
    if (bench.graphAt !== null && bench.opening === null && ++framesSinceGraph > 2) {
      const pane = document.querySelector(".tg-graph");
      bench.opening = {
        nodes: pane.querySelectorAll('[data-testid="graph-node"]').length,
        folds: pane.querySelectorAll('[data-testid="graph-fold"]').length,
        flowNodes: Number(pane.getAttribute("data-node-count")),
      };
    }
    if ((bench.opening === null || bench.firstNodeAt === null || bench.readableAt === null) && now < 180000)
      requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  bench.waitFor = (key, ms) =>
    new Promise((resolve, reject) => {
      const deadline = performance.now() + ms;
      const poll = () => {
        const at = bench.added.get(key);
        if (at !== undefined) resolve(at);
        else if (performance.now() > deadline) reject(new Error(key + " did not appear in " + ms + " ms"));
        else setTimeout(poll, 2);
      };
      poll();
    });
})();`;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      frames?: { processId?: number }[];
      startTime?: number;
      cpuProfile?: {
        nodes?: {
          id: number;
          parent?: number;
          callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
        }[];
        samples?: number[];
      };
      timeDeltas?: number[];
    };
  };
}

/** Starts a Chromium trace of `page` when BENCH_UI_TRACE is set; the returned function stops it, writes the trace and
 *  prints the renderer main thread's tasks over 50 ms with their top self-time functions and trace events. */
/** Only the first round is traced (a trace's overhead would skew the medians). */
let tracing = TRACE_DIR !== null;

async function traceLoad(browser: Browser, page: Page, label: string): Promise<() => Promise<void>> {
  if (!TRACE_DIR || !tracing) return async () => {};
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  return async () => {
    const buffer = await browser.stopTracing();
    fs.mkdirSync(TRACE_DIR, { recursive: true });
    const file = path.join(TRACE_DIR, `${label}.json`);
    fs.writeFileSync(file, buffer);
    const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    print({ trace: label, file, long_tasks: summariseTrace(events) });
  };
}

/** Tasks over 50 ms on the renderer main thread, each with its top 8 functions by self time (V8 samples) and its
 *  top 6 trace events by self time (Layout, Paint, FunctionCall, …), in ms. */
function summariseTrace(events: TraceEvent[]) {
  // The page's renderer (Chromium's own pages, e.g. a headless new-tab page, run in renderers of their own).
  const started = events.find((e) => e.name === "TracingStartedInBrowser");
  const pid = started?.args?.data?.frames?.[0]?.processId;
  const main = events.find(
    (e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain" && e.pid === pid,
  );
  if (!main) return [];
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.dur !== undefined);
  const tasks = onMain.filter((e) => e.name === "RunTask" && e.dur! > 50_000).sort((a, b) => a.ts - b.ts);
  // Samples: the Profile event holds the start time; its ProfileChunks the call tree's nodes, samples and deltas.
  const frames = new Map<number, string>();
  const samples: { ts: number; node: number }[] = [];
  for (const profile of events.filter((e) => e.name === "Profile" && e.pid === main.pid)) {
    let ts = profile.args?.data?.startTime ?? profile.ts;
    for (const chunk of events.filter(
      (e) => e.name === "ProfileChunk" && e.id === profile.id && e.pid === profile.pid,
    )) {
      const cpu = chunk.args?.data?.cpuProfile;
      for (const n of cpu?.nodes ?? []) {
        const f = n.callFrame;
        const file = (f.url ?? "").split("/").pop() ?? "";
        frames.set(
          n.id,
          `${f.functionName || "(anonymous)"} ${file}:${(f.lineNumber ?? -1) + 1}:${(f.columnNumber ?? -1) + 1}`,
        );
      }
      const deltas = chunk.args?.data?.timeDeltas ?? [];
      (cpu?.samples ?? []).forEach((node, i) => {
        ts += deltas[i] ?? 0;
        samples.push({ ts, node });
      });
    }
  }
  samples.sort((a, b) => a.ts - b.ts);
  const top = (m: Map<string, number>, k: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([what, us]) => `${round(us / 1000)} ms ${what}`);
  return tasks.map((task) => {
    const end = task.ts + task.dur!;
    const fns = new Map<string, number>();
    for (let i = 0; i < samples.length - 1; i++) {
      const s = samples[i]!;
      if (s.ts < task.ts || s.ts >= end) continue;
      const what = frames.get(s.node) ?? `node ${s.node}`;
      fns.set(what, (fns.get(what) ?? 0) + Math.min(samples[i + 1]!.ts, end) - s.ts);
    }
    // Self time of each trace event inside the task: its duration less its direct children's.
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= end);
    const self = new Map<string, number>();
    const stack: TraceEvent[] = [];
    for (const e of inside.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)) {
      while (stack.length > 0 && stack.at(-1)!.ts + stack.at(-1)!.dur! <= e.ts) stack.pop();
      const parent = stack.at(-1);
      if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - e.dur!);
      self.set(e.name, (self.get(e.name) ?? 0) + e.dur!);
      stack.push(e);
    }
    return {
      at_ms: round((task.ts - tasks[0]!.ts) / 1000),
      ms: round(task.dur! / 1000),
      functions: top(fns, 8),
      events: top(self, 6),
    };
  });
}

async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript({ content: INSTRUMENT });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  return { context, page };
}

const GRAPH_NODE = ".tg-graph .react-flow__node";

/** Seeds one generated session through the ingest API; returns its id. */
async function seed(agent: Agent, size: number): Promise<{ sessionId: string; branches: number; revisions: number }> {
  const key = `bench-ui-${size}-${Date.now().toString(36)}`;
  const g = generateSession(size, key);
  const results = await agent.ingest(g.bodies, key);
  return { sessionId: results[0]!.sessionId!, branches: g.branches, revisions: g.revisions };
}

/** An empty session: a JSON export of a one-thought session imported back with its thoughts removed. */
async function emptySession(server: RunningServer, agent: Agent): Promise<string> {
  const one = await agent.thought({
    thought: "Baseline",
    thoughtNumber: 1,
    totalThoughts: 1,
    nextThoughtNeeded: false,
  });
  const headers = { authorization: `Bearer ${server.apiKey}`, "content-type": "application/json" };
  const exported = (await (
    await fetch(`${server.url}/api/v1/sessions/${one.sessionId}/export?format=json`, { headers })
  ).json()) as Record<string, unknown>;
  const res = await fetch(`${server.url}/api/v1/sessions/import`, {
    method: "POST",
    headers,
    body: JSON.stringify({ ...exported, thoughts: [], branches: [] }),
  });
  const body = (await res.json()) as { sessionId?: string };
  if (!res.ok || !body.sessionId)
    throw new Error(`import of an empty session answered ${res.status}: ${JSON.stringify(body)}`);
  return body.sessionId;
}

const KEY_PRESSES = 12;

/**
 * Reading with the keyboard once the page has settled: KEY_PRESSES presses of "k" (the thought before), 150 ms apart,
 * each from the key's event timeStamp to the first frame after its selection reached the URL (so the page's whole
 * response to the key, the graph's centring and the detail panel included up to that frame). In ms.
 */
async function keyNavigation(page: Page, cdp: CDPSession): Promise<number[]> {
  await page.waitForTimeout(1000);
  await page.getByLabel("Session review").focus();
  const latencies: number[] = [];
  const key = { key: "k", code: "KeyK", windowsVirtualKeyCode: 75 };
  for (let i = 0; i < KEY_PRESSES; i++) {
    // Plain JavaScript text: see INSTRUMENT on keepNames.
    await page.evaluate(`(() => {
      const was = location.search;
      window.__keyNav = null;
      addEventListener("keydown", function (e) {
        const stamp = e.timeStamp;
        function check() {
          if (location.search !== was) requestAnimationFrame(function () { window.__keyNav = performance.now() - stamp; });
          else requestAnimationFrame(check);
        }
        requestAnimationFrame(check);
      }, { once: true, capture: true });
    })()`);
    await cdp.send("Input.dispatchKeyEvent", { type: "keyDown", text: "k", ...key });
    await cdp.send("Input.dispatchKeyEvent", { type: "keyUp", ...key });
    const handle = await page.waitForFunction("window.__keyNav", undefined, { timeout: 10_000 });
    latencies.push((await handle.jsonValue()) as number);
    await page.waitForTimeout(150);
  }
  return latencies;
}

async function measureSize(browser: Browser, base: string, size: number, sessionId: string) {
  const { context, page } = await newPage(browser);
  // The graph has drawn (a visible node, or, when the opening viewport shows none, any node in the DOM): the page's
  // per-frame check focuses the review region and calls this binding in the same frame, and the "k" goes to the
  // browser at once as one CDP input event. Polling for the graph and pressing through a Locator instead took
  // several round trips through the page's busy main thread: 165–317 ms between the graph drawn and the key taken
  // (event timeStamp), measured in session 19 — the bench's time, not the page's.
  const cdp = await context.newCDPSession(page);
  let graphDrawn!: () => void;
  const graphSeen = new Promise<void>((resolve) => (graphDrawn = resolve));
  await page.exposeBinding("__benchGraphDrawn", () => graphDrawn());
  const stopTrace = await traceLoad(browser, page, `load-${size}`);
  const wallStart = performance.now();
  await page.goto(`${base}/sessions/${sessionId}`, { waitUntil: "commit" });
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    graphSeen,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the ${size}-thought session's graph never drew`)), 120_000);
    }),
  ]);
  clearTimeout(timer);
  const key = { key: "k", code: "KeyK", windowsVirtualKeyCode: 75 };
  await cdp.send("Input.dispatchKeyEvent", { type: "keyDown", text: "k", ...key });
  await cdp.send("Input.dispatchKeyEvent", { type: "keyUp", ...key });
  // The opening selection was the newest thought; k selects the one before it.
  const interactive = (await (
    await page.waitForFunction(() => window.__bench.movedAt, undefined, { timeout: 60_000 })
  ).jsonValue()) as number;
  const wallMs = performance.now() - wallStart;
  const keyK = await page.evaluate(() => window.__bench.keys.find((k) => k.key === "k") ?? null);
  await stopTrace();
  await page.waitForFunction(() => window.__bench.opening !== null, undefined, { timeout: 30_000 });
  const { nodes: nodesDrawn, folds: foldsDrawn, flowNodes } = await page.evaluate(() => window.__bench.opening!);
  // The keyboard selection is centred in the graph: its node is drawn.
  const selectedDrawn = (await (
    await page.waitForFunction(
      () => (document.querySelector('.tg-graph [data-testid="graph-node"].is-selected') ? performance.now() : false),
      undefined,
      { polling: "raf", timeout: 30_000 },
    )
  ).jsonValue()) as number;
  await page.locator('section[aria-label="Transcript"] [aria-current="true"]').waitFor({ state: "attached" });
  // The overview's first draw (sessions of 40 thoughts or more show one).
  const overviewDrawn =
    size >= 40
      ? Number(
          await page
            .locator('[data-testid="overview-canvas"][data-drawn-at]')
            .getAttribute("data-drawn-at", { timeout: 30_000 }),
        )
      : null;
  const milestones = await page.evaluate(() => ({
    session: window.__bench.sessionAt,
    graph: window.__bench.graphAt,
    firstNode: window.__bench.firstNodeAt,
    readable: window.__bench.readableAt,
  }));
  const longestDuringLoad = await page.evaluate(
    (until) => Math.max(0, ...window.__bench.longtasks.filter((t) => t.start <= until).map((t) => t.duration)),
    interactive,
  );
  const headerSaysFolded = (await page.locator(".tg-session-head").innerText()).includes("folded");
  const shownCount = await page.getByTestId("thought-count").innerText();
  if (Number(shownCount) !== size) log(`warning: ${size}-thought session shows thought-count ${shownCount}`);

  // Pan and zoom: drags across the graph pane and wheel zooms, with the longtask observer already running.
  const box = (await page.locator(".tg-graph").boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const viewport = () =>
    page.evaluate(() => document.querySelector<HTMLElement>(".react-flow__viewport")?.style.transform ?? "");
  const before = await viewport();
  await page.waitForTimeout(300); // let the keyboard selection's 150 ms centering animation finish
  const t0 = await page.evaluate(() => performance.now());
  for (const [dx, dy] of [
    [-250, -200],
    [250, 200],
    [0, -350],
    [0, 350],
    [300, 0],
  ] as const) {
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + dx, cy + dy, { steps: 12 });
    await page.mouse.up();
  }
  await page.mouse.move(cx, cy);
  for (let i = 0; i < 6; i++) await page.mouse.wheel(0, 240); // zoom out
  for (let i = 0; i < 6; i++) await page.mouse.wheel(0, -240); // and back in
  for (let i = 0; i < 3; i++) {
    await page.mouse.down();
    await page.mouse.move(cx - 200, cy + 300, { steps: 10 });
    await page.mouse.up();
    await page.mouse.move(cx, cy);
  }
  await page.waitForTimeout(400); // tasks started by the last input
  const { longest, count } = await page.evaluate((from) => {
    const during = window.__bench.longtasks.filter((t) => t.start >= from);
    return { longest: Math.max(0, ...during.map((t) => t.duration)), count: during.length };
  }, t0);
  const panned = (await viewport()) !== before;

  // The transcript: scroll to the middle and the end; rows there render.
  const transcript = page.locator('section[aria-label="Transcript"]');
  const tStart = performance.now();
  let transcriptOk = true;
  for (const target of [Math.floor(size / 2), size]) {
    await transcript.evaluate((el, frac) => el.scrollTo(0, el.scrollHeight * frac), target / size);
    try {
      await page.waitForFunction(
        (want) =>
          [...document.querySelectorAll('section[aria-label="Transcript"] [data-testid="thought"]')].some(
            (r) => Math.abs(Number(r.getAttribute("data-seq")) - want) <= 15,
          ),
        target,
        { timeout: 15_000 },
      );
    } catch {
      transcriptOk = false;
    }
  }
  const transcriptMs = performance.now() - tStart;
  const keyNav = await keyNavigation(page, cdp);

  await cdp.send("HeapProfiler.collectGarbage");
  const heap = (await cdp.send("Runtime.getHeapUsage")) as { usedSize: number };
  await context.close();
  return {
    thoughts: size,
    interactive_ms: round(interactive),
    overview_drawn_ms: overviewDrawn === null ? null : round(overviewDrawn),
    longest_task_ms_during_pan_zoom: round(longest),
    js_heap_mb: round(heap.usedSize / 2 ** 20),
    nodes_drawn: nodesDrawn + foldsDrawn,
    folded: foldsDrawn > 0 || headerSaysFolded,
    // Extras: milestones from navigation start, what the opening viewport holds, and the rest of the checks.
    session_view_ms: milestones.session === null ? null : round(milestones.session),
    graph_drawn_ms: milestones.graph === null ? null : round(milestones.graph),
    first_visible_node_ms: milestones.firstNode === null ? null : round(milestones.firstNode),
    first_readable_node_text_ms: milestones.readable === null ? null : round(milestones.readable),
    selected_node_drawn_ms: round(selectedDrawn),
    wall_ms_goto_to_interactive: round(wallMs),
    // The "k": when the browser took it (its event timeStamp) and when the page's keydown listener saw it.
    key_taken_ms: keyK === null ? null : round(keyK.stamp),
    key_handled_ms: keyK === null ? null : round(keyK.at),
    graph_nodes_total: flowNodes,
    fold_nodes_drawn: foldsDrawn,
    longest_task_ms_during_load: round(longestDuringLoad),
    long_tasks_during_pan_zoom: count,
    panned,
    transcript_ok: transcriptOk,
    transcript_ms: round(transcriptMs),
    key_nav_p50_ms: round(percentile(keyNav, 50)),
    key_nav_max_ms: round(Math.max(...keyNav)),
  };
}

/** The compare view of two 1,000-thought lines: navigation start → its first row's rendered text and the ends' diff. */
async function measureCompare(browser: Browser, base: string, sessionId: string) {
  const { context, page } = await newPage(browser);
  await page.goto(`${base}/sessions/${sessionId}/compare?left=main&right=alt`, { waitUntil: "commit" });
  const shown = (await (
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="compare-row"] [data-side="right"] .tg-md') &&
        document.querySelector('[data-testid="compare-ends"] [data-testid="block-diff"]')
          ? performance.now()
          : false,
      undefined,
      { polling: "raf", timeout: 60_000 },
    )
  ).jsonValue()) as number;
  const rows = await page.getByTestId("compare-right-name").innerText();
  await context.close();
  return { compare_ms: round(shown), right_line: rows };
}

async function baseline(browser: Browser, base: string, emptyId: string) {
  const { context, page } = await newPage(browser);
  const stopTrace = await traceLoad(browser, page, "baseline-empty-session");
  await page.goto(`${base}/sessions/${emptyId}`, { waitUntil: "commit" });
  const empty = await (
    await page.waitForFunction(
      () => (document.body?.innerText.includes("This session has no thoughts yet") ? performance.now() : false),
      undefined,
      { polling: "raf" },
    )
  ).jsonValue();
  // Interactive: the first frame after a real "f" keypress has switched Follow on. The text can be in the HTML before
  // the page's code runs, and a key pressed then does nothing, so "f" is pressed every 25 ms until one is handled;
  // only the first switch to on is stamped (a second handled press turning it off again changes nothing).
  await page.evaluate(() => {
    const w = window as unknown as { __followOnAt?: number };
    new MutationObserver(() => {
      if (w.__followOnAt !== undefined || document.getElementById("follow")?.getAttribute("aria-checked") !== "true") {
        return;
      }
      w.__followOnAt = -1;
      requestAnimationFrame(() => (w.__followOnAt = performance.now()));
    }).observe(document, { attributes: true, attributeFilter: ["aria-checked"], subtree: true });
  });
  const region = page.getByLabel("Session review");
  let interactive: number | null = null;
  for (let tries = 0; interactive === null && tries < 400; tries++) {
    await region.focus();
    await page.keyboard.press("f");
    await page.waitForTimeout(25);
    const at = await page.evaluate(() => (window as unknown as { __followOnAt?: number }).__followOnAt ?? null);
    if (at !== null && at >= 0) interactive = at;
  }
  await stopTrace();
  await page.goto(`${base}/`, { waitUntil: "commit" });
  const list = await (
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="session-row"]') ? performance.now() : false),
      undefined,
      { polling: "raf" },
    )
  ).jsonValue();
  await context.close();
  if (interactive === null) throw new Error("the empty session page never handled the f key");
  return { empty: empty as number, interactive, list: list as number };
}

async function live(browser: Browser, base: string, apiKey: string, sessionId: string, size: number) {
  const { context, page } = await newPage(browser);
  await page.goto(`${base}/sessions/${sessionId}`);
  await page.locator(GRAPH_NODE).first().waitFor({ state: "visible" });
  await page.getByTestId("live-status").filter({ hasText: "connected" }).waitFor();
  // Follow keeps the newest thought selected, so the virtualized transcript scrolls its row into the DOM.
  await page.getByLabel("Follow").check();
  const nodeLatencies: number[] = [];
  const rowLatencies: number[] = [];
  let beforeAck = 0;
  let rowMissing = 0;
  // i = -1 is a warm-up post (not counted): the first live event also pays for one-time work in the page.
  for (let i = -1; i < LIVE_POSTS; i++) {
    const r = await page.evaluate(
      async ({ apiKey, sessionId, n, total }) => {
        const res = await fetch("/api/v1/thoughts", {
          method: "POST",
          headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
          body: JSON.stringify({
            sessionId,
            thought: `Live thought ${n}: checking the latency of the live graph`,
            thoughtNumber: n,
            totalThoughts: total,
            nextThoughtNeeded: true,
          }),
        });
        const body = (await res.json()) as { thoughtId: string; seq: number };
        const ackAt = performance.now();
        if (res.status !== 201) throw new Error(`POST answered ${res.status}: ${JSON.stringify(body)}`);
        const [nodeAt, rowAt] = await Promise.all([
          window.__bench.waitFor(`node:${body.thoughtId}`, 10_000),
          window.__bench.waitFor(`row:${body.seq}`, 3_000).catch(() => null),
        ]);
        return { ackAt, nodeAt, rowAt };
      },
      { apiKey, sessionId, n: size + 2 + i, total: size + LIVE_POSTS + 1 },
    );
    await page.waitForTimeout(40);
    if (i < 0) continue;
    if (r.nodeAt < r.ackAt) beforeAck++;
    nodeLatencies.push(Math.max(0, r.nodeAt - r.ackAt));
    if (r.rowAt === null) rowMissing++;
    else rowLatencies.push(Math.max(0, r.rowAt - r.ackAt));
  }
  await context.close();
  return {
    scenario: "live",
    posts: LIVE_POSTS,
    p50_ms: round(percentile(nodeLatencies, 50)),
    p95_ms: round(percentile(nodeLatencies, 95)),
    max_ms: round(Math.max(...nodeLatencies)),
    row_p50_ms: round(percentile(rowLatencies, 50)),
    row_p95_ms: round(percentile(rowLatencies, 95)),
    row_missing: rowMissing,
    node_before_ack: beforeAck,
  };
}

async function main() {
  const cpus = os.cpus();
  log(
    `machine: ${cpus.length} × ${cpus[0]?.model ?? "cpu"}, ${round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}, ${os.platform()} ${os.release()}`,
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "thoughtgraph-bench-ui-"));
  let server: RunningServer | null = null;
  let browser: Browser | null = null;
  let stopping = false;
  // A hard bound on the whole run: past it, kill the server (its own process group) and exit; Playwright closes the
  // browser it launched when this process exits.
  const watchdog = setTimeout(() => {
    log(`bench:ui ran past ${DEADLINE_MS / 1000} s; stopping`);
    stopping = true;
    void server?.kill9().finally(() => process.exit(2));
  }, DEADLINE_MS + 30_000);
  watchdog.unref();
  try {
    server = await startServer({
      databaseUrl: `file:${path.join(dir, "db.sqlite")}`,
      // The 20,000-thought session is twice the default per-session cap.
      // Single-user mode (loopback only): the benchmark measures rendering, not signing in.
      env: {
        THOUGHTGRAPH_SINGLE_USER: "1",
        THOUGHTGRAPH_MAX_THOUGHTS_PER_SESSION: String(Math.max(25_000, ...SIZES.map((s) => s + LIVE_POSTS + 10))),
      },
    });
    log(`server ${server.url}`);
    const running = server;
    running.process.once("exit", (code, signal) => {
      if (!stopping)
        log(`the server exited (code ${code}, signal ${signal}); its last output:\n${running.output().slice(-3000)}`);
    });
    const agent = new Agent(server.url, server.apiKey);

    const sessions = new Map<number, string>();
    for (const size of [...new Set([...SIZES, 100])]) {
      const t = performance.now();
      const s = await seed(agent, size);
      sessions.set(size, s.sessionId);
      log(
        `seeded ${size} thoughts (${s.branches} branches, ${s.revisions} revisions) in ${Math.round(performance.now() - t)} ms`,
      );
      checkDeadline("seeding");
    }
    const liveSession = (await seed(agent, 100)).sessionId;
    let compareSession: string | null = null;
    if (COMPARE) {
      const key = `bench-ui-compare-${Date.now().toString(36)}`;
      compareSession = (await agent.ingest(twoLines(key, { mainAfter: 1_000, branchLength: 1_000 }), key))[0]!
        .sessionId!;
      log("seeded two 1,000-thought lines for the compare view");
    }
    const emptyId = await emptySession(server, agent);

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
    log(`chromium ${browser.version()}`);

    // Warm-up (not reported): the server's first renders and the browser's first script compile.
    {
      const { context, page } = await newPage(browser);
      await page.goto(`${server.url}/sessions/${sessions.get(100)}`);
      await page.locator(GRAPH_NODE).first().waitFor({ state: "visible" });
      await page.goto(`${server.url}/`);
      await page.getByTestId("session-row").first().waitFor();
      await context.close();
    }

    const baselines: number[] = [];
    const ratios = new Map<number, number[]>(SIZES.map((size) => [size, []]));
    const times = new Map<number, number[]>(SIZES.map((size) => [size, []]));
    const overviewRatios = new Map<number, number[]>(SIZES.map((size) => [size, []]));
    const compareRatios: number[] = [];
    for (let pass = 1; pass <= ROUNDS; pass++) {
      const base = await baseline(browser, server.url, emptyId);
      baselines.push(base.interactive);
      print({ scenario: "baseline_empty_session_text_ms", value: round(base.empty), round: pass });
      print({ scenario: "baseline_empty_session_interactive_ms", value: round(base.interactive), round: pass });
      print({ scenario: "baseline_sessions_list_ms", value: round(base.list), round: pass });

      for (const size of SIZES) {
        checkDeadline(`size ${size}, round ${pass}`);
        const result = await measureSize(browser, server.url, size, sessions.get(size)!);
        // The judged number: this machine's speed varies ~2× between runs, so the ratio to the same round's empty page.
        const ratio = Math.round((result.interactive_ms / base.interactive) * 100) / 100;
        ratios.get(size)!.push(ratio);
        times.get(size)!.push(result.interactive_ms);
        const overviewRatio =
          result.overview_drawn_ms === null
            ? null
            : Math.round((result.overview_drawn_ms / base.interactive) * 100) / 100;
        if (overviewRatio !== null) overviewRatios.get(size)!.push(overviewRatio);
        print({ ...result, ratio_to_baseline: ratio, overview_ratio: overviewRatio, round: pass });
      }
      if (compareSession) {
        const c = await measureCompare(browser, server.url, compareSession);
        const ratio = Math.round((c.compare_ms / base.interactive) * 100) / 100;
        compareRatios.push(ratio);
        print({ scenario: "compare", ...c, compare_ratio: ratio, round: pass });
      }
      tracing = false;
    }
    // The first round opens each session for the first time since the server started; later rounds reopen it.
    print({ scenario: "baseline_median", rounds: ROUNDS, interactive_ms: round(median(baselines)) });
    for (const size of SIZES) {
      const r = ratios.get(size)!;
      print({
        scenario: "median",
        thoughts: size,
        rounds: ROUNDS,
        interactive_ms: round(median(times.get(size)!)),
        ratio_to_baseline: median(r),
        ratio_min: Math.min(...r),
        ratio_max: Math.max(...r),
        overview_ratio: overviewRatios.get(size)!.length > 0 ? median(overviewRatios.get(size)!) : null,
      });
    }
    if (compareRatios.length > 0) {
      print({
        scenario: "compare_median",
        rounds: ROUNDS,
        compare_ratio: median(compareRatios),
        ratio_min: Math.min(...compareRatios),
        ratio_max: Math.max(...compareRatios),
      });
    }
    checkDeadline("live");
    print(await live(browser, server.url, server.apiKey, liveSession, 100));
  } finally {
    clearTimeout(watchdog);
    stopping = true;
    await browser?.close().catch(() => {});
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
    log("done");
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
