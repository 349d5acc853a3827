// Contracts of the agent tools beside `sequentialthinking`: `think` (seed 004), `revise_thought` (seed 000), and
// reading or clearing a thinking session. Shared by REST, MCP, the stdio bridge and the SDK.
import { z } from "zod";
import { coerceInteger, opt } from "./coerce";
import { parseArguments, type ParseResult } from "./parse";
import { ZThoughtView } from "./session";
import { revisableShape } from "./thought";

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be a string` })
    .trim()
    .min(1, { error: `${field} must not be empty | Leave ${field} out instead of sending an empty string.` })
    .max(max, { error: `${field} must be at most ${max} characters` });

/** Parses a tool's snake_case or camelCase arguments, naming the first bad field. */
export function parseToolInput<T extends z.ZodType>(schema: T, raw: unknown): ParseResult<z.infer<T>> {
  return parseArguments(schema, raw);
}

// ---- think ----

export const ZThinkInput = z.object({
  thought: z
    .string({ error: 'thought must be a string | Send the thought as text: {"thought": "…"}.' })
    .refine((t) => t.trim().length > 0, {
      error: "thought must not be empty | Send one specific, detailed thought.",
    }),
  sessionId: opt(text("sessionId", 200)),
});
export type ThinkInput = z.infer<typeof ZThinkInput>;

export const ZThinkResult = z.object({
  status: z.literal("success"),
  /** The thought's position in the session (its arrival order among all its thoughts, `think` or not), from 1;
   *  never goes back. Seed 004 counts every thought of the session's context; ours may hold sequential thoughts. */
  step: z.number().int(),
  thought: z.string(),
  /** Thoughts in the session's context window (at most THINK_WINDOW). */
  context_size: z.number().int(),
  session_id: z.string(),
  thought_id: z.string(),
});
export type ThinkResult = z.infer<typeof ZThinkResult>;

/** The `think` context window (seed 004: 100 thoughts). */
export const THINK_WINDOW = 100;

// ---- revise_thought ----

export const ZReviseInput = z.object({
  /** The thought's number within the session (advertised as the integer `thought_id`, seed 000's), or our thought id
   *  (advertised as the string `thoughtId`). One field here: both spellings camelize to it, so sending the two with
   *  different values is refused by name. */
  thoughtId: z.preprocess(
    coerceInteger,
    z.union([z.string().trim().min(1).max(200), z.number().int().min(1, { error: "thought_id must be ≥ 1" })], {
      error:
        "thought_id or thoughtId is required | Send the thought's number in the session as thought_id, or its id as thoughtId.",
    }),
  ),
  sessionId: opt(text("sessionId", 200)),
  ...revisableShape(),
});
export type ReviseInput = z.infer<typeof ZReviseInput>;
/** The REST revise body: the fields to change; the thought is named by the path. */
export const ZReviseChanges = ZReviseInput.omit({ thoughtId: true });

export const ZReviseResult = z.object({
  thought: ZThoughtView,
  /** The version number the edit kept (the thought's state before it). */
  previousVersion: z.number().int(),
  changed: z.array(z.string()),
});
export type ReviseResult = z.infer<typeof ZReviseResult>;

// ---- get / clear a session ----

export const ZGetSessionInput = z.object({
  sessionId: opt(text("sessionId", 200)),
  format: opt(z.enum(["history", "context"], { error: 'format must be "history" or "context"' })),
  limit: opt(
    z.preprocess(
      coerceInteger,
      z
        .number({ error: "limit must be a whole number from 1 to 1000" })
        .int({ error: "limit must be a whole number from 1 to 1000" })
        .min(1, { error: "limit must be ≥ 1" })
        .max(1000, { error: "limit must be ≤ 1000" }),
    ),
  ),
});
export type GetSessionInput = z.infer<typeof ZGetSessionInput>;
/** GET /api/v1/sessions/{id}/context's query: get_thinking_session's arguments but the session (named by the path). */
export const ZSessionContextQuery = ZGetSessionInput.omit({ sessionId: true });
export type SessionContextQuery = z.infer<typeof ZSessionContextQuery>;

export const ZCompactThought = z.object({
  id: z.string(),
  seq: z.number().int(),
  thoughtNumber: z.number().int(),
  totalThoughts: z.number().int(),
  thought: z.string(),
  branchId: z.string().nullable(),
  isRevision: z.boolean().nullable(),
  revisesThought: z.number().int().nullable(),
  flags: z.array(z.string()),
  createdAt: z.string(),
});

export const ZGetSessionResult = z.object({
  sessionId: z.string(),
  status: z.string(),
  thoughtCount: z.number().int(),
  branches: z.array(z.string()),
  /** The last `limit` thoughts in arrival order (history format). */
  thoughts: z.array(ZCompactThought).optional(),
  /** The formatted context (context format). */
  context: z.string().optional(),
});
export type GetSessionResult = z.infer<typeof ZGetSessionResult>;

export const ZClearSessionInput = z.object({ sessionId: opt(text("sessionId", 200)) });
export const ZClearSessionResult = z.object({
  sessionId: z.string(),
  status: z.literal("cleared"),
  thoughtCount: z.number().int(),
});
export type ClearSessionResult = z.infer<typeof ZClearSessionResult>;
