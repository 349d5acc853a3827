// The metacognitive detectors on every thought as it is written, when the project turns it on in Settings
// (ProjectReasoningSettings.detectOnWrite, off by default). detect_bias and detect_emotion run on each new thought
// after its batch has committed; a bias found or a discrete emotion recognised is stored in ThoughtAssessment, where
// the detail panel and the graph badges show it, exactly as if the tools had been called with the thought's id.
//
// Off the request path, and paced so a load of writes does not pay for it: the writer (server/ingest/thought-writer.ts)
// hands each committed batch to afterCommit, which with the setting off costs one cached lookup per project in the
// batch, and with it on queues the batch (one entry, no copy of its thoughts). A background pass works through the
// queue in slices of SLICE thoughts between turns of the event loop and stores the findings of up to STORE_EVERY
// thoughts in one raw multi-row insert (server/ingest/write-findings.ts; on SQLite through the write thread):
//   - at full speed while the writer is quiet (no batch queued or committing, none committed for QUIET_MS);
//   - while writes keep coming, with at most BUSY_SHARE of the time (a token bucket: a slice runs when the time it
//     earned covers it), storing every STORE_BUSY thoughts so one insert never holds the write thread long;
//   - at full speed again once a thought has waited MAX_LAG_MS: the lag bound. Under a load longer than that the
//     load pays for the findings, as it did when they ran at once.
// The queue holds at most MAX_QUEUED_CHARS of text (the memory bound). A batch that would pass it is not queued: its
// project is marked spilled from the batch's start, the project's cursor stays behind that, and once the queue has
// drained the pass reads those thoughts back from the database (catch-up, below). Before, the pass ran at full speed
// at the bound, and a load past it paid for the findings: 150 batches of 1,000 in a row (bench:ingest BENCH_DETECT,
// SQLite) were acknowledged at 0.77–0.87 of the rate with the setting off; with the bound out of reach, 0.89–1.09.
// Why: measured with CPU profiles of BENCH_DETECT=1 npm run bench:ingest (docs/benchmarks.md), running the
// detectors and storing their findings as the batches committed cost, per 1,000 thoughts, the serving thread ~70 ms
// (detectors ~25, rows and queue ~15, garbage collection ~13, posting findings to the write thread ~7), the write
// thread ~36 (the inserts, and the thoughts' own inserts slowed by them) and the WAL checkpointer ~23 (figures
// inflated by the profiler), which on 2 cores cut the batch rate to ~0.5 of the rate with the setting off.
//
// No finding is lost for a committed thought: a failed insert puts its thoughts back in the queue and is retried
// with a growing pause; and every few seconds the project's cursor (ProjectReasoningSettings.detectedThrough) moves
// to "every thought created before this has been assessed" (the oldest thought still queued, less CURSOR_MARGIN_MS
// for batches still committing). The first time a process finds the setting on, it assesses the project's thoughts
// from the cursor again (catchUp), so thoughts a dead process had queued are assessed by the next one. Inserts skip
// a (thought, kind) already stored, so assessing a thought twice stores nothing twice.
import { setting } from "@/server/config";
import { compactBiasAnswerJson, emotionAnswerJson } from "@/lib/thoughtmcp/answer-json";
import { detectBias, scanText } from "@/lib/thoughtmcp/bias";
import { detectEmotion } from "@/lib/thoughtmcp/emotion";
import { uuidv7Floor } from "@/lib/ids";
import { getDb, getDbProvider, pgPool, type Db } from "@/server/db/client";
import { onCommitted, type CommittedBatch, type WrittenThought } from "@/server/ingest/after-commit";
import { sqliteConnection } from "@/server/ingest/commit";
import { writerIdle } from "@/server/ingest/thought-writer";
import { insertFindingsPg, insertFindingsSqlite, type FindingRows } from "@/server/ingest/write-findings";
import { activeWriteThread } from "@/server/ingest/write-thread";

/** A committed batch's thoughts (or a catch-up page), as handed over: `next` is the first not yet assessed; `at`:
 *  when they were known committed (a catch-up page: its oldest thought's creation). */
interface Queued {
  thoughts: WrittenThought[];
  next: number;
  at: number;
  /** The characters of text its thoughts hold (counted against the memory bound until it leaves the queue). */
  chars: number;
}

/** A project's setting is read again after this long, so a change made on another instance applies within it
 *  (bench:ingest sets 0 to switch it between runs). */
const SETTING_TTL_MS = setting("THOUGHTGRAPH_DETECT_SETTING_TTL_MS");
/** Thoughts run per turn of the event loop: ~0.015–0.025 ms each (a 35-word thought with a bias and an emotion,
 *  measured by scripts/bench-detectors.ts), so a slice holds the loop ~5 ms and a request queued meanwhile waits no
 *  longer. */
const SLICE = 250;
/** The longest a committed thought waits for its findings while writes keep coming (the lag bound): findings show in
 *  the detail panel and as graph badges, which a reviewer reads after the agent has written, not while. */
const MAX_LAG_MS = setting("THOUGHTGRAPH_DETECT_MAX_LAG_MS");
/** Characters of thought text queued at most (32–64 MB; a thought may hold up to 100,000): past it, batches spill.
 *  ~160,000 thoughts of bench:ingest's 200-character text. */
const MAX_QUEUED_CHARS = 32_000_000;
/** The pass's share of the time while writes keep coming: the serving thread's detectors (~15 ms per 1,000 thoughts)
 *  and the write thread's inserts (~25) then cost the load about a tenth of its rate, and the pass still assesses
 *  ~2,000 thoughts/s. */
const BUSY_SHARE = setting("THOUGHTGRAPH_DETECT_BUSY_SHARE");
/** The writer counts as busy this long after a commit: between two batches of a load the serving thread is parsing
 *  the next one while the writer's queue is empty (measured: ~15–60 ms of a 1,000-event batch). */
const QUIET_MS = 200;
/** The most time a slice can have earned while it waited: a quiet spell does not let the pass run unpaced later. */
const EARNED_CAP_MS = 20;
/** How often a waiting pass looks again. */
const POLL_MS = 25;
/** Thoughts whose findings are inserted together (two findings each at most): one transaction per 5,000 thoughts
 *  (~100–180 ms of the write thread) when it is quiet, per 500 (~10–20 ms) while writes keep coming; fewer when the
 *  queue runs dry. */
const STORE_EVERY = 5_000;
const STORE_BUSY = 500;
/** How far the cursor stays behind the oldest thought still queued: a batch is built (its createdAt) before it
 *  commits and reaches the queue; a commit waits 30 s at most for a lock (server/ingest/write-thread.worker.ts). */
const CURSOR_MARGIN_MS = 60_000;
/** The cursor is written at most this often per process (one UPDATE of the projects seen meanwhile). */
const CURSOR_EVERY_MS = 5_000;
/** Thoughts read per query when catching up. */
const CATCH_UP_PAGE = 1_000;
/** How far a thought's id can run ahead of its createdAt. Both take the batch's clock (write-batch.ts), and uuidv7
 *  never goes back (lib/ids.ts): an id made after a later one takes that one's millisecond, and 4,096 ids in one
 *  millisecond move on to the next. So an id never sorts before its createdAt, and runs ahead by milliseconds. */
const ID_AHEAD_MS = 60_000;

interface State {
  settings: Map<string, { on: boolean; at: number }>;
  queue: Queued[];
  queuedChars: number;
  /** Projects with committed thoughts that were not queued (the memory bound), each with the earliest time those
   *  thoughts can have been created: read back from the database once the queue has drained. */
  spilled: Map<string, number>;
  /** Whether the writer has no batch queued or committing (server/ingest/thought-writer.ts's writerIdle; tests hold
   *  it busy through watchWriter). */
  writerIdle: () => boolean;
  /** When the last batch committed (Date.now()). */
  lastCommitAt: number;
  pacing: Pacing;
  /** Settings being read for batches that arrived before their project's setting was known. */
  lookups: Set<Promise<void>>;
  running: boolean;
  /** Resolves when the queue has drained (tests and the benchmark wait on it). */
  idle: Promise<void>;
  markIdle: () => void;
  /** Projects whose catch-up this process has started, and those still catching up (their cursor stays). */
  caughtUp: Set<string>;
  catchingUp: Map<string, Promise<void>>;
  /** Projects assessed since the cursor was last written, and when it was. */
  touched: Set<string>;
  cursorAt: number;
  failures: number;
}

const g = globalThis as unknown as { __thoughtgraphDetect?: State };
const state: State = (g.__thoughtgraphDetect ??= {
  settings: new Map(),
  queue: [],
  queuedChars: 0,
  spilled: new Map(),
  writerIdle,
  lastCommitAt: 0,
  pacing: { maxLagMs: MAX_LAG_MS, busyShare: BUSY_SHARE, maxQueuedChars: MAX_QUEUED_CHARS },
  lookups: new Set(),
  running: false,
  idle: Promise.resolve(),
  markIdle: () => undefined,
  caughtUp: new Set(),
  catchingUp: new Map(),
  touched: new Set(),
  cursorAt: 0,
  failures: 0,
});

export async function detectOnWriteOf(db: Db, projectId: string): Promise<boolean> {
  const row = await db.projectReasoningSettings.findUnique({ where: { projectId } });
  const on = row?.detectOnWrite ?? false;
  state.settings.set(projectId, { on, at: Date.now() });
  // No cursor yet (turned on by a raw write, or before the cursor existed): nothing to catch up on, from now on.
  if (on && !state.caughtUp.has(projectId)) {
    if (row?.detectedThrough) startCatchUp(db, projectId, row.detectedThrough);
    else state.caughtUp.add(projectId);
  }
  return on;
}

export async function setDetectOnWrite(db: Db, projectId: string, on: boolean): Promise<{ detectOnWrite: boolean }> {
  const now = new Date();
  const was = await db.projectReasoningSettings.findUnique({ where: { projectId } });
  // Turned on: from now. Thoughts written while it was off are not its business, so the cursor starts here.
  const cursor = on && !was?.detectOnWrite ? { detectedThrough: now } : {};
  await db.projectReasoningSettings.upsert({
    where: { projectId },
    create: { projectId, detectOnWrite: on, ...cursor },
    update: { detectOnWrite: on, updatedAt: now, ...cursor },
  });
  state.settings.set(projectId, { on, at: Date.now() });
  if (on) state.caughtUp.add(projectId);
  return { detectOnWrite: on };
}

/** Replaces the writer's idle check (no batch queued or committing): the pass runs while it answers true. Returns the
 *  previous one (tests hold the writer "busy" and give it back). */
export function watchWriter(idle: () => boolean): () => boolean {
  const previous = state.writerIdle;
  state.writerIdle = idle;
  return previous;
}

export interface Pacing {
  maxLagMs: number;
  busyShare: number;
  maxQueuedChars: number;
}

/** Sets the pass's pacing (THOUGHTGRAPH_DETECT_MAX_LAG_MS and _BUSY_SHARE at start, the memory bound); returns the
 *  previous one. */
export function pace(pacing: Partial<Pacing>): Pacing {
  const previous = state.pacing;
  state.pacing = { ...previous, ...pacing };
  return previous;
}

/** Thoughts queued and not yet assessed. */
export function detectorsPending(): number {
  let n = 0;
  for (const q of state.queue) n += q.thoughts.length - q.next;
  return n;
}

// Every batch the writer commits comes here (after-commit.ts); with the setting off it costs one cached lookup per
// project of the batch.
onCommitted("detectors", afterCommit);

/** A committed batch: its thoughts queued when their project has the setting on (never throws, never waits). */
export function afterCommit({ written, projectIds, startedAt }: CommittedBatch): void {
  const now = Date.now();
  state.lastCommitAt = now;
  let on = 0;
  const unknown: string[] = [];
  for (const id of projectIds) {
    const cached = state.settings.get(id);
    if (!cached || now - cached.at > SETTING_TTL_MS) unknown.push(id);
    else if (cached.on) on++;
  }
  const isOn = (t: WrittenThought) => state.settings.get(t.projectId)?.on === true;
  if (unknown.length > 0) {
    // First batch of a project (or a stale setting): read it, then queue this batch's thoughts if it is on.
    const thoughts = written();
    const lookup: Promise<void> = Promise.all(unknown.map((id) => detectOnWriteOf(getDb(), id).catch(() => false)))
      .then(() => enqueueWritten(thoughts.filter(isOn), now, startedAt))
      .finally(() => state.lookups.delete(lookup));
    state.lookups.add(lookup);
    return;
  }
  // Every project of the batch on (the usual case: one project): its thoughts as they are.
  if (on > 0) enqueueWritten(on === projectIds.size ? written() : written().filter(isOn), now, startedAt);
}

/** Queues a committed batch, or spills it past the memory bound (and while its project's spill waits, so the queue
 *  does not take thoughts created after ones still in the database). */
function enqueueWritten(thoughts: WrittenThought[], at: number, startedAt: number): void {
  const chars = charsOf(thoughts);
  const spill =
    state.queuedChars + chars > state.pacing.maxQueuedChars ||
    (state.spilled.size > 0 && thoughts.some((t) => state.spilled.has(t.projectId)));
  if (!spill) return enqueue(thoughts, at, chars);
  for (const t of thoughts) {
    const from = state.spilled.get(t.projectId);
    if (from === undefined || startedAt < from) state.spilled.set(t.projectId, startedAt);
  }
  // With no pass running (nothing queued), no drain will end to read it back: now.
  catchUpSpilled();
}

function charsOf(thoughts: WrittenThought[]): number {
  let chars = 0;
  for (const t of thoughts) chars += t.text.length;
  return chars;
}

function enqueue(thoughts: WrittenThought[], at: number, chars = charsOf(thoughts)): void {
  if (thoughts.length === 0) return;
  state.queue.push({ thoughts, next: 0, at, chars });
  state.queuedChars += chars;
  if (state.running) return;
  state.running = true;
  state.idle = new Promise((resolve) => (state.markIdle = resolve));
  setImmediate(() => void drain());
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** When the oldest thought still waiting was known committed (the queue is in arrival order but for catch-up). */
function oldestQueued(): number {
  let oldest = Infinity;
  for (const q of state.queue) if (q.at < oldest) oldest = q.at;
  return oldest;
}

/** The pass (the header says how it is paced). */
async function drain(): Promise<void> {
  let rows = emptyRows();
  /** The thoughts whose findings are in `rows` (put back in the queue if the insert fails), and the oldest's time. */
  let covered: WrittenThought[] = [];
  let coveredAt = Infinity;
  /** Time the pass has earned while writes keep coming, in ms (negative: owed). */
  let earned = 0;
  let last = performance.now();
  try {
    for (;;) {
      const now = Date.now();
      const paced =
        (!state.writerIdle() || now - state.lastCommitAt < QUIET_MS) &&
        Math.min(oldestQueued(), coveredAt) + state.pacing.maxLagMs > now;
      const clock = performance.now();
      earned = paced ? Math.min(EARNED_CAP_MS, earned + (clock - last) * state.pacing.busyShare) : 0;
      last = clock;
      if (paced && earned <= 0) {
        await pause(POLL_MS);
        continue;
      }
      const q = state.queue[0];
      if (q) {
        const end = Math.min(q.thoughts.length, q.next + SLICE);
        for (let k = q.next; k < end; k++) {
          addFindings(rows, q.thoughts[k]!);
          covered.push(q.thoughts[k]!);
        }
        q.next = end;
        if (q.at < coveredAt) coveredAt = q.at;
        if (end === q.thoughts.length) {
          state.queue.shift();
          state.queuedChars -= q.chars;
        }
      }
      if (covered.length > 0 && (covered.length >= (paced ? STORE_BUSY : STORE_EVERY) || state.queue.length === 0)) {
        const stored = await storeCovered(rows, covered, coveredAt);
        rows = emptyRows();
        covered = [];
        coveredAt = Infinity;
        if (!stored) continue;
      }
      if (paced) {
        const spent = performance.now() - last;
        earned -= spent;
        last += spent;
      }
      if (state.queue.length === 0 && covered.length === 0) break;
      await nextTurn();
    }
  } finally {
    state.running = false;
    catchUpSpilled();
    state.markIdle();
  }
}

/** Once the queue has drained: reads back the thoughts of spilled projects (but of one still catching up: its
 *  catch-up calls this again when it ends). A batch committed from here on is queued again. */
function catchUpSpilled(): void {
  if (state.running) return;
  for (const [projectId, from] of state.spilled) {
    if (state.catchingUp.has(projectId)) continue;
    state.spilled.delete(projectId);
    startCatchUp(getDb(), projectId, new Date(from));
  }
}

/** Inserts the findings of `covered`; on failure puts those thoughts back first in the queue and pauses. */
async function storeCovered(rows: FindingRows, covered: WrittenThought[], at: number): Promise<boolean> {
  let ok = true;
  try {
    await store(getDb(), rows);
    state.failures = 0;
    for (const t of covered) state.touched.add(t.projectId);
  } catch (error) {
    // The database away or locked: these thoughts go back to the front, and the queue waits 1, 2, 4 … 30 s.
    ok = false;
    const chars = charsOf(covered);
    state.queue.unshift({ thoughts: covered, next: 0, at, chars });
    state.queuedChars += chars;
    const wait = Math.min(30_000, 1_000 * 2 ** state.failures++);
    console.warn(`[detect-on-write] could not store findings (retrying in ${wait} ms):`, (error as Error).message);
    await pause(wait);
  }
  await moveCursor(getDb()).catch((error: unknown) =>
    console.warn("[detect-on-write] could not move the cursor:", (error as Error).message),
  );
  return ok;
}

/** Findings as insert columns: an empty set (the drain fills one per STORE_EVERY thoughts). */
export function emptyRows(): FindingRows {
  return {
    projectId: [],
    sessionId: [],
    thoughtId: [],
    kind: [],
    result: [],
    componentsUsed: [],
    at: "",
  };
}

/** The method lists are a few constants: serialised once each. */
const methodsJson = new Map<string, string>();

function methodsOf(componentsUsed: string[]): string {
  const key = componentsUsed.join();
  let methods = methodsJson.get(key);
  if (methods === undefined) methodsJson.set(key, (methods = JSON.stringify(componentsUsed)));
  return methods;
}

function addRow(rows: FindingRows, t: WrittenThought, kind: "bias" | "emotion", result: string, methods: string) {
  rows.projectId.push(t.projectId);
  rows.sessionId.push(t.sessionId);
  rows.thoughtId.push(t.thoughtId);
  rows.kind.push(kind);
  rows.result.push(result);
  rows.componentsUsed.push(methods);
}

/**
 * Adds the thought's findings worth storing to `rows`: biases found, and an emotion when one of the 11 discrete
 * emotions is recognised. The emotion as detect_emotion with the thought's id stores it; the bias answer compact
 * (its per-type texts left out, sessionAssessments puts them back). Written straight into the columns and serialised
 * by lib/thoughtmcp/answer-json.ts, with no object per finding in between: an object per finding and JSON.stringify of
 * each answer cost 26.4 ms per 1,000 thoughts of the worst case, this 13.2 (npm run bench:detectors prints both).
 */
export function addFindings(rows: FindingRows, t: WrittenThought): void {
  // One pass over the text for both detectors.
  const scan = scanText(t.text);
  const bias = detectBias({ reasoning: t.text }, scan);
  if (bias.data.biases.length > 0)
    addRow(rows, t, "bias", compactBiasAnswerJson(bias.data), methodsOf(bias.componentsUsed));
  const emotion = detectEmotion({ text: t.text, includeDiscrete: true }, scan.words);
  if (emotion.data.discrete?.primary)
    addRow(rows, t, "emotion", emotionAnswerJson(emotion.data), methodsOf(emotion.componentsUsed));
}

async function store(db: Db, rows: FindingRows): Promise<void> {
  if (rows.thoughtId.length === 0) return;
  rows.at = new Date().toISOString();
  if (getDbProvider() === "postgresql") {
    const pool = pgPool(db);
    if (!pool) throw new Error("the PostgreSQL pool is not available");
    await insertFindingsPg(pool, rows);
    return;
  }
  const thread = activeWriteThread();
  if (thread) await thread.storeFindings(rows);
  else insertFindingsSqlite(await sqliteConnection(), rows);
}

/**
 * Moves the cursor of the projects assessed since it last moved (at most every CURSOR_EVERY_MS): every thought
 * created before the oldest one still queued, less CURSOR_MARGIN_MS, has been assessed. Never backwards, and not for
 * a project still catching up or spilled (its older thoughts are not all queued yet).
 */
async function moveCursor(db: Db): Promise<void> {
  const now = Date.now();
  if (state.touched.size === 0 || now - state.cursorAt < CURSOR_EVERY_MS) return;
  const oldest = Math.min(now, oldestQueued());
  const projects = [...state.touched].filter((id) => !state.catchingUp.has(id) && !state.spilled.has(id));
  state.touched.clear();
  state.cursorAt = now;
  const cursor = new Date(oldest - CURSOR_MARGIN_MS);
  await db.projectReasoningSettings.updateMany({
    where: {
      projectId: { in: projects },
      detectOnWrite: true,
      OR: [{ detectedThrough: null }, { detectedThrough: { lt: cursor } }],
    },
    data: { detectedThrough: cursor },
  });
}

/**
 * Assesses the project's thoughts created from `from` up to now (those after are queued as they commit), a page at a
 * time, each page once the queue has drained, so a long backlog never sits in memory at once.
 */
function startCatchUp(db: Db, projectId: string, from: Date): void {
  state.caughtUp.add(projectId);
  const until = new Date();
  // Paged by id: thought ids are uuidv7s of the batch's createdAt (lib/ids.ts), so the primary key's index finds the
  // window, and createdAt keeps it exact. By (createdAt, id) each page scanned every thought of the project (no index
  // has them): reading back 150,000 spilled thoughts took 31–89 s, longer with each load (bench:ingest BENCH_DETECT).
  const last = uuidv7Floor(until.getTime() + ID_AHEAD_MS);
  const run = (async () => {
    let after: string | null = null;
    for (;;) {
      const page: { id: string; sessionId: string; text: string; createdAt: Date }[] = await db.thought.findMany({
        where: {
          projectId,
          id: after === null ? { gte: uuidv7Floor(from.getTime()), lt: last } : { gt: after, lt: last },
          // Up to and with `until`'s millisecond: a batch spilled in the millisecond it was created is read back
          // at once (a thought of that millisecond committed afterwards is also queued: assessed twice, stored once).
          createdAt: { gte: from, lte: until },
        },
        orderBy: { id: "asc" },
        take: CATCH_UP_PAGE,
        select: { id: true, sessionId: true, text: true, createdAt: true },
      });
      if (page.length === 0) return;
      enqueue(
        page.map((t) => ({ projectId, sessionId: t.sessionId, thoughtId: t.id, text: t.text })),
        page[0]!.createdAt.getTime(),
      );
      after = page[page.length - 1]!.id;
      await state.idle;
    }
  })().then(
    () => {
      state.catchingUp.delete(projectId);
      catchUpSpilled();
    },
    (error: unknown) => {
      // The next process (or the next time the setting is read on) tries again from the same cursor, and this one
      // once its queue next drains: marked spilled from here, the cursor stays.
      state.catchingUp.delete(projectId);
      state.caughtUp.delete(projectId);
      const spilled = state.spilled.get(projectId);
      if (spilled === undefined || from.getTime() < spilled) state.spilled.set(projectId, from.getTime());
      console.warn("[detect-on-write] could not catch up:", (error as Error).message);
    },
  );
  state.catchingUp.set(projectId, run);
}

/** Resolves once every queued thought has been assessed (tests, the benchmark). */
export async function detectorsIdle(): Promise<void> {
  // A drained queue can start a catch-up of spilled thoughts, and a catch-up queues pages: until none is left.
  while (state.lookups.size > 0 || state.catchingUp.size > 0 || state.running) {
    await Promise.all(state.lookups);
    await Promise.all(state.catchingUp.values());
    if (state.running) await state.idle;
  }
}
