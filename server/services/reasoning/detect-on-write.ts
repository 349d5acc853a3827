// The metacognitive detectors on every thought as it is written (issue 16), when the project turns it on in Settings
// (ProjectReasoningSettings.detectOnWrite, off by default). detect_bias and detect_emotion run on each new thought
// after its batch has committed; a bias found or a discrete emotion recognised is stored in ThoughtAssessment, where
// the detail panel and the graph badges show it, exactly as if the tools had been called with the thought's id.
//
// Off the hot path: the writer (server/ingest/thought-writer.ts) hands each committed batch to afterCommit, which
// with the setting off costs one cached lookup per project in the batch. With it on, the thoughts are queued and
// worked through in chunks between event-loop turns, so a request's answer never waits for a detector. `npm run
// bench:ingest` measures batch ingest with the setting on and off in the same run (THOUGHTGRAPH_BENCH_DETECT).
import { uuidv7 } from "@/lib/ids";
import { detectBias } from "@/lib/thoughtmcp/bias";
import { detectEmotion } from "@/lib/thoughtmcp/emotion";
import { getDb, type Db } from "@/server/db/client";

export interface WrittenThought {
  projectId: string;
  sessionId: string;
  thoughtId: string;
  text: string;
}

/** A project's setting is read again after this long, so a change made on another instance applies within it
 *  (bench:ingest sets 0 to switch it between runs). */
const SETTING_TTL_MS = Number(process.env.THOUGHTGRAPH_DETECT_SETTING_TTL_MS ?? 10_000);
/** Thoughts run per turn of the event loop: ~1 ms of regex and lexicon work per thought of 100 words, so a chunk
 *  holds the loop ~50 ms at most and requests queued meanwhile wait no longer than that. */
const CHUNK = 50;

interface State {
  settings: Map<string, { on: boolean; at: number }>;
  queue: WrittenThought[];
  /** Settings being read for batches that arrived before their project's setting was known. */
  lookups: Set<Promise<void>>;
  running: boolean;
  /** Resolves when the queue has drained (tests and the benchmark wait on it). */
  idle: Promise<void>;
  markIdle: () => void;
}

const g = globalThis as unknown as { __thoughtgraphDetect?: State };
const state: State = (g.__thoughtgraphDetect ??= {
  settings: new Map(),
  queue: [],
  lookups: new Set(),
  running: false,
  idle: Promise.resolve(),
  markIdle: () => undefined,
});

export async function detectOnWriteOf(db: Db, projectId: string): Promise<boolean> {
  const row = await db.projectReasoningSettings.findUnique({ where: { projectId } });
  const on = row?.detectOnWrite ?? false;
  state.settings.set(projectId, { on, at: Date.now() });
  return on;
}

export async function setDetectOnWrite(db: Db, projectId: string, on: boolean): Promise<{ detectOnWrite: boolean }> {
  await db.projectReasoningSettings.upsert({
    where: { projectId },
    create: { projectId, detectOnWrite: on },
    update: { detectOnWrite: on, updatedAt: new Date() },
  });
  state.settings.set(projectId, { on, at: Date.now() });
  return { detectOnWrite: on };
}

/** Called by the writer after a batch commits, with the thoughts it wrote (never throws, never waits). */
export function afterCommit(written: () => WrittenThought[], projectIds: ReadonlySet<string>): void {
  const now = Date.now();
  let on = false;
  const unknown: string[] = [];
  for (const id of projectIds) {
    const cached = state.settings.get(id);
    if (!cached || now - cached.at > SETTING_TTL_MS) unknown.push(id);
    else if (cached.on) on = true;
  }
  if (unknown.length > 0) {
    // First batch of a project (or a stale setting): read it, then queue this batch's thoughts if it is on.
    const thoughts = written();
    const lookup: Promise<void> = Promise.all(unknown.map((id) => detectOnWriteOf(getDb(), id).catch(() => false)))
      .then(() => enqueue(thoughts.filter((t) => state.settings.get(t.projectId)?.on === true)))
      .finally(() => state.lookups.delete(lookup));
    state.lookups.add(lookup);
    return;
  }
  if (on) enqueue(written().filter((t) => state.settings.get(t.projectId)?.on === true));
}

function enqueue(thoughts: WrittenThought[]): void {
  if (thoughts.length === 0) return;
  for (const t of thoughts) state.queue.push(t);
  if (state.running) return;
  state.running = true;
  state.idle = new Promise((resolve) => (state.markIdle = resolve));
  setImmediate(() => void drain());
}

async function drain(): Promise<void> {
  try {
    while (state.queue.length > 0) {
      const chunk = state.queue.splice(0, CHUNK);
      await store(getDb(), chunk.flatMap(assessmentsOf)).catch((error: unknown) => {
        // Derived data: a failed write (a thought deleted meanwhile, the database away) loses only these findings.
        console.warn("[detect-on-write] could not store findings:", (error as Error).message);
      });
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    state.running = false;
    state.markIdle();
  }
}

interface Finding {
  projectId: string;
  sessionId: string;
  thoughtId: string;
  kind: "bias" | "emotion";
  result: object;
  componentsUsed: string[];
}

/** The findings worth storing: biases found, and an emotion when one of the 11 discrete emotions is recognised. */
export function assessmentsOf(t: WrittenThought): Finding[] {
  const out: Finding[] = [];
  const bias = detectBias({ reasoning: t.text });
  if (bias.data.biases.length > 0)
    out.push({ ...t, kind: "bias", result: bias.data, componentsUsed: bias.componentsUsed });
  const emotion = detectEmotion({ text: t.text, includeDiscrete: true });
  if (emotion.data.discrete?.primary) {
    out.push({ ...t, kind: "emotion", result: emotion.data, componentsUsed: emotion.componentsUsed });
  }
  return out;
}

async function store(db: Db, findings: Finding[]): Promise<void> {
  if (findings.length === 0) return;
  const now = new Date();
  await db.thoughtAssessment.createMany({
    data: findings.map((f) => ({
      id: uuidv7(),
      projectId: f.projectId,
      sessionId: f.sessionId,
      thoughtId: f.thoughtId,
      kind: f.kind,
      result: f.result,
      componentsUsed: f.componentsUsed,
      createdAt: now,
      updatedAt: now,
    })),
  });
}

/** Resolves once every queued thought has been assessed (tests, the benchmark). */
export async function detectorsIdle(): Promise<void> {
  await Promise.all(state.lookups);
  if (state.running) await state.idle;
}
