// The official `sequentialthinking` server's behaviour cases and the coercion table (docs/agents.md),
// as plain data: each case is a fresh session and a list of calls, with the official fields its last answer carries.

export type Args = Record<string, unknown>;

export const t = (n: number, total: number, next = true, extra: Args = {}): Args => ({
  thought: `thought ${n} of ${total}${typeof extra.branchId === "string" ? ` on ${extra.branchId}` : ""}`,
  thoughtNumber: n,
  totalThoughts: total,
  nextThoughtNeeded: next,
  ...extra,
});

export interface BehaviourCase {
  name: string;
  calls: Args[];
  /** The official five fields of the last answer. */
  last: {
    thoughtNumber: number;
    totalThoughts: number;
    nextThoughtNeeded: boolean;
    branches: string[];
    thoughtHistoryLength: number;
  };
}

export const BEHAVIOUR_CASES: BehaviourCase[] = [
  {
    name: "a basic thought",
    calls: [t(1, 3)],
    last: { thoughtNumber: 1, totalThoughts: 3, nextThoughtNeeded: true, branches: [], thoughtHistoryLength: 1 },
  },
  {
    name: "a revision of a thought never recorded (length 1)",
    calls: [t(2, 3, true, { isRevision: true, revisesThought: 1 })],
    last: { thoughtNumber: 2, totalThoughts: 3, nextThoughtNeeded: true, branches: [], thoughtHistoryLength: 1 },
  },
  {
    name: "three thoughts (length 3)",
    calls: [t(1, 3), t(2, 3), t(3, 3, false)],
    last: { thoughtNumber: 3, totalThoughts: 3, nextThoughtNeeded: false, branches: [], thoughtHistoryLength: 3 },
  },
  {
    name: "thought 5 of 3 raises the total to 5",
    calls: [t(5, 3)],
    last: { thoughtNumber: 5, totalThoughts: 5, nextThoughtNeeded: true, branches: [], thoughtHistoryLength: 1 },
  },
  {
    name: "two branches from thought 1 (both listed, length 3)",
    calls: [
      t(1, 3),
      t(2, 3, true, { branchFromThought: 1, branchId: "a" }),
      t(2, 3, true, { branchFromThought: 1, branchId: "b" }),
    ],
    last: {
      thoughtNumber: 2,
      totalThoughts: 3,
      nextThoughtNeeded: true,
      branches: ["a", "b"],
      thoughtHistoryLength: 3,
    },
  },
  {
    name: "two thoughts on one branch (listed once)",
    calls: [
      t(1, 3),
      t(2, 3, true, { branchFromThought: 1, branchId: "a" }),
      t(3, 3, true, { branchFromThought: 1, branchId: "a" }),
    ],
    last: { thoughtNumber: 3, totalThoughts: 3, nextThoughtNeeded: true, branches: ["a"], thoughtHistoryLength: 3 },
  },
  {
    name: "a 10,000-character thought",
    calls: [{ ...t(1, 1, false), thought: "x".repeat(10_000) }],
    last: { thoughtNumber: 1, totalThoughts: 1, nextThoughtNeeded: false, branches: [], thoughtHistoryLength: 1 },
  },
  {
    name: "1 of 1",
    calls: [t(1, 1, false)],
    last: { thoughtNumber: 1, totalThoughts: 1, nextThoughtNeeded: false, branches: [], thoughtHistoryLength: 1 },
  },
];

/** Accepted spellings: the arguments (patched onto thought 1 of 2) and the official fields they must produce. */
export const COERCIONS_ACCEPTED: { name: string; patch: Args; expect: Args }[] = [
  { name: '"2" → 2', patch: { thoughtNumber: "2" }, expect: { thoughtNumber: 2 } },
  { name: '" 7 " → 7 (totalThoughts)', patch: { totalThoughts: " 7 " }, expect: { totalThoughts: 7 } },
  { name: '"FALSE" → false', patch: { nextThoughtNeeded: "FALSE" }, expect: { nextThoughtNeeded: false } },
  { name: '"false" stays false', patch: { nextThoughtNeeded: "false" }, expect: { nextThoughtNeeded: false } },
  { name: '"True" → true', patch: { nextThoughtNeeded: "True" }, expect: { nextThoughtNeeded: true } },
  {
    name: '"true" / "1" for a revision',
    patch: { thoughtNumber: "2", isRevision: "true", revisesThought: "1" },
    expect: { thoughtNumber: 2, thoughtHistoryLength: 1 },
  },
];

/** Rejected values: each must come back as a tool error naming the field. */
export const COERCIONS_REJECTED: { name: string; patch: Args; field: string }[] = [
  { name: '"abc"', patch: { thoughtNumber: "abc" }, field: "thoughtNumber" },
  { name: "0", patch: { thoughtNumber: 0 }, field: "thoughtNumber" },
  { name: "1.5", patch: { thoughtNumber: 1.5 }, field: "thoughtNumber" },
  { name: "missing thought", patch: { thought: undefined }, field: "thought" },
  { name: '"yes" for a boolean', patch: { nextThoughtNeeded: "yes" }, field: "nextThoughtNeeded" },
];

export const coercionBase = (): Args => t(1, 2);

export function patched(patch: Args): Args {
  const out: Args = { ...coercionBase(), ...patch };
  for (const [k, v] of Object.entries(out)) if (v === undefined) delete out[k];
  return out;
}

/** One session mixing everything, for the side-by-side comparison with the official server. */
export const MIXED_SEQUENCE: Args[] = [
  t(1, 5),
  t(2, 5),
  t(3, 5, true, { isRevision: true, revisesThought: 2 }),
  t(4, 5, true, { branchFromThought: 2, branchId: "alt" }),
  t(5, 5, true, { branchFromThought: 2, branchId: "alt" }),
  t(6, 5, true, { branchFromThought: 3, branchId: "second" }),
  {
    thought: "thought 7, more needed",
    thoughtNumber: "7",
    totalThoughts: 5,
    nextThoughtNeeded: "true",
    needsMoreThoughts: "TRUE",
  },
  t(8, 8, false),
];
