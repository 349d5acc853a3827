// Inconsistent but harmless input is accepted and flagged: reviewing agents' mistakes is the point,
// so each flag carries a sentence the dashboard shows as-is.
export const FLAG_DESCRIPTIONS = {
  total_raised: "The thought number was above the stated total, so the total was raised to match.",
  revises_unknown_thought: "It says it revises a thought number that this session never recorded.",
  revises_later_thought: "It revises a thought number equal to or after its own, which has not happened yet.",
  revision_without_target: "It is marked as a revision but does not say which thought it revises.",
  target_without_revision: "It names a thought it revises but is not marked as a revision (isRevision).",
  branch_without_origin: "It names a branch that was never started and gives no thought to branch from.",
  origin_without_branch: "It gives a thought to branch from but no branch id, so no branch was made.",
  branch_from_unknown_thought: "It branches from a thought number that this session never recorded.",
  branch_from_later_thought: "It branches from a thought number equal to or after its own.",
  branch_origin_changed: "It continues a branch but names a different fork thought than the branch started from.",
} as const;

export type ThoughtFlag = keyof typeof FLAG_DESCRIPTIONS;

export function describeFlag(flag: string): string {
  return (FLAG_DESCRIPTIONS as Record<string, string>)[flag] ?? flag;
}
