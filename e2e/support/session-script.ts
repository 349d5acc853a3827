// The session the browser tests write over REST: a main chain, two branches ("alt" forks from thought 2, "beta"
// from thought 1), a revision on each of the main chain and "alt", and a thought carrying HTML and script payloads.
// EXPECTED_EDGES is what the lane layout (lib/graph/layout.ts) must draw for it.
import type { Agent, ThoughtAnswer, ThoughtBody } from "./agent";

export const XSS = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`;

type Step = Omit<ThoughtBody, "sessionId"> & { name: string };

/** In arrival order; `name` is how the tests refer to a thought. */
export const STEPS: Step[] = [
  {
    name: "outline",
    thought: "Outline: find out why the nightly export job is slow",
    thoughtNumber: 1,
    totalThoughts: 6,
    nextThoughtNeeded: true,
    metadata: { agent: "e2e-agent" },
  },
  {
    name: "compare",
    thought: "Main line: compare the two caching strategies before touching the job",
    thoughtNumber: 2,
    totalThoughts: 6,
    nextThoughtNeeded: true,
  },
  {
    name: "measure",
    thought: "Measure the export query: it scans the whole events table",
    thoughtNumber: 3,
    totalThoughts: 6,
    nextThoughtNeeded: true,
  },
  {
    name: "alt-start",
    thought: "Alternative: precompute the export incrementally after each write",
    thoughtNumber: 3,
    totalThoughts: 6,
    nextThoughtNeeded: true,
    branchFromThought: 2,
    branchId: "alt",
  },
  {
    name: "alt-feed",
    thought: "Incremental export needs a change feed; estimate the work",
    thoughtNumber: 4,
    totalThoughts: 6,
    nextThoughtNeeded: true,
    branchId: "alt",
  },
  {
    name: "compare-revised",
    thought: "Main line: compare the three caching strategies and their costs before touching the job",
    thoughtNumber: 4,
    totalThoughts: 6,
    nextThoughtNeeded: true,
    isRevision: true,
    revisesThought: 2,
  },
  {
    name: "beta-start",
    thought: "Different idea: move the export to a read replica",
    thoughtNumber: 2,
    totalThoughts: 6,
    nextThoughtNeeded: true,
    branchFromThought: 1,
    branchId: "beta",
  },
  {
    name: "alt-feed-revised",
    thought: "Incremental export needs a change feed and a backfill; estimate the work",
    thoughtNumber: 5,
    totalThoughts: 6,
    nextThoughtNeeded: true,
    branchId: "alt",
    isRevision: true,
    revisesThought: 4,
  },
  { name: "xss", thought: XSS, thoughtNumber: 5, totalThoughts: 6, nextThoughtNeeded: true },
];

/** [source, target] by step name, per edge kind (revises edges run from the revising thought to the revised one). */
export const EXPECTED_EDGES = {
  next: [
    ["outline", "compare"],
    ["compare", "measure"],
    ["measure", "compare-revised"],
    ["compare-revised", "xss"],
    ["alt-start", "alt-feed"],
    ["alt-feed", "alt-feed-revised"],
  ],
  fork: [
    ["compare", "alt-start"],
    ["outline", "beta-start"],
  ],
  revises: [
    ["compare-revised", "compare"],
    ["alt-feed-revised", "alt-feed"],
  ],
} as const;

/** The edge id lib/graph/layout.ts gives an edge. */
export function edgeId(kind: "next" | "fork" | "revises", source: string, target: string): string {
  return `${kind[0]}:${source}:${target}`;
}

export interface WrittenSession {
  sessionId: string;
  /** Answers by step name. */
  byName: Map<string, ThoughtAnswer>;
  answers: ThoughtAnswer[];
}

/**
 * Writes STEPS one POST at a time. The first thought opens a new session (its text carries `tag` so the title is
 * unique); `afterFirst` runs once the session exists (e.g. to open it in the browser before the rest arrives).
 */
export async function writeSession(
  agent: Agent,
  tag: string,
  afterFirst?: (sessionId: string) => Promise<void>,
): Promise<WrittenSession> {
  const [first, ...rest] = STEPS;
  const { name: firstName, ...firstBody } = first!;
  const head = await agent.thought({ ...firstBody, thought: `${firstBody.thought} (${tag})` });
  const byName = new Map([[firstName, head]]);
  const answers = [head];
  await afterFirst?.(head.sessionId);
  for (const { name, ...body } of rest) {
    const answer = await agent.thought({ ...body, sessionId: head.sessionId });
    if (answer.sessionId !== head.sessionId) throw new Error(`step ${name} landed in session ${answer.sessionId}`);
    if (answer.flags.length > 0) throw new Error(`step ${name} was flagged: ${answer.flags.join(", ")}`);
    byName.set(name, answer);
    answers.push(answer);
  }
  return { sessionId: head.sessionId, byName, answers };
}

export function textOf(name: string): string {
  const step = STEPS.find((s) => s.name === name);
  if (!step) throw new Error(`no step ${name}`);
  return step.thought;
}
