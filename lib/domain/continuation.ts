// The continuation contract (seed 002): tells an agent loop, in one place, whether to call again and with what.
import type { StopReason, ThoughtResult } from "../contracts/thought";
import type { ThoughtFlag } from "./flags";

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

/** Whether the agent should call again after this thought. */
export function shouldContinue(t: ContinuationInput): boolean {
  return t.needsMoreThoughts === true || t.nextThoughtNeeded || t.thoughtNumber < t.totalThoughts;
}

export function continuation(t: ContinuationInput): Continuation {
  if (!shouldContinue(t)) {
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

/**
 * The facts a thought's answer is made of. The rest of ThoughtResult (thoughtHistoryLength and the continuation
 * contract) follows from them, so the ingest log keeps these and resultOf makes the answer again on a replay: an
 * event's facts are ~170 bytes of JSON where its whole answer is ~460, which the write path of a 1,000-event batch
 * spent ~1.5 ms serialising and storing.
 */
export interface ResultFacts {
  thoughtId: string;
  sessionId: string;
  seq: number;
  thoughtNumber: number;
  /** After raising (the plan's total, not necessarily the agent's). */
  totalThoughts: number;
  nextThoughtNeeded: boolean;
  /** The session's branch keys once this thought is recorded. */
  branches: string[];
  flags: ThoughtFlag[];
  needsMoreThoughts: boolean | undefined;
  branchId: string | undefined;
  branchFromThought: number | undefined;
  /** The agent asked for PARAMETER_USAGE in the answer. */
  parameterUsage: true | undefined;
}

/** The answer an agent gets for a recorded thought. */
export function resultOf(f: ResultFacts): ThoughtResult {
  const result: ThoughtResult = {
    thoughtId: f.thoughtId,
    sessionId: f.sessionId,
    seq: f.seq,
    thoughtNumber: f.thoughtNumber,
    totalThoughts: f.totalThoughts,
    nextThoughtNeeded: f.nextThoughtNeeded,
    branches: f.branches,
    thoughtHistoryLength: f.seq,
    ...continuation(f),
    flags: f.flags,
  };
  if (f.parameterUsage === true) result.parameter_usage = PARAMETER_USAGE;
  return result;
}

/** A thought's answer as its log keeps it: its facts (logs written before ResultFacts existed: the whole answer). */
export type LoggedResult = ResultFacts | ThoughtResult;

/** A logged answer as the agent got it. */
export function loggedResult(logged: LoggedResult): ThoughtResult {
  return "should_continue" in logged ? logged : resultOf(logged);
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
