// Parsing agent arguments: a JSON object, snake_case or camelCase keys (the same field twice with different values
// is refused by name), text by the rule of ./text.ts (no lone surrogate, no NUL), then the zod schema. Never throws for bad input: the problem names the field.
import type { z } from "zod";
import { camelizeKeys } from "./coerce";
import { firstProblem, type FieldProblem } from "./errors";
import { findIllFormedText } from "./text";

export type ParseResult<T> = { ok: true; value: T } | { ok: false; problem: FieldProblem };

/** Nesting deeper than this is refused: no real argument needs it, and very deep values overflow the stack of
 *  JSON.stringify further down (measured: ~4,000 levels). */
export const MAX_ARGUMENT_DEPTH = 64;

/** Whether a JSON value nests objects or arrays more than `limit` deep. The recursion stops at `limit`, so it stays
 *  shallow however deep the value; it allocates nothing (a 1,000-event ingest body: ~0.1 ms). */
export function depthExceeds(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== "object") return false;
  if (limit < 1) return true;
  if (Array.isArray(value)) {
    for (const item of value as unknown[]) if (depthExceeds(item, limit - 1)) return true;
  } else {
    for (const key in value) if (depthExceeds((value as Record<string, unknown>)[key], limit - 1)) return true;
  }
  return false;
}

export function parseArguments<T extends z.ZodType>(
  schema: T,
  raw: unknown,
  example = "Send the arguments as a JSON object.",
): ParseResult<z.infer<T>> {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    return { ok: false, problem: { field: "body", message: "The body must be a JSON object.", suggestion: example } };
  }
  if (depthExceeds(raw, MAX_ARGUMENT_DEPTH)) {
    return {
      ok: false,
      problem: {
        field: "body",
        message: `The arguments are nested more than ${MAX_ARGUMENT_DEPTH} levels deep.`,
        suggestion: "Flatten the metadata; thoughts and their fields need only a few levels.",
      },
    };
  }
  const illFormed = findIllFormedText(raw);
  if (illFormed) return { ok: false, problem: illFormed };
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
