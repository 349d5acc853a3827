// The contract of one thought, shared by REST, MCP, the SDK and the browser. Input is the official
// `sequentialthinking` tool's arguments (camelCase or snake_case, numbers and booleans also as strings) plus ours.
import { z } from "zod";
import { coerceBoolean, coerceInteger, coerceNumber } from "./coerce";
import { parseArguments, type ParseResult } from "./parse";
import { MAX_NUMBER, MAX_TAGS, SHORT_TEXT, TAG_TEXT, wellFormedThought } from "./thought-fast";

export type { ParseResult } from "./parse";
import { DEFAULT_LIMITS } from "../limits";

/** `null` means "not given" (clients send `branchFromThought: null` for the main path). */
const absentIfNull = (v: unknown) => (v === null ? undefined : v);

const positiveInt = (field: string, what: string) =>
  z.preprocess(
    coerceInteger,
    z
      .number({ error: `${field} must be a whole number ≥ 1 (${what}) | Send e.g. ${field}: 1, or the string "1".` })
      .int({ error: `${field} must be a whole number, not a fraction | Round it, e.g. ${field}: 2.` })
      .min(1, { error: `${field} must be ≥ 1 | Thought numbers start at 1.` })
      .max(MAX_NUMBER, { error: `${field} must be ≤ ${MAX_NUMBER} | Use a realistic number.` }),
  );

const bool = (field: string) =>
  z.preprocess(
    coerceBoolean,
    z.boolean({ error: `${field} must be true or false | Send a JSON boolean, or the string "true" or "false".` }),
  );

const shortText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be a string | Send text, e.g. ${field}: "analysis".` })
    .trim()
    .min(1, { error: `${field} must not be empty | Leave ${field} out instead of sending an empty string.` })
    .max(max, { error: `${field} must be at most ${max} characters | Shorten it.` });

const opt = <T extends z.ZodType>(schema: T) => z.preprocess(absentIfNull, schema.optional());

export const ZThoughtMetadata = z
  .object({
    agent: shortText("metadata.agent", SHORT_TEXT).optional(),
    model: shortText("metadata.model", SHORT_TEXT).optional(),
    client: shortText("metadata.client", SHORT_TEXT).optional(),
  })
  .catchall(z.unknown());

/** The canonical shape after normalisation. */
export const ZThoughtInput = z.object({
  thought: z
    .string({ error: "thought must be a string | Send the reasoning step as text in `thought`." })
    .refine((t) => t.trim().length > 0, {
      error: "thought must not be empty | Send one concrete reasoning step in `thought`.",
    }),
  thoughtNumber: positiveInt("thoughtNumber", "this step's position, starting at 1"),
  totalThoughts: positiveInt("totalThoughts", "your current estimate of the steps needed"),
  nextThoughtNeeded: bool("nextThoughtNeeded"),
  isRevision: opt(bool("isRevision")),
  revisesThought: opt(positiveInt("revisesThought", "the number of the thought being revised")),
  branchFromThought: opt(positiveInt("branchFromThought", "the number of the thought this branch starts from")),
  branchId: opt(shortText("branchId", SHORT_TEXT)),
  needsMoreThoughts: opt(bool("needsMoreThoughts")),
  sessionId: opt(shortText("sessionId", SHORT_TEXT)),
  stage: opt(shortText("stage", SHORT_TEXT)),
  tags: opt(
    z
      .array(shortText("tags[]", TAG_TEXT), {
        error: 'tags must be an array of strings | e.g. tags: ["math", "plan"].',
      })
      .max(MAX_TAGS, { error: `tags may hold at most ${MAX_TAGS} entries | Keep the most useful ones.` }),
  ),
  score: opt(
    z.preprocess(
      coerceNumber,
      z
        .number({ error: "score must be a number from 0 to 1 | e.g. score: 0.8." })
        .min(0, { error: "score must be ≥ 0 | Scores run from 0 to 1." })
        .max(1, { error: "score must be ≤ 1 | Scores run from 0 to 1." }),
    ),
  ),
  metadata: opt(ZThoughtMetadata),
  /** Ask for `parameter_usage` in the answer (it costs tokens, so it is off by default). */
  includeParameterUsage: opt(bool("includeParameterUsage")),
});
export type ThoughtInput = z.infer<typeof ZThoughtInput>;

/** Normalises and validates one thought. Never throws for bad input: the problem names the field. */
export function parseThoughtInput(
  raw: unknown,
  limits: { maxThoughtChars: number; maxMetadataBytes: number } = DEFAULT_LIMITS,
): ParseResult<ThoughtInput> {
  const fast = wellFormedThought(raw);
  const parsed: ParseResult<ThoughtInput> = fast
    ? { ok: true, value: fast }
    : parseArguments(
        ZThoughtInput,
        raw,
        'Send e.g. {"thought": "…", "thoughtNumber": 1, "totalThoughts": 3, "nextThoughtNeeded": true}.',
      );
  return parsed.ok ? withinLimits(parsed.value, limits) : parsed;
}

/** The limits a valid thought must also meet (its size and its metadata's); parseThoughtInput applies them. */
export function withinLimits(
  input: ThoughtInput,
  limits: { maxThoughtChars: number; maxMetadataBytes: number },
): ParseResult<ThoughtInput> {
  if (input.thought.length > limits.maxThoughtChars) {
    return {
      ok: false,
      problem: {
        field: "thought",
        message: `thought is ${input.thought.length} characters; the limit is ${limits.maxThoughtChars}.`,
        suggestion: "Split it into several thoughts.",
      },
    };
  }
  if (input.metadata && JSON.stringify(input.metadata).length > limits.maxMetadataBytes) {
    return {
      ok: false,
      problem: {
        field: "metadata",
        message: `metadata is larger than ${limits.maxMetadataBytes} bytes once serialised.`,
        suggestion: "Keep metadata to identifiers (agent, model, client); put long text in the thought.",
      },
    };
  }
  return { ok: true, value: input };
}

/** The door's client name fills in metadata.client when the agent did not name one. */
export function withClient(input: ThoughtInput, client: string | null | undefined): ThoughtInput {
  if (!client || input.metadata?.client) return input;
  return { ...input, metadata: { ...input.metadata, client } };
}

export const STOP_REASONS = [
  "next_thought_required",
  "needs_more_thoughts",
  "thought_sequence_complete",
  "validation_error",
  "rate_limited",
  "request_too_large",
  "unexpected_error",
] as const;
export type StopReason = (typeof STOP_REASONS)[number];

export const ZNextCallArguments = z.object({
  sessionId: z.string(),
  thoughtNumber: z.number().int(),
  totalThoughts: z.number().int(),
  nextThoughtNeeded: z.boolean(),
  branchId: z.string().optional(),
  branchFromThought: z.number().int().optional(),
});

/** What every door answers for a recorded thought: the official five fields, ours, and the continuation contract. */
export const ZThoughtResult = z.object({
  sessionId: z.string(),
  thoughtId: z.string(),
  seq: z.number().int(),
  thoughtNumber: z.number().int(),
  totalThoughts: z.number().int(),
  nextThoughtNeeded: z.boolean(),
  branches: z.array(z.string()),
  thoughtHistoryLength: z.number().int(),
  should_continue: z.boolean(),
  next_thought_number: z.number().int().nullable(),
  stop_reason: z.enum(STOP_REASONS),
  next_call_arguments: ZNextCallArguments.optional(),
  parameter_usage: z.record(z.string(), z.string()).optional(),
  flags: z.array(z.string()),
});
export type ThoughtResult = z.infer<typeof ZThoughtResult>;

/** The five fields the official server returns, in its order. */
export function officialFields(r: ThoughtResult) {
  return {
    thoughtNumber: r.thoughtNumber,
    totalThoughts: r.totalThoughts,
    nextThoughtNeeded: r.nextThoughtNeeded,
    branches: r.branches,
    thoughtHistoryLength: r.thoughtHistoryLength,
  };
}
