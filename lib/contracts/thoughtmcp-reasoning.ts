// Input contracts of ThoughtMCP's reasoning and metacognitive tools (seed 003): think, analyze, ponder, breakdown,
// assess_confidence, detect_bias, detect_emotion, evaluate. Names, enums, defaults and bounds follow the seed; every
// message names the field and says how to fix it ("message | suggestion", split by firstProblem in errors.ts). The
// engines these feed are in lib/thoughtmcp/; the MCP, REST and AI SDK doors parse with these schemas.
import { z } from "zod";
import { DEFAULT_LIMITS } from "../limits";
import { BREAKDOWN_DEPTH, FRAMEWORK_IDS, PONDER_TIMEOUT, THINK_MODES } from "../thoughtmcp/vocabulary";
import { coerceBoolean, coerceInteger, coerceNumber } from "./coerce";

/** Characters in a problem, reasoning or text: the same ceiling as one thought, since each call becomes thoughts. */
export const MAX_REASONING_CHARS = DEFAULT_LIMITS.maxThoughtChars;
/** Items in constraints, goals or evidence; 50 covers any real prompt and keeps a template's output readable. */
export const MAX_CONTEXT_ITEMS = 50;
const MAX_ITEM_CHARS = 2_000;

const absentIfNull = (v: unknown) => (v === null ? undefined : v);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(absentIfNull, schema.optional());

const requiredText = (field: string, example: string) =>
  z
    .string({ error: `${field} is required and must be a string | Send it as text, e.g. {"${field}": "${example}"}.` })
    .refine((t) => t.trim().length > 0, {
      error: `${field} cannot be empty | Provide non-empty ${field}, e.g. "${example}".`,
    })
    .refine((t) => t.length <= MAX_REASONING_CHARS, {
      error: `${field} must be at most ${MAX_REASONING_CHARS} characters | Shorten it or split it into several calls.`,
    });

const optionalText = (field: string) =>
  opt(
    z
      .string({ error: `${field} must be a string | Send it as text or leave it out.` })
      .max(MAX_ITEM_CHARS * 5, { error: `${field} must be at most ${MAX_ITEM_CHARS * 5} characters` }),
  );

const textList = (field: string) =>
  opt(
    z
      .array(
        z
          .string({ error: `${field} items must be strings | e.g. ["No schema changes"]` })
          .max(MAX_ITEM_CHARS, { error: `each ${field} item must be at most ${MAX_ITEM_CHARS} characters` }),
        { error: `${field} must be an array of strings | e.g. ["No schema changes"]` },
      )
      .max(MAX_CONTEXT_ITEMS, { error: `${field} must have at most ${MAX_CONTEXT_ITEMS} items` }),
  );

const bool = (field: string, fallback: boolean) =>
  z
    .preprocess(
      (v) => coerceBoolean(absentIfNull(v)),
      z.boolean({ error: `${field} must be true or false | Leave it out for the default (${fallback}).` }).optional(),
    )
    .transform((v) => v ?? fallback);

const boundedInt = (field: string, bounds: { min: number; max: number; default: number }, unit = "") =>
  z
    .preprocess(
      (v) => coerceInteger(coerceNumber(absentIfNull(v))),
      z
        .number({
          error: `${field} must be a number from ${bounds.min} to ${bounds.max}${unit} | Leave it out for ${bounds.default}${unit}.`,
        })
        .int({ error: `${field} must be a whole number | e.g. ${bounds.default}` })
        .min(bounds.min, { error: `${field} must be at least ${bounds.min}${unit} | e.g. ${bounds.default}` })
        .max(bounds.max, { error: `${field} must be at most ${bounds.max}${unit} | e.g. ${bounds.default}` })
        .optional(),
    )
    .transform((v) => v ?? bounds.default);

/** Context of think, analyze and ponder (background, constraints, goals); breakdown takes no goals. */
const ZReasoningContext = z.object(
  {
    background: optionalText("context.background"),
    constraints: textList("context.constraints"),
    goals: textList("context.goals"),
  },
  { error: 'context must be an object | e.g. {"background": "…", "constraints": ["…"], "goals": ["…"]}' },
);

/** A thinking session to write into; without one, the call opens a new session (wired in a later session). */
const sessionId = opt(
  z
    .string({ error: "sessionId must be a string | Use the sessionId a previous call returned, or leave it out." })
    .trim()
    .min(1, { error: "sessionId must not be empty | Leave it out to start a new session." })
    .max(200, { error: "sessionId must be at most 200 characters" }),
);

/** A thought to read the text from and store the result on (metacognitive tools). */
const thoughtId = opt(
  z
    .string({ error: "thoughtId must be a string | Use a thought id from a session, or send the text instead." })
    .trim()
    .min(1, { error: "thoughtId must not be empty | Leave it out and send the text instead." })
    .max(200, { error: "thoughtId must be at most 200 characters" }),
);

export const ZThinkRequest = z.object({
  problem: requiredText("problem", "How to optimize database query performance?"),
  mode: z.enum(THINK_MODES, {
    error: `mode is required and must be one of ${THINK_MODES.join(", ")} | e.g. {"mode": "analytical"}`,
  }),
  context: opt(ZReasoningContext),
  sessionId,
});
export type TThinkRequest = z.infer<typeof ZThinkRequest>;

export const ZAnalyzeRequest = z.object({
  problem: requiredText("problem", "Why is the system experiencing intermittent failures?"),
  preferredFramework: opt(
    z.enum(FRAMEWORK_IDS, {
      error: `preferredFramework must be one of ${FRAMEWORK_IDS.join(", ")} | Leave it out for automatic selection.`,
    }),
  ),
  context: opt(ZReasoningContext),
  sessionId,
});
export type TAnalyzeRequest = z.infer<typeof ZAnalyzeRequest>;

export const ZPonderRequest = z.object({
  problem: requiredText("problem", "How should we approach the product roadmap for Q1?"),
  timeout: boundedInt("timeout", PONDER_TIMEOUT, " ms"),
  context: opt(ZReasoningContext),
  sessionId,
});
export type TPonderRequest = z.infer<typeof ZPonderRequest>;

export const ZBreakdownRequest = z.object({
  problem: requiredText("problem", "Build a scalable web application"),
  maxDepth: boundedInt("maxDepth", BREAKDOWN_DEPTH),
  context: opt(
    z.object(
      { background: optionalText("context.background"), constraints: textList("context.constraints") },
      { error: 'context must be an object | e.g. {"background": "…", "constraints": ["…"]}' },
    ),
  ),
  sessionId,
});
export type TBreakdownRequest = z.infer<typeof ZBreakdownRequest>;

/** Metacognitive tools take their text or a thoughtId; the refine below asks for one of the two. */
const textOrThought = <T extends z.ZodRawShape>(textField: string, shape: T) =>
  z
    .object({ ...shape, thoughtId })
    .refine((v: Record<string, unknown>) => typeof v[textField] === "string" || typeof v.thoughtId === "string", {
      error: `${textField} is required (or a thoughtId) | Send the text to check, or the id of a thought to read it from.`,
      path: [textField],
    });

const optionalRequiredText = (field: string, example: string) => opt(requiredText(field, example));

export const ZAssessConfidenceRequest = textOrThought("reasoning", {
  reasoning: optionalRequiredText("reasoning", "Based on benchmark results, throughput improves by 40%"),
  evidence: textList("evidence"),
  context: optionalText("context"),
});
export type TAssessConfidenceRequest = z.infer<typeof ZAssessConfidenceRequest>;

export const ZDetectBiasRequest = textOrThought("reasoning", {
  reasoning: optionalRequiredText("reasoning", "All the data I've seen supports my hypothesis"),
  context: optionalText("context"),
  monitorContinuously: bool("monitorContinuously", false),
});
export type TDetectBiasRequest = z.infer<typeof ZDetectBiasRequest>;

export const ZDetectEmotionRequest = textOrThought("text", {
  text: optionalRequiredText("text", "I'm really excited about this new project!"),
  includeDiscrete: bool("includeDiscrete", true),
  context: optionalText("context"),
});
export type TDetectEmotionRequest = z.infer<typeof ZDetectEmotionRequest>;

export const ZEvaluateRequest = textOrThought("reasoning", {
  reasoning: optionalRequiredText("reasoning", "The proposed solution is optimal because it meets all requirements"),
  context: optionalText("context"),
  includeConfidence: bool("includeConfidence", true),
  includeBias: bool("includeBias", true),
  includeEmotion: bool("includeEmotion", false),
});
export type TEvaluateRequest = z.infer<typeof ZEvaluateRequest>;

/** The eight tools by their seed names, for the doors' tool tables. */
export const THOUGHTMCP_REASONING_INPUTS = {
  think: ZThinkRequest,
  analyze: ZAnalyzeRequest,
  ponder: ZPonderRequest,
  breakdown: ZBreakdownRequest,
  assess_confidence: ZAssessConfidenceRequest,
  detect_bias: ZDetectBiasRequest,
  detect_emotion: ZDetectEmotionRequest,
  evaluate: ZEvaluateRequest,
} as const;
