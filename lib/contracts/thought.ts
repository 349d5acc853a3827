// The contract of one thought, shared by REST, MCP, the SDK and the browser. Input is the official
// `sequentialthinking` tool's arguments (camelCase or snake_case, numbers and booleans also as strings) plus ours.
import { z } from "zod";
import { bool, coerceNumber, opt, positiveInt } from "./coerce";
import {
  MAX_NUMBER,
  MAX_TAGS,
  REVISABLE_FIELDS,
  SHORT_TEXT,
  TAG_TEXT,
  THOUGHT_FIELDS,
  type FieldKind,
  type FieldSpec,
  type RevisableField,
} from "./fields";
import { parseArguments, type ParseResult } from "./parse";
import { ZThoughtDetail } from "./thought-detail";
import { fastThoughtChecker } from "./thought-fast";

export type { ParseResult } from "./parse";
import { DEFAULT_LIMITS } from "../limits";

const shortText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be a string | Send text, e.g. ${field}: "analysis".` })
    .trim()
    .min(1, { error: `${field} must not be empty | Leave ${field} out instead of sending an empty string.` })
    .max(max, { error: `${field} must be at most ${max} characters | Shorten it.` });

export const ZThoughtMetadata = z
  .object({
    agent: shortText("metadata.agent", SHORT_TEXT).optional(),
    model: shortText("metadata.model", SHORT_TEXT).optional(),
    client: shortText("metadata.client", SHORT_TEXT).optional(),
  })
  .catchall(z.unknown());

/** Each kind of field (lib/contracts/fields.ts) as a zod schema, with its messages. */
const KIND_SCHEMAS = {
  thought: () =>
    z
      .string({ error: "thought must be a string | Send the reasoning step as text in `thought`." })
      .refine((t) => t.trim().length > 0, {
        error: "thought must not be empty | Send one concrete reasoning step in `thought`.",
      }),
  positiveInt: (field: string, spec: FieldSpec) => positiveInt(field, MAX_NUMBER, spec.what),
  bool: (field: string) => bool(field),
  shortText: (field: string) => shortText(field, SHORT_TEXT),
  tags: (field: string) =>
    z
      .array(shortText(`${field}[]`, TAG_TEXT), {
        error: `${field} must be an array of strings | e.g. ${field}: ["math", "plan"].`,
      })
      .max(MAX_TAGS, { error: `${field} may hold at most ${MAX_TAGS} entries | Keep the most useful ones.` }),
  score: (field: string) =>
    z.preprocess(
      coerceNumber,
      z
        .number({ error: `${field} must be a number from 0 to 1 | e.g. ${field}: 0.8.` })
        .min(0, { error: `${field} must be ≥ 0 | Scores run from 0 to 1.` })
        .max(1, { error: `${field} must be ≤ 1 | Scores run from 0 to 1.` }),
    ),
  metadata: () => ZThoughtMetadata,
  detail: () => ZThoughtDetail,
} satisfies Record<FieldKind, (field: string, spec: FieldSpec) => z.ZodType>;

type KindSchema<K extends FieldKind> = ReturnType<(typeof KIND_SCHEMAS)[K]>;
type Optional<T> = T extends z.ZodType ? ReturnType<typeof opt<T>> : never;
type FieldSchema<S extends FieldSpec> = S["required"] extends true
  ? KindSchema<S["kind"]>
  : Optional<KindSchema<S["kind"]>>;
export type ThoughtShape<R extends Record<string, FieldSpec>> = { -readonly [F in keyof R]: FieldSchema<R[F]> };

/** The zod schema of a field registry: each field in its order, optional ones also taking null for absent. */
export function thoughtInputSchema<R extends Record<string, FieldSpec>>(fields: R): z.ZodObject<ThoughtShape<R>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [field, spec] of Object.entries(fields)) {
    const schema = KIND_SCHEMAS[spec.kind](field, spec);
    shape[field] = spec.required ? schema : opt(schema);
  }
  return z.object(shape) as z.ZodObject<ThoughtShape<R>>;
}

/** revise_thought's changeable fields (REVISABLE_FIELDS), each optional, its messages naming the field by the
 *  snake_case alias seed 000 uses. */
export function revisableShape(): {
  -readonly [F in RevisableField]: Optional<KindSchema<(typeof THOUGHT_FIELDS)[F]["kind"]>>;
} {
  const shape: Record<string, z.ZodType> = {};
  for (const field of Object.keys(REVISABLE_FIELDS) as RevisableField[]) {
    const spec: FieldSpec = THOUGHT_FIELDS[field];
    shape[field] = opt(KIND_SCHEMAS[spec.kind](spec.alias, spec));
  }
  return shape as ReturnType<typeof revisableShape>;
}

/** The canonical shape after normalisation, built from THOUGHT_FIELDS. */
export const ZThoughtInput = thoughtInputSchema(THOUGHT_FIELDS);
export type ThoughtInput = z.infer<typeof ZThoughtInput>;

/** The thought as ZThoughtInput would return it, or null when the input needs the schema's full treatment. */
export const wellFormedThought = fastThoughtChecker(THOUGHT_FIELDS) as (raw: unknown) => ThoughtInput | null;

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
export function withClient(
  input: ThoughtInput,
  client: string | null | undefined,
  agent?: string | null,
): ThoughtInput {
  const addClient = !!client && !input.metadata?.client;
  const addAgent = !!agent && !input.metadata?.agent;
  if (!addClient && !addAgent) return input;
  return {
    ...input,
    metadata: { ...input.metadata, ...(addClient ? { client } : {}), ...(addAgent ? { agent } : {}) },
  };
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
