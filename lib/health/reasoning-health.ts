// Reasoning health of one session, folded over its thoughts in arrival order: each thought costs O(its words) and
// O(1) in the session's size, so the figures can be kept current as thoughts arrive and recomputed from an export.
// Pure: the server stores or recomputes the summary; the dashboard and GET /api/v1/sessions/{id} show it.
import type { ThoughtView } from "../contracts/session";
import { jaccard, shingles } from "../thoughtmcp/text";

/** The fields of a thought the fold reads (ThoughtView has them all). */
export type HealthThought = Pick<
  ThoughtView,
  | "thoughtNumber"
  | "totalThoughts"
  | "text"
  | "isRevision"
  | "revisesThought"
  | "branchId"
  | "branchFromThought"
  | "flags"
  | "nextThoughtNeeded"
> & { createdAt: string | number | Date };

export interface HealthOptions {
  /** A gap between consecutive thoughts longer than this is a stall (default 10 min: agents write a thought in
   *  seconds to a couple of minutes; ten minutes means waiting on a person or a stuck tool). */
  stallMs?: number;
  /** Word-bigram Jaccard at or above which two consecutive thoughts are a loop (default 0.8: a restatement with a few
   *  words changed still scores above 0.8 on a 20-word thought; distinct steps on one topic score below 0.3). */
  loopSimilarity?: number;
}

export interface ReasoningHealth {
  thoughts: number;
  revisions: number;
  /** revisions / thoughts (0 for an empty session). */
  revisionRate: number;
  branchCount: number;
  /** Deepest branch nesting: a branch from the main line is 1, a branch from a thought on that branch is 2. */
  maxBranchDepth: number;
  /** Most thoughts on one branch. */
  longestBranch: number;
  /** Branches whose last thought asked for more (nextThoughtNeeded) but the session moved on and never came back. */
  abandonedBranches: number;
  /** Share of thoughts on the main line that are not revisions: 1 is a straight line of reasoning. */
  linearity: number;
  stalls: number;
  longestGapMs: number;
  /** Consecutive near-duplicate thoughts, as pairs of 0-based arrival positions. */
  loops: number;
  loopPairs: [number, number][];
  totalThoughts: { first: number | null; last: number | null; drift: number; changes: number };
  /** Flags on thoughts that no later revision addressed. */
  unresolvedFlags: number;
}

export interface HealthMarks {
  loopAt: number[];
  stallAt: number[];
  abandonedBranches: string[];
}

const DEFAULTS = { stallMs: 10 * 60_000, loopSimilarity: 0.8 };
/** The summary lists at most this many loop pairs; `loops` keeps the full count. */
const MAX_LOOP_PAIRS = 20;

interface BranchState {
  depth: number;
  thoughts: number;
  lastIndex: number;
  lastNeedsMore: boolean;
}

export class HealthAccumulator {
  private readonly stallMs: number;
  private readonly loopSimilarity: number;
  private count = 0;
  private revisions = 0;
  private mainLineRevisions = 0;
  private branchThoughts = 0;
  private readonly branches = new Map<string, BranchState>();
  /** thoughtNumber → branch of the latest thought with that number (null: main line), to nest branches. */
  private readonly branchOfNumber = new Map<number, string | null>();
  /** thoughtNumber → flags not yet addressed by a revision of that number. */
  private readonly pendingFlags = new Map<number, number>();
  private unresolved = 0;
  private lastMs: number | null = null;
  private stalls = 0;
  private longestGapMs = 0;
  private previousShingles: Set<string> | null = null;
  private loops = 0;
  private readonly loopPairs: [number, number][] = [];
  /** Every loop's later thought and every thought after a stall, as arrival positions (marks() lists them). */
  private readonly loopAt: number[] = [];
  private readonly stallAt: number[] = [];
  private firstTotal: number | null = null;
  private lastTotal: number | null = null;
  private totalChanges = 0;

  constructor(options: HealthOptions = {}) {
    this.stallMs = options.stallMs ?? DEFAULTS.stallMs;
    this.loopSimilarity = options.loopSimilarity ?? DEFAULTS.loopSimilarity;
  }

  add(t: HealthThought): this {
    const index = this.count++;
    if (t.isRevision === true) {
      this.revisions++;
      if (!t.branchId) this.mainLineRevisions++;
    }

    if (t.branchId) {
      this.branchThoughts++;
      let branch = this.branches.get(t.branchId);
      if (!branch) {
        const forkBranch = t.branchFromThought != null ? this.branchOfNumber.get(t.branchFromThought) : null;
        const parentDepth = forkBranch ? (this.branches.get(forkBranch)?.depth ?? 0) : 0;
        branch = { depth: parentDepth + 1, thoughts: 0, lastIndex: index, lastNeedsMore: true };
        this.branches.set(t.branchId, branch);
      }
      branch.thoughts++;
      branch.lastIndex = index;
      branch.lastNeedsMore = t.nextThoughtNeeded;
    }
    this.branchOfNumber.set(t.thoughtNumber, t.branchId ?? null);

    if (t.isRevision === true && t.revisesThought != null) {
      const pending = this.pendingFlags.get(t.revisesThought) ?? 0;
      this.unresolved -= pending;
      this.pendingFlags.delete(t.revisesThought);
    }
    if (t.flags.length > 0) {
      this.pendingFlags.set(t.thoughtNumber, (this.pendingFlags.get(t.thoughtNumber) ?? 0) + t.flags.length);
      this.unresolved += t.flags.length;
    }

    const ms = new Date(t.createdAt).getTime();
    if (this.lastMs !== null) {
      const gap = ms - this.lastMs;
      if (gap > this.longestGapMs) this.longestGapMs = gap;
      if (gap > this.stallMs) {
        this.stalls++;
        this.stallAt.push(index);
      }
    }
    this.lastMs = ms;

    const current = shingles(t.text);
    if (this.previousShingles && jaccard(this.previousShingles, current) >= this.loopSimilarity) {
      this.loops++;
      this.loopAt.push(index);
      if (this.loopPairs.length < MAX_LOOP_PAIRS) this.loopPairs.push([index - 1, index]);
    }
    this.previousShingles = current;

    if (this.firstTotal === null) this.firstTotal = t.totalThoughts;
    else if (t.totalThoughts !== this.lastTotal) this.totalChanges++;
    this.lastTotal = t.totalThoughts;
    return this;
  }

  /** Where the problems are, for a picture of the session: the arrival positions of each loop's later thought and
   *  of each thought after a stall, and the abandoned branches' ids. O(problems + branches). */
  marks(): HealthMarks {
    const abandoned: string[] = [];
    for (const [id, b] of this.branches) if (b.lastNeedsMore && b.lastIndex < this.count - 1) abandoned.push(id);
    return { loopAt: [...this.loopAt], stallAt: [...this.stallAt], abandonedBranches: abandoned };
  }

  /** The figures so far; O(branches). */
  summary(): ReasoningHealth {
    let maxBranchDepth = 0;
    let longestBranch = 0;
    let abandoned = 0;
    for (const b of this.branches.values()) {
      maxBranchDepth = Math.max(maxBranchDepth, b.depth);
      longestBranch = Math.max(longestBranch, b.thoughts);
      if (b.lastNeedsMore && b.lastIndex < this.count - 1) abandoned++;
    }
    const mainLineSteps = this.count - this.branchThoughts - this.mainLineRevisions;
    return {
      thoughts: this.count,
      revisions: this.revisions,
      revisionRate: this.count ? round3(this.revisions / this.count) : 0,
      branchCount: this.branches.size,
      maxBranchDepth,
      longestBranch,
      abandonedBranches: abandoned,
      linearity: this.count ? round3(mainLineSteps / this.count) : 1,
      stalls: this.stalls,
      longestGapMs: this.longestGapMs,
      loops: this.loops,
      loopPairs: [...this.loopPairs],
      totalThoughts: {
        first: this.firstTotal,
        last: this.lastTotal,
        drift: this.firstTotal === null || this.lastTotal === null ? 0 : this.lastTotal - this.firstTotal,
        changes: this.totalChanges,
      },
      unresolvedFlags: this.unresolved,
    };
  }
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** The health of a whole session from its thoughts in arrival order. */
export function sessionHealth(thoughts: Iterable<HealthThought>, options?: HealthOptions): ReasoningHealth {
  const acc = new HealthAccumulator(options);
  for (const t of thoughts) acc.add(t);
  return acc.summary();
}
