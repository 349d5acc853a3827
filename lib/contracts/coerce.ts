// Agents send numbers and booleans as strings ("3", "FALSE"): accept those spellings exactly, and nothing looser.
// "abc", 0, 1.5 and "1.5" stay invalid so the schema can name the field. The zod helpers at the end are the one copy
// every contract (thought, tools, scores) builds its lenient fields from.
import { z } from "zod";

/** "3" → 3; anything that is not a plain decimal integer string is returned unchanged for the schema to reject. */
export function coerceInteger(value: unknown): unknown {
  if (typeof value === "string" && /^\s*[+-]?\d+\s*$/.test(value)) return Number(value.trim());
  return value;
}

/** "true"/"FALSE" (any case, trimmed) → boolean; anything else is returned unchanged. */
export function coerceBoolean(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const v = value.trim().toLowerCase();
  if (v === "true") return true;
  if (v === "false") return false;
  return value;
}

/** "0.5" → 0.5 for scores. */
export function coerceNumber(value: unknown): unknown {
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
  return value;
}

/** thought_number → thoughtNumber. */
export function snakeToCamel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * Rewrites snake_case keys to camelCase. Returns the fields given in both spellings with different values: such an
 * input is ambiguous and must be rejected by name rather than silently resolved.
 */
export function camelizeKeys(value: Record<string, unknown>): { value: Record<string, unknown>; conflicts: string[] } {
  // A null-prototype object, and own-key checks: "__proto__", "constructor" or "toString" are plain keys here.
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const conflicts: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    const camel = snakeToCamel(key);
    if (Object.hasOwn(out, camel)) {
      if (JSON.stringify(out[camel]) !== JSON.stringify(v)) conflicts.push(camel);
      if (key !== camel) continue;
    }
    out[camel] = v;
  }
  return { value: out, conflicts };
}

// ---- zod helpers for lenient fields ----

/** `null` means "not given" (clients send `branchFromThought: null` for the main path). */
export const absentIfNull = (v: unknown) => (v === null ? undefined : v);

/** An optional field that also takes `null` for absent. */
export const opt = <T extends z.ZodType>(schema: T) => z.preprocess(absentIfNull, schema.optional());

/** A whole number from 1 to `max`, also as a string ("3"); `what` says what the number means in the error. */
export const positiveInt = (field: string, max: number, what?: string) =>
  z.preprocess(
    coerceInteger,
    z
      .number({
        error: `${field} must be a whole number ≥ 1${what ? ` (${what})` : ""} | Send e.g. ${field}: 1, or the string "1".`,
      })
      .int({ error: `${field} must be a whole number, not a fraction | Round it, e.g. ${field}: 2.` })
      .min(1, { error: `${field} must be ≥ 1 | Thought numbers start at 1.` })
      .max(max, { error: `${field} must be ≤ ${max} | Use a realistic number.` }),
  );

/** true or false, also as a string in any case ("TRUE"). */
export const bool = (field: string) =>
  z.preprocess(
    coerceBoolean,
    z.boolean({ error: `${field} must be true or false | Send a JSON boolean, or the string "true" or "false".` }),
  );
