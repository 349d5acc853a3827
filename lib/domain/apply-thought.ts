// The pure heart of recording a thought: numbering, total raising, branch and revision resolution and flags.
// The write path loads a SessionIndex, plans each thought against it, and records the plan back so
// the next thought in the same batch sees it. No I/O here; tested in apply-thought.test.ts.
import type { ThoughtInput } from "../contracts/thought";
import type { ResultFacts } from "./continuation";
import type { ThoughtFlag } from "./flags";

export interface BranchInfo {
  key: string;
  forkThought: number | null;
  forkThoughtId: string | null;
}

interface IndexedThought {
  id: string;
  branchId: string | null;
}

/** What a session knows about its earlier thoughts, enough to place the next one. */
export interface SessionIndex {
  sessionId: string;
  count: number;
  branches: BranchInfo[];
  /** Thoughts by number, in arrival order. Only numbers a plan may refer to need to be present. */
  byNumber: Map<number, IndexedThought[]>;
}

export function emptyIndex(sessionId: string): SessionIndex {
  return { sessionId, count: 0, branches: [], byNumber: new Map() };
}

/** Adds an already stored thought to the index (loading must go in arrival order). */
export function indexThought(index: SessionIndex, thoughtNumber: number, id: string, branchId: string | null): void {
  const list = index.byNumber.get(thoughtNumber);
  if (list) list.push({ id, branchId });
  else index.byNumber.set(thoughtNumber, [{ id, branchId }]);
}

/** The most recent thought with this number, preferring the given lanes in order, else the most recent of any. */
export function findThought(index: SessionIndex, thoughtNumber: number, lanes: (string | null)[]): string | null {
  const list = index.byNumber.get(thoughtNumber);
  if (!list || list.length === 0) return null;
  for (const lane of lanes) {
    for (let i = list.length - 1; i >= 0; i--) if (list[i]!.branchId === lane) return list[i]!.id;
  }
  return list[list.length - 1]!.id;
}

export interface ThoughtPlan {
  seq: number;
  thoughtNumber: number;
  totalThoughts: number;
  revisesThoughtId: string | null;
  branchFromThoughtId: string | null;
  newBranch: BranchInfo | null;
  flags: ThoughtFlag[];
  /** What the agent's answer is made of (resultOf in ./continuation.ts). */
  facts: ResultFacts;
}

/** Places `input` in the session as the thought `thoughtId`. */
export function planThought(index: SessionIndex, input: ThoughtInput, thoughtId: string): ThoughtPlan {
  const flags: ThoughtFlag[] = [];
  const n = input.thoughtNumber;
  let total = input.totalThoughts;
  if (n > total) {
    total = n;
    flags.push("total_raised");
  }
  const lane = input.branchId ?? null;

  let revisesThoughtId: string | null = null;
  if (input.revisesThought !== undefined) {
    revisesThoughtId = findThought(index, input.revisesThought, [lane, null]);
    if (revisesThoughtId === null) flags.push("revises_unknown_thought");
    if (input.revisesThought >= n) flags.push("revises_later_thought");
    if (input.isRevision !== true) flags.push("target_without_revision");
  } else if (input.isRevision === true) {
    flags.push("revision_without_target");
  }

  let branchFromThoughtId: string | null = null;
  let newBranch: BranchInfo | null = null;
  const existing = lane === null ? undefined : index.branches.find((b) => b.key === lane);
  if (input.branchFromThought !== undefined) {
    const fork = input.branchFromThought;
    if (lane === null) {
      flags.push("origin_without_branch");
      branchFromThoughtId = findThought(index, fork, [null]);
    } else if (existing) {
      if (existing.forkThought !== fork) flags.push("branch_origin_changed");
      branchFromThoughtId =
        existing.forkThought === fork ? existing.forkThoughtId : findThought(index, fork, [null, lane]);
    } else {
      branchFromThoughtId = findThought(index, fork, [null]);
      newBranch = { key: lane, forkThought: fork, forkThoughtId: branchFromThoughtId };
    }
    if (branchFromThoughtId === null) flags.push("branch_from_unknown_thought");
    if (fork >= n) flags.push("branch_from_later_thought");
  } else if (lane !== null && !existing) {
    flags.push("branch_without_origin");
  }

  const seq = index.count + 1;
  const branches = index.branches.map((b) => b.key);
  if (newBranch) branches.push(newBranch.key);
  return {
    seq,
    thoughtNumber: n,
    totalThoughts: total,
    revisesThoughtId,
    branchFromThoughtId,
    newBranch,
    flags,
    facts: {
      thoughtId,
      sessionId: index.sessionId,
      seq,
      thoughtNumber: n,
      totalThoughts: total,
      nextThoughtNeeded: input.nextThoughtNeeded,
      branches,
      flags,
      needsMoreThoughts: input.needsMoreThoughts,
      branchId: input.branchId,
      branchFromThought: input.branchFromThought,
      parameterUsage: input.includeParameterUsage === true ? true : undefined,
    },
  };
}

/** Records a planned thought in the index so later thoughts of the same batch can refer to it. */
export function recordPlan(index: SessionIndex, plan: ThoughtPlan): void {
  index.count = plan.seq;
  indexThought(index, plan.thoughtNumber, plan.facts.thoughtId, plan.facts.branchId ?? null);
  if (plan.newBranch) index.branches.push(plan.newBranch);
}
