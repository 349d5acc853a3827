// A fixture session for the judge prompt tests (golden prompts): a main chain with a revised thought (a kept earlier
// version, and a later thought revising it), a branch, a tool call with its result and an answer. Test-only data, in
// lib/ beside the code it exercises so the unit project reads it without a database.
import type { ContextRubric, ContextSession, ContextThought } from "./prompt-context";

const thought = (
  t: Partial<ContextThought> & Pick<ContextThought, "id" | "seq" | "thoughtNumber" | "text">,
): ContextThought => ({
  nextThoughtNeeded: true,
  isRevision: null,
  revisesThought: null,
  revisesThoughtId: null,
  branchId: null,
  branchFromThought: null,
  branchFromThoughtId: null,
  kind: null,
  detail: null,
  ...t,
});

export const FIXTURE_THOUGHTS: ContextThought[] = [
  thought({ id: "t1", seq: 1, thoughtNumber: 1, text: "Understand the question: what is 17 × 24?" }),
  thought({ id: "t2", seq: 2, thoughtNumber: 2, text: "Split it: 17 × 24 = 17 × 20 + 17 × 4." }),
  thought({ id: "t3", seq: 3, thoughtNumber: 3, text: "17 × 20 = 340 and 17 × 4 = 68, so 340 + 68 = 408." }),
  thought({
    id: "t4",
    seq: 4,
    thoughtNumber: 3,
    text: "Try the other order: 24 × 17 = 24 × 10 + 24 × 7 = 240 + 168.",
    branchId: "other-order",
    branchFromThought: 2,
    branchFromThoughtId: "t2",
  }),
  thought({
    id: "t5",
    seq: 5,
    thoughtNumber: 4,
    text: "240 + 168 = 408: both orders agree.",
    branchId: "other-order",
    branchFromThought: 2,
    branchFromThoughtId: "t2",
  }),
  thought({
    id: "t6",
    seq: 6,
    thoughtNumber: 4,
    text: "Recheck thought 3: 408 / 24 = 17, so 408 stands.",
    isRevision: true,
    revisesThought: 3,
    revisesThoughtId: "t3",
  }),
  thought({
    id: "t7",
    seq: 7,
    thoughtNumber: 5,
    text: '**calculator**\n\n```json\n{"expression": "17*24"}\n```',
    kind: "tool_call",
    detail: { kind: "tool_call", sourceRef: "r7", toolName: "calculator", toolCallId: "call-1" },
  }),
  thought({
    id: "t8",
    seq: 8,
    thoughtNumber: 6,
    text: "408",
    kind: "tool_result",
    detail: { kind: "tool_result", sourceRef: "r8", toolName: "calculator", toolCallId: "call-1" },
  }),
  thought({
    id: "t9",
    seq: 9,
    thoughtNumber: 7,
    text: "17 × 24 = 408.",
    kind: "answer",
    nextThoughtNeeded: false,
  }),
];

export const FIXTURE_SESSION: ContextSession = {
  title: "What is 17 × 24?",
  status: "completed",
  thoughts: FIXTURE_THOUGHTS,
  versions: new Map([["t3", [{ version: 1, text: "17 × 20 = 340 and 17 × 4 = 58, so 340 + 58 = 398." }]]]),
};

export const FIXTURE_RUBRIC: ContextRubric = {
  name: "correctness",
  type: "numeric",
  min: 1,
  max: 5,
  step: 1,
  categories: null,
  description: "Is the arithmetic in this reasoning right?",
};
