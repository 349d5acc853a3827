// Sessions shaped for review, written through the ingest API: two long lines that part at a fork (the compare view
// and its benchmark), and a session whose thoughts are rich markdown (paragraphs, lists, tables, code) so a reader
// has something real to compare.
import type { ThoughtBody } from "./agent";
import { rng } from "./generate";

const TOPICS = [
  "the retry budget",
  "the export query",
  "the cache key",
  "the ledger totals",
  "the replica lag",
  "the webhook backoff",
  "the index scan",
  "the queue depth",
];

/** A thought's markdown: a paragraph, sometimes a list, a table or a code listing, from a seeded generator. */
export function richText(rand: () => number, step: number, line: string): string {
  const topic = TOPICS[Math.floor(rand() * TOPICS.length)]!;
  const parts = [
    `**Step ${step} (${line}).** Look at ${topic}: ${Math.round(rand() * 90 + 10)} ms at p95 before the change.`,
  ];
  const roll = rand();
  if (roll < 0.25) {
    parts.push(
      `- measure ${topic} again\n- compare with the baseline of step ${Math.max(1, step - 1)}\n- write down the gap`,
    );
  } else if (roll < 0.45) {
    parts.push(
      `| stage | p95 ms | errors |\n|---|---|---|\n| fetch | ${Math.round(rand() * 50)} | ${Math.round(rand() * 3)} |\n| store | ${Math.round(rand() * 30)} | 0 |`,
    );
  } else if (roll < 0.55) {
    parts.push(
      '```ts\nconst budget = retries * backoffMs;\nif (budget > deadline) throw new Error("over budget");\n```',
    );
  }
  return parts.join("\n\n");
}

/**
 * Main runs `fork` thoughts, then `mainAfter` more; branch `branchId` forks from main's thought `fork` and runs
 * `branchLength` thoughts, written interleaved with main's as an agent exploring both would.
 */
export function twoLines(
  sessionKey: string,
  { fork = 5, mainAfter = 200, branchLength = 200, branchId = "alt", seed = 7 } = {},
): ThoughtBody[] {
  const rand = rng(seed);
  const total = fork + Math.max(mainAfter, branchLength);
  const bodies: ThoughtBody[] = [];
  const body = (n: number, line: string, extra: Partial<ThoughtBody> = {}): ThoughtBody => ({
    sessionId: sessionKey,
    thought: richText(rand, n, line),
    thoughtNumber: n,
    totalThoughts: total,
    nextThoughtNeeded: true,
    ...extra,
  });
  for (let n = 1; n <= fork; n++) bodies.push(body(n, "main"));
  for (let i = 1; i <= Math.max(mainAfter, branchLength); i++) {
    if (i <= mainAfter) bodies.push(body(fork + i, "main"));
    if (i <= branchLength) {
      bodies.push(body(fork + i, branchId, { branchId, ...(i === 1 ? { branchFromThought: fork } : {}) }));
    }
  }
  bodies[bodies.length - 1]!.nextThoughtNeeded = false;
  return bodies;
}

/**
 * A long session as a team lead meets one: `size` thoughts on a main line, `branches` branches of 20-60 thoughts
 * forking along it (the last few finish, the rest are left asking for more), ~`revisions` revisions, a few flagged
 * thoughts (a revision of a thought that does not exist) and a few loops (a thought said twice in a row).
 */
export function longSession(
  sessionKey: string,
  { size = 2_000, branches = 7, revisions = 44, seed = 11 } = {},
): ThoughtBody[] {
  const rand = rng(seed);
  const bodies: ThoughtBody[] = [];
  let main = 0;
  const forkEvery = Math.floor((size - branches * 40) / (branches + 1));
  const reviseEvery = Math.max(2, Math.floor(size / (revisions + 1)));
  let made = 0;
  const push = (b: Omit<ThoughtBody, "sessionId" | "totalThoughts" | "nextThoughtNeeded">, more = true) =>
    bodies.push({ sessionId: sessionKey, totalThoughts: size, nextThoughtNeeded: more, ...b });
  while (bodies.length < size) {
    main++;
    const i = bodies.length;
    if (i > 0 && i % reviseEvery === 0 && main > 2) {
      push({
        thought: richText(rand, main, "main, revised"),
        thoughtNumber: main,
        isRevision: true,
        revisesThought: main - 2,
      });
    } else if (i > 0 && i % 331 === 0) {
      // A flagged thought: it revises a thought number that does not exist yet.
      push({ thought: richText(rand, main, "main"), thoughtNumber: main, isRevision: true, revisesThought: main + 50 });
    } else if (i > 0 && i % 409 === 0) {
      const text = richText(rand, main, "main");
      push({ thought: text, thoughtNumber: main });
      main++;
      push({ thought: text, thoughtNumber: main });
    } else push({ thought: richText(rand, main, "main"), thoughtNumber: main });
    if (made < branches && main % forkEvery === 0) {
      made++;
      const key = `b${made}`;
      const length = 20 + Math.floor(rand() * 40);
      for (let k = 1; k <= length && bodies.length < size; k++) {
        push(
          {
            thought: richText(rand, main + k, key),
            thoughtNumber: main + k,
            branchId: key,
            ...(k === 1 ? { branchFromThought: main } : {}),
          },
          !(k === length && made > branches - 2),
        );
      }
    }
  }
  bodies.length = size;
  bodies[size - 1]!.nextThoughtNeeded = false;
  return bodies;
}
