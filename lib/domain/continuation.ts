// The continuation contract (seed 002): tells an agent loop, in one place, whether to call again and with what.
import type { StopReason, ThoughtResult } from "../contracts/thought";

export interface ContinuationInput {
  sessionId: string;
  thoughtNumber: number;
  totalThoughts: number;
  nextThoughtNeeded: boolean;
  needsMoreThoughts?: boolean;
  branchId?: string;
  branchFromThought?: number;
}

export type Continuation = Pick<
  ThoughtResult,
  "should_continue" | "next_thought_number" | "stop_reason" | "next_call_arguments"
>;

export function continuation(t: ContinuationInput): Continuation {
  const shouldContinue = t.needsMoreThoughts === true || t.nextThoughtNeeded || t.thoughtNumber < t.totalThoughts;
  if (!shouldContinue) {
    return { should_continue: false, next_thought_number: null, stop_reason: "thought_sequence_complete" };
  }
  const next = t.thoughtNumber + 1;
  const stop_reason: StopReason = t.needsMoreThoughts === true ? "needs_more_thoughts" : "next_thought_required";
  return {
    should_continue: true,
    next_thought_number: next,
    stop_reason,
    next_call_arguments: {
      sessionId: t.sessionId,
      thoughtNumber: next,
      totalThoughts: Math.max(t.totalThoughts, next),
      nextThoughtNeeded: true,
      ...(t.branchId !== undefined ? { branchId: t.branchId } : {}),
      ...(t.branchId !== undefined && t.branchFromThought !== undefined
        ? { branchFromThought: t.branchFromThought }
        : {}),
    },
  };
}

/** Reminders of each core parameter's meaning; returned only on request or with an error (it costs tokens). */
export const PARAMETER_USAGE: Record<string, string> = {
  thought: "One concrete reasoning step in natural language.",
  thoughtNumber: "1-based index of this step; increment by one for each new step.",
  totalThoughts: "Your current estimate of the steps needed; raise it when you need more.",
  nextThoughtNeeded: "true while another step follows; false on the final step.",
  isRevision: "true only when this step revises an earlier one (then set revisesThought).",
  revisesThought: "The number of the thought being revised.",
  branchFromThought: "With branchId: the thought number an alternative branch starts from.",
  branchId: "With branchFromThought: a name for the alternative branch; reuse it to continue that branch.",
  needsMoreThoughts: "true when you must go beyond totalThoughts.",
  sessionId: "Optional: keeps thoughts in one session; returned in every answer.",
};
