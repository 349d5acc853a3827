// What a judge must answer, built from the score config it fills: the JSON schema sent to the model (OpenAI's
// response_format json_schema, Anthropic's JSON tool or output format) and the check of the model's answer against
// the config, which says in words why an answer cannot be stored. Pure; unit-tested beside.
import { validateScoreValue, type ScoreRule, type StoredScoreValue } from "../contracts/scores";
import { describeScoreRule, MAX_TEXT_SCORE_CHARS, showNumber } from "../contracts/zod-free";
import type { FieldProblem } from "../contracts/errors";

/** A JSON schema object (the subset providers accept for structured output: no $ref, no formats). */
export type JsonSchema = Record<string, unknown>;

/**
 * Why a config cannot be filled by a judge, or null when it can. A numeric config without both bounds gives the model
 * no scale to answer on, so a judge needs min and max; an archived config takes no new scores.
 */
export function judgeFillProblem(
  rule: ScoreRule & { archived?: boolean },
  field = "scoreConfigId",
): FieldProblem | null {
  if (rule.archived) {
    return {
      field,
      message: `Score config "${rule.name}" is archived and takes no new scores.`,
      suggestion: "Choose its newer version or another active config.",
    };
  }
  if (rule.type === "numeric" && (rule.min === null || rule.max === null)) {
    return {
      field,
      message: `Score config "${rule.name}" is ${describeScoreRule(rule)}: a judge needs a scale with both ends.`,
      suggestion: "Give the config a min and a max (archive it and create a new version), or choose another one.",
    };
  }
  if (rule.type === "categorical" && (rule.categories ?? []).length < 2) {
    return {
      field,
      message: `Score config "${rule.name}" has fewer than 2 labels to choose from.`,
      suggestion: "Choose a config with at least 2 labels.",
    };
  }
  return null;
}

function valueSchema(rule: ScoreRule): JsonSchema | null {
  switch (rule.type) {
    case "numeric":
      return {
        type: "number",
        ...(rule.min !== null ? { minimum: rule.min } : {}),
        ...(rule.max !== null ? { maximum: rule.max } : {}),
        description: `The score: ${describeScoreRule(rule)}.`,
      };
    case "categorical":
      return {
        type: "string",
        enum: (rule.categories ?? []).map((c) => c.label),
        description: "The label that fits.",
      };
    case "boolean":
      return { type: "boolean", description: "Whether the rubric holds." };
    case "text":
      return null;
  }
}

/** The schema of the answer: {value, rationale, confidence} (text configs: {rationale, confidence}). */
export function judgeOutputSchema(rule: ScoreRule): JsonSchema {
  const value = valueSchema(rule);
  const properties: Record<string, JsonSchema> = {
    ...(value ? { value } : {}),
    rationale: {
      type: "string",
      description: rule.type === "text" ? "Your judgement in words." : "Why, in one to three sentences.",
    },
    confidence: { type: "number", minimum: 0, maximum: 1, description: "How sure you are, from 0 to 1." },
  };
  return { type: "object", properties, required: Object.keys(properties), additionalProperties: false };
}

/** A judge's answer, checked and ready to store as a score. */
export interface JudgeAnswer extends StoredScoreValue {
  rationale: string;
  /** 0–1, or null when the model left it out. */
  confidence: number | null;
}

/** Characters of a model's answer quoted in an error (the answer itself can be long). */
const QUOTED_CHARS = 200;

const quoted = (v: unknown) => {
  const text = typeof v === "string" ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  return text.length > QUOTED_CHARS ? `${text.slice(0, QUOTED_CHARS)}…` : text;
};

/**
 * The model's parsed answer checked against the config: a value the config allows (on its grid, among its labels),
 * a non-empty rationale, a confidence from 0 to 1 if given. Problems name the answer's field and quote what came.
 */
export function readJudgeAnswer(
  rule: ScoreRule,
  answer: unknown,
): { ok: true; value: JudgeAnswer } | { ok: false; problem: FieldProblem } {
  const refuse = (field: string, message: string, suggestion?: string) => ({
    ok: false as const,
    problem: { field, message, ...(suggestion ? { suggestion } : {}) },
  });
  if (answer === null || typeof answer !== "object" || Array.isArray(answer)) {
    return refuse("answer", `The model answered ${quoted(answer)}, not a JSON object.`);
  }
  const a = answer as Record<string, unknown>;
  const rationale = typeof a.rationale === "string" ? a.rationale.trim() : "";
  if (rationale === "") {
    return refuse("answer.rationale", `The model's answer has no rationale (got ${quoted(a.rationale)}).`);
  }
  const limited = rationale.slice(0, MAX_TEXT_SCORE_CHARS);
  let confidence: number | null = null;
  if (a.confidence !== undefined && a.confidence !== null) {
    if (typeof a.confidence !== "number" || !(a.confidence >= 0 && a.confidence <= 1)) {
      return refuse(
        "answer.confidence",
        `The model's confidence must be a number from 0 to 1; got ${quoted(a.confidence)}.`,
      );
    }
    confidence = a.confidence;
  }
  if (rule.type === "text") {
    return { ok: true, value: { value: null, stringValue: limited, rationale: limited, confidence } };
  }
  if (a.value === undefined) return refuse("answer.value", "The model's answer has no value.");
  // The model's own type must match: "4" for a number or "true" for a boolean is not what the schema asked for.
  const typed =
    (rule.type === "numeric" && typeof a.value === "number") ||
    (rule.type === "categorical" && typeof a.value === "string") ||
    (rule.type === "boolean" && typeof a.value === "boolean");
  const checked = typed ? validateScoreValue(rule, a.value) : null;
  if (!checked?.ok) {
    return refuse(
      "answer.value",
      `The model answered ${quoted(a.value)} for "${rule.name}", which takes ${describeScoreRule(rule)}.`,
      rule.type === "numeric" && rule.min !== null && rule.max !== null
        ? `Its scale runs from ${showNumber(rule.min)} to ${showNumber(rule.max)}; say so in the prompt, or use a model that follows the schema.`
        : "Say what the rubric allows in the prompt, or use a model that follows the schema.",
    );
  }
  return { ok: true, value: { ...checked.value, rationale: limited, confidence } };
}
