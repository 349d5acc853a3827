// Deterministic synthetic sessions for the UI benchmark: a main chain with about 5% of thoughts opening a branch
// (a short side lane forking from an earlier main thought) and about 5% revising an earlier thought of their lane.
// Every reference is valid (no flags), so what the graph folds depends only on the shape.
import type { ThoughtBody } from "./agent";

/** mulberry32: a tiny seeded PRNG, so every run draws the same session. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  "cache invalidate write acknowledge constraint latency budget replica leader quorum retry backoff index scan " +
  "join partition shard hot key eviction policy consistent hash ring token bucket rate limit queue depth worker " +
  "pool deadline timeout circuit breaker fallback idempotent event log snapshot compaction checkpoint migration " +
  "schema column nullable default backfill rollout canary metric alert threshold p95 regression baseline"
).split(" ");

function sentence(rand: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[Math.floor(rand() * WORDS.length)]!);
  const s = out.join(" ");
  return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
}

export interface GeneratedSession {
  bodies: ThoughtBody[];
  branches: number;
  revisions: number;
}

export function generateSession(size: number, sessionKey: string, seed = size): GeneratedSession {
  const rand = rng(seed);
  const bodies: ThoughtBody[] = [];
  let mainNumber = 0;
  let branches = 0;
  let revisions = 0;
  /** The branch being written: its key and the number of its latest thought; null on the main chain. */
  let branch: { key: string; number: number; first: number; left: number } | null = null;
  const text = (i: number) =>
    `Step ${i + 1}: ${sentence(rand, 8 + Math.floor(rand() * 10))} ${sentence(rand, 6 + Math.floor(rand() * 12))}`;

  for (let i = 0; i < size; i++) {
    const roll = rand();
    const common = { sessionId: sessionKey, totalThoughts: size, nextThoughtNeeded: i < size - 1 };
    if (branch === null && mainNumber >= 2 && roll < 0.05) {
      // Open a branch from an earlier main thought.
      const fork = 1 + Math.floor(rand() * mainNumber);
      branches++;
      branch = { key: `b${branches}`, number: fork + 1, first: fork + 1, left: 1 + Math.floor(rand() * 6) };
      bodies.push({
        ...common,
        thought: text(i),
        thoughtNumber: fork + 1,
        branchFromThought: fork,
        branchId: branch.key,
      });
      continue;
    }
    const revise = roll >= 0.05 && roll < 0.1;
    if (branch !== null) {
      branch.number++;
      const body: ThoughtBody = { ...common, thought: text(i), thoughtNumber: branch.number, branchId: branch.key };
      if (revise) {
        // An earlier thought of this branch (its numbers run from `first` to number - 1).
        body.isRevision = true;
        body.revisesThought = branch.first + Math.floor(rand() * (branch.number - branch.first));
        revisions++;
      }
      bodies.push(body);
      if (--branch.left <= 0) branch = null;
      continue;
    }
    mainNumber++;
    const body: ThoughtBody = { ...common, thought: text(i), thoughtNumber: mainNumber };
    if (revise && mainNumber >= 2) {
      body.isRevision = true;
      body.revisesThought = 1 + Math.floor(rand() * (mainNumber - 1));
      revisions++;
    }
    bodies.push(body);
  }
  return { bodies, branches, revisions };
}
