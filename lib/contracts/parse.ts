// Parsing agent arguments: a JSON object, snake_case or camelCase keys (the same field twice with different values
// is refused by name), then the zod schema. Never throws for bad input: the problem names the field.
import type { z } from "zod";
import { camelizeKeys } from "./coerce";
import { firstProblem, type FieldProblem } from "./errors";

export type ParseResult<T> = { ok: true; value: T } | { ok: false; problem: FieldProblem };

export function parseArguments<T extends z.ZodType>(
  schema: T,
  raw: unknown,
  example = "Send the arguments as a JSON object.",
): ParseResult<z.infer<T>> {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    return { ok: false, problem: { field: "body", message: "The body must be a JSON object.", suggestion: example } };
  }
  const { value, conflicts } = camelizeKeys(raw as Record<string, unknown>);
  if (conflicts[0]) {
    return {
      ok: false,
      problem: {
        field: conflicts[0],
        message: `${conflicts[0]} was given twice (camelCase and snake_case) with different values.`,
        suggestion: "Send one spelling only.",
      },
    };
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, problem: firstProblem(parsed.error) };
}
