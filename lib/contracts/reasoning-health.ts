// Read shapes of a session's reasoning health (lib/health/reasoning-health.ts, folded over its thoughts) and of the
// metacognitive results stored on its thoughts (ThoughtMCP's assess_confidence, detect_bias, detect_emotion and
// evaluate called with a thoughtId). GET /api/v1/sessions/{id}, the JSON export and the dashboard carry both.
import { z } from "zod";

import type { ReasoningHealth } from "../health/reasoning-health";

const count = z.number().int().nonnegative();
const share = z.number().min(0).max(1);

export const ZReasoningHealth = z.object({
  thoughts: count,
  revisions: count,
  /** revisions / thoughts (0 for an empty session). */
  revisionRate: share,
  branchCount: count,
  /** A branch from the main line is depth 1, a branch from a thought on that branch depth 2. */
  maxBranchDepth: count,
  longestBranch: count,
  /** Branches whose last thought asked for more, left while the session went on. */
  abandonedBranches: count,
  /** Share of thoughts on the main line that are not revisions: 1 is a straight line of reasoning. */
  linearity: share,
  /** Gaps between consecutive thoughts longer than 10 minutes. */
  stalls: count,
  longestGapMs: count,
  /** Consecutive near-duplicate thoughts (word-bigram Jaccard ≥ 0.8); loopPairs lists up to 20 as arrival positions. */
  loops: count,
  loopPairs: z.array(z.tuple([count, count])),
  /** The agent's estimate of the total: first and last sent, last − first, and how often it changed. */
  totalThoughts: z.object({
    first: z.number().int().nullable(),
    last: z.number().int().nullable(),
    drift: z.number().int(),
    changes: count,
  }),
  /** Flags on thoughts that no later revision addressed. */
  unresolvedFlags: count,
});
// The schema and the fold's type must describe the same object: a field added to one fails to compile until added
// to the other.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShape: Same<z.infer<typeof ZReasoningHealth>, ReasoningHealth> = true;
void sameShape;

export const ASSESSMENT_KINDS = ["confidence", "bias", "emotion", "evaluation"] as const;
export type AssessmentKind = (typeof ASSESSMENT_KINDS)[number];

/** A metacognitive tool's latest result on one thought: the tool's `data` as answered, and the methods behind it. */
export const ZAssessmentView = z.object({
  thoughtId: z.string(),
  kind: z.enum(ASSESSMENT_KINDS),
  result: z.unknown(),
  componentsUsed: z.array(z.string()),
  updatedAt: z.string(),
});
export type AssessmentView = z.infer<typeof ZAssessmentView>;
