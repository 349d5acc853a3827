// The fields of a thought's input, declared once: name, snake_case alias, kind, whether required, and what a model is
// told about it. Everything that handles a thought's input is built from this list, so a new field is one entry here:
//   - the zod schema ZThoughtInput (./thought.ts, thoughtInputSchema): REST, MCP, the SDK and the browser parse with it
//   - the fast-path checker (./thought-fast.ts, fastThoughtChecker): the ingest path's zod-free check
//   - the MCP input schema (sdk/src/mcp/definitions.ts, thoughtInputJsonSchema): what /api/mcp and the stdio bridge
//     advertise
//   - the writer thread's column codec (server/ingest/columns.ts): how a batch crosses to the write thread
// The order is the schema's order, which zod writes its output in and which reaches stored JSON: append new fields.
// server/ingest/thought-fields.test.ts adds a fixture field to a copy of this list and checks each of the four
// carries it. A kind is a value type with its bounds; a new kind needs one case in each of the four builders (the
// compiler lists the missing ones: each keeps a Record<FieldKind, …>).

/** Thought numbers (thoughtNumber, totalThoughts, revisesThought, branchFromThought) are capped here. */
export const MAX_NUMBER = 1_000_000;
/** Characters of a short text field (branchId, sessionId, stage, metadata.agent/model/client). */
export const SHORT_TEXT = 200;
/** Characters of one tag. */
export const TAG_TEXT = 100;
/** Tags on one thought. */
export const MAX_TAGS = 50;

export type FieldKind =
  /** The reasoning step: a string that is not blank (its length limit is configurable, lib/limits.ts). */
  | "thought"
  /** A whole number from 1 to MAX_NUMBER; also "3". */
  | "positiveInt"
  /** true or false; also "true"/"FALSE". */
  | "bool"
  /** Trimmed text of 1 to SHORT_TEXT characters. */
  | "shortText"
  /** Up to MAX_TAGS short texts of up to TAG_TEXT characters. */
  | "tags"
  /** A number from 0 to 1; also "0.5". */
  | "score"
  /** A flat object: agent, model and client as short texts, any other keys. */
  | "metadata"
  /** What a thought from a transcript or trace carries beside its text (./thought-detail.ts). */
  | "detail";

export interface FieldSpec {
  /** The snake_case spelling the official tool's clients send (parseArguments maps any snake_case key). */
  alias: string;
  kind: FieldKind;
  required: boolean;
  /** What a model is told (the MCP input schema). */
  description: string;
  /** positiveInt: what the number means, for the error message. */
  what?: string;
  /** False: accepted everywhere but not advertised to models (it costs tokens in every tool listing). */
  advertised?: false;
  /** Most requests of a batch share the value: the writer thread sends each distinct value once. */
  shared?: true;
}

export type FieldRegistry = Readonly<Record<string, FieldSpec>>;

export const THOUGHT_FIELDS = {
  thought: {
    alias: "thought",
    kind: "thought",
    required: true,
    description: "Your current thinking step: one concrete piece of reasoning.",
  },
  thoughtNumber: {
    alias: "thought_number",
    kind: "positiveInt",
    required: true,
    what: "this step's position, starting at 1",
    description: "This step's number in the sequence: 1, 2, 3, … (may exceed totalThoughts).",
  },
  totalThoughts: {
    alias: "total_thoughts",
    kind: "positiveInt",
    required: true,
    what: "your current estimate of the steps needed",
    description: "Your current estimate of the steps needed, e.g. 5; adjust it as you go.",
  },
  nextThoughtNeeded: {
    alias: "next_thought_needed",
    kind: "bool",
    required: true,
    description: "true if another thought step should follow; false on the final step.",
  },
  isRevision: {
    alias: "is_revision",
    kind: "bool",
    required: false,
    description: "true if this step revises an earlier one (then set revisesThought).",
  },
  revisesThought: {
    alias: "revises_thought",
    kind: "positiveInt",
    required: false,
    what: "the number of the thought being revised",
    description: "The number of the thought being reconsidered.",
  },
  branchFromThought: {
    alias: "branch_from_thought",
    kind: "positiveInt",
    required: false,
    what: "the number of the thought this branch starts from",
    description: "The number of the thought this branch starts from (with branchId).",
  },
  branchId: {
    alias: "branch_id",
    kind: "shortText",
    required: false,
    description: "A name for this branch (with branchFromThought); reuse it to continue the branch.",
  },
  needsMoreThoughts: {
    alias: "needs_more_thoughts",
    kind: "bool",
    required: false,
    description: "true if you reached the planned end but need more thoughts.",
  },
  sessionId: {
    alias: "session_id",
    kind: "shortText",
    required: false,
    shared: true,
    description:
      "Optional. The sessionId from an earlier answer (or a key of your own, e.g. a task id): keeps every step of " +
      "one line of reasoning in one session. Omit it and thoughtNumber 1 starts a new session while later steps " +
      "join your most recent one.",
  },
  stage: {
    alias: "stage",
    kind: "shortText",
    required: false,
    description: "Optional label for the phase of work, e.g. 'Problem Definition', 'Analysis', 'Conclusion'.",
  },
  tags: { alias: "tags", kind: "tags", required: false, description: "Optional labels for this thought." },
  score: { alias: "score", kind: "score", required: false, description: "Optional self-assessed quality from 0 to 1." },
  metadata: {
    alias: "metadata",
    kind: "metadata",
    required: false,
    advertised: false,
    description: "Optional identifiers of the agent: agent, model, client, and any flat key of your own.",
  },
  /** Kind, source reference and model-call facts of a thought from a transcript or trace (./thought-detail.ts). */
  detail: {
    alias: "detail",
    kind: "detail",
    required: false,
    advertised: false,
    description: "Optional: the thought's kind (reasoning, tool_call, answer, …), source reference, model and tokens.",
  },
  /** Ask for `parameter_usage` in the answer (it costs tokens, so it is off by default). */
  includeParameterUsage: {
    alias: "include_parameter_usage",
    kind: "bool",
    required: false,
    advertised: false,
    description: "true to receive parameter_usage (a guide to every argument) in the answer.",
  },
} as const satisfies FieldRegistry;

export type ThoughtField = keyof typeof THOUGHT_FIELDS;

/** The fields `revise_thought` may change (seed 000), in the order it lists them, each with the description seed 000
 *  gives it. The tool names them by their snake_case alias and takes each as optional; the session, metadata and the
 *  answer options are not edited through it. Its zod schema (./tools.ts) and MCP schema (sdk/src/mcp/definitions.ts)
 *  are built from this list and THOUGHT_FIELDS, so a field's kind and bounds are the same in both tools. */
export const REVISABLE_FIELDS = {
  thought: "The new content of the thought.",
  thoughtNumber: "Current position in the sequence.",
  totalThoughts: "Expected total number of thoughts.",
  nextThoughtNeeded: "Whether another thought should follow.",
  isRevision: "Whether this thought revises a previous one.",
  revisesThought: "Number of the thought being revised.",
  branchFromThought: "Starting point of the branch this thought belongs to.",
  branchId: "Identifier of the branch this thought belongs to.",
  needsMoreThoughts: "Whether additional thoughts are needed.",
  score: "Quality score (0.0 to 1.0).",
  stage: "Current thinking stage (e.g. 'Problem Definition', 'Analysis').",
  tags: "Categories or labels for the thought.",
} as const satisfies Partial<Record<ThoughtField, string>>;

export type RevisableField = keyof typeof REVISABLE_FIELDS;
