// The agent tools as an MCP client sees them: names, descriptions, advertised input JSON Schemas, output schemas and
// annotations. This one definition backs the HTTP endpoint (/api/mcp), the stdio bridge (`thoughtgraph mcp`) and the
// AI SDK tools, so every door lists the same tools. Client-safe: no server code.
//
// Input validation is not done by these schemas: each door hands the raw arguments to the foundation's contracts
// (lib/contracts), which accept what the official server accepts ("3" for 3, "FALSE" for false, snake_case names)
// and name the bad field. The advertised schemas only tell a model what to send.
import type { z } from "zod";
import {
  MAX_NUMBER,
  REVISABLE_FIELDS,
  THOUGHT_FIELDS,
  type FieldKind,
  type FieldSpec,
  type RevisableField,
} from "../../../lib/contracts/fields";
import { ZThoughtResult } from "../../../lib/contracts/thought";
import { ZClearSessionResult, ZGetSessionResult, ZReviseResult, ZThinkResult } from "../../../lib/contracts/tools";

export type JsonSchemaProperty = Record<string, unknown>;

export interface ObjectJsonSchema {
  type: "object";
  properties: Record<string, JsonSchemaProperty>;
  required?: string[];
}

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: ObjectJsonSchema;
  outputSchema: z.ZodType;
  annotations: ToolAnnotations;
  /** Whether the tool records or changes anything (an API key with read scope may call only the others). */
  writes: boolean;
}

// One JSON type per field, the canonical one, with its bounds. The official server advertises its booleans as
// ["boolean", "string"], but model providers take one type per field: Google Gemini refuses a type union, and the AI
// SDK's Google provider rewrites it and drops every minimum/maximum on the way. The doors still accept "true", "3"
// and snake_case names (lib/contracts/parse.ts); test/mcp/conformance.test.ts checks no advertised type is an array.
const boolean = (description: string): JsonSchemaProperty => ({ type: "boolean", description });
const positiveInteger = (description: string): JsonSchemaProperty => ({
  type: "integer",
  minimum: 1,
  maximum: MAX_NUMBER,
  description,
});
const text = (description: string): JsonSchemaProperty => ({ type: "string", description });
const tags = (description: string): JsonSchemaProperty => ({ type: "array", items: { type: "string" }, description });
const score = (description: string): JsonSchemaProperty => ({ type: "number", minimum: 0, maximum: 1, description });

/** Each kind of thought field (lib/contracts/fields.ts) as advertised to a model. */
const KIND_JSON: Record<FieldKind, (description: string) => JsonSchemaProperty> = {
  thought: text,
  positiveInt: positiveInteger,
  bool: boolean,
  shortText: text,
  tags,
  score,
  metadata: (description) => ({ type: "object", description }),
  detail: (description) => ({ type: "object", description }),
};

/** The advertised input schema of a field registry: its advertised fields in its order, and the required ones. */
export function thoughtInputJsonSchema(fields: Readonly<Record<string, FieldSpec>>): ObjectJsonSchema {
  const advertised = Object.entries(fields).filter(([, spec]) => spec.advertised !== false);
  return {
    type: "object",
    properties: Object.fromEntries(advertised.map(([name, spec]) => [name, KIND_JSON[spec.kind](spec.description)])),
    required: advertised.filter(([, spec]) => spec.required).map(([name]) => name),
  };
}

/** revise_thought's changeable fields (REVISABLE_FIELDS) under their snake_case names, with seed 000's descriptions. */
function revisableJsonSchema(): Record<string, JsonSchemaProperty> {
  return Object.fromEntries(
    Object.entries(REVISABLE_FIELDS).map(([field, description]) => {
      const spec = THOUGHT_FIELDS[field as RevisableField];
      return [spec.alias, KIND_JSON[spec.kind](description)];
    }),
  );
}

const SESSION_ID = text(THOUGHT_FIELDS.sessionId.description);

// ---- sequentialthinking ----

export const SEQUENTIAL_THINKING: ToolDefinition = {
  name: "sequentialthinking",
  title: "Sequential Thinking",
  description: `Work through a problem one numbered thought at a time. Each call records one step of your reasoning; \
steps can be revised, branched into alternatives and extended past the first estimate, and everything is kept for \
people to review later.

Use it for problems that need several steps or a plan, whose scope is unclear at first, where you may have to correct \
course, or where you want to compare approaches. Skip it for questions you can answer in one step.

How to call it:
- thought: this step, concretely: an analysis, a hypothesis, a check of a hypothesis, a correction, a decision.
- thoughtNumber: 1 for the first step, then one more on each call. You may go past totalThoughts.
- totalThoughts: how many steps you now expect; raise or lower it whenever your estimate changes.
- nextThoughtNeeded: true while another step should follow; false only on the last step, once you have an answer you \
are satisfied with.
- isRevision with revisesThought: this step reconsiders an earlier one (give that step's number).
- branchFromThought with branchId: this step explores an alternative starting after an earlier step; give both, and \
reuse the same branchId to continue that branch.
- needsMoreThoughts: true when you reached the planned end but see that more steps are needed.
- sessionId: pass back the sessionId of the previous answer to keep the sequence together.

What comes back: thoughtNumber, totalThoughts (raised to thoughtNumber if that was larger), nextThoughtNeeded, \
branches (the branch ids so far) and thoughtHistoryLength (steps recorded in this session), then sessionId, thoughtId \
(for revise_thought) and the continuation fields: should_continue tells whether to call again, next_thought_number \
which number to use, stop_reason why (next_thought_required, needs_more_thoughts or thought_sequence_complete), and \
next_call_arguments the numbers for the next call. flags lists inconsistencies that were accepted but noted, such as \
revising a step that was never recorded.

Numbers and booleans may also be sent as strings ("3", "true"), and snake_case names (thought_number) work too. \
A malformed argument is answered with an error that names the field and says how to fix it.`,
  inputSchema: thoughtInputJsonSchema(THOUGHT_FIELDS),
  outputSchema: ZThoughtResult,
  // It records the thought: not read-only, and a repeat records a second thought (not idempotent). Nothing is deleted
  // or overwritten, and it reaches nothing beyond the thoughtgraph server.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  writes: true,
};

// ---- think ----

export const THINK: ToolDefinition = {
  name: "think",
  title: "Think",
  description: `Stop and think without acting: append one thought to your session's log. It fetches no information and \
changes nothing except that log. Use it between steps of a task to check the rules that apply, plan what to do next, \
list what you still need to find out, or verify a result before you answer. Be specific and detailed.

Arguments: thought (required); sessionId (optional: pass back the session_id of an earlier answer to keep one log; \
otherwise your most recent active session continues, or a new one starts).

What comes back: status ("success"), step (this thought's position in the session, counted from 1; it keeps \
counting when old thoughts leave the window), thought (echoed), context_size (thoughts in the session's rolling \
window, at most 100), session_id, and thought_id (for revise_thought).`,
  inputSchema: {
    type: "object",
    properties: {
      thought: text("A thought to think about. Be specific and detailed in your reasoning."),
      sessionId: SESSION_ID,
    },
    required: ["thought"],
  },
  outputSchema: ZThinkResult,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  writes: true,
};

// ---- revise_thought (seed 000's snake_case arguments) ----

export const REVISE_THOUGHT: ToolDefinition = {
  name: "revise_thought",
  title: "Revise a thought",
  description: `Edit a thought you recorded earlier: correct its text, its numbers, its stage or tags, its self-score \
(0 to 1), or its revision and branch fields. The earlier version is kept (reviewers see what changed), and the answer \
is the thought's new state with the list of changed fields.

Use it to fix a mistake in place. To reconsider earlier reasoning as a new step of the sequence, call \
sequentialthinking with isRevision and revisesThought instead.

Name the thought with thought_id, its number within the session as an integer (as in the original tool; give \
session_id, or it looks in your most recent active session), or with thoughtId, the id string from an earlier answer. \
A number names a sequentialthinking thought first, a think note only when none has that number; a number naming \
several (e.g. on branches) is an error listing their ids, so send the one you mean as thoughtId. Send only the fields \
you want to change. An unknown thought is an error.`,
  inputSchema: {
    type: "object",
    properties: {
      thought_id: positiveInteger(
        "The thought's number within the session, e.g. 3 (one of thought_id and thoughtId is required).",
      ),
      thoughtId: text("The thought's id: the thoughtId of an earlier answer (instead of thought_id)."),
      session_id: text("Optional. The session the thought number refers to (only needed with a thought number)."),
      ...revisableJsonSchema(),
    },
  },
  outputSchema: ZReviseResult,
  // It edits a stored thought, but the previous version is kept, so nothing is lost (not destructive).
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  writes: true,
};

// ---- get_thinking_session / clear_thinking_session ----

export const GET_THINKING_SESSION: ToolDefinition = {
  name: "get_thinking_session",
  title: "Read a thinking session",
  description: `Read back a thinking session: its thoughts in order (format "history", the default: id, numbers, text, \
branch, revision and flags of each) or one readable block of text (format "context": "Step N (time): …" per \
thought). limit keeps the last N thoughts (default 100, at most 1000). Without sessionId it reads your most recent \
active session. Use it to pick up your reasoning again after your context was trimmed, or before continuing a long \
sequence. Read-only.`,
  inputSchema: {
    type: "object",
    properties: {
      sessionId: text("Optional. The session to read (its id or your own key); default: your most recent one."),
      format: {
        type: "string",
        enum: ["history", "context"],
        description: '"history" (structured list, default) or "context" (formatted text).',
      },
      limit: { type: "integer", minimum: 1, maximum: 1000, description: "Return the last N thoughts (default 100)." },
    },
  },
  outputSchema: ZGetSessionResult,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  writes: false,
};

export const CLEAR_THINKING_SESSION: ToolDefinition = {
  name: "clear_thinking_session",
  title: "Clear a thinking session",
  description: `Close a thinking session and start afresh. The session is marked "cleared" (nothing is deleted: people \
reviewing can still read it) and your next thought starts a new session, even if you reuse the same sessionId key. \
Without sessionId it clears your most recent active session. Use it when you abandon a line of reasoning and want \
the next sequence to start clean.`,
  inputSchema: {
    type: "object",
    properties: {
      sessionId: text("Optional. The session to clear (its id or your own key); default: your most recent one."),
    },
  },
  outputSchema: ZClearSessionResult,
  // It changes the session's status but deletes nothing; a second call changes nothing more but is still a write.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  writes: true,
};

/** Every tool, in the order clients list them. New tools (e.g. seed 003's memory tools) are added here. */
export const TOOL_DEFINITIONS = [
  SEQUENTIAL_THINKING,
  THINK,
  REVISE_THOUGHT,
  GET_THINKING_SESSION,
  CLEAR_THINKING_SESSION,
] as const;

/** What the MCP server tells a client about itself (`instructions` in the initialize answer). */
export const SERVER_INSTRUCTIONS =
  "thoughtgraph records your reasoning so people can review it. Use sequentialthinking to work through a problem " +
  "in numbered steps (pass back the sessionId it returns), think for a quick note to yourself, revise_thought to " +
  "correct a recorded thought, get_thinking_session to read a session back, and clear_thinking_session to start afresh.";
