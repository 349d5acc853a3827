// Agents send numbers and booleans as strings ("3", "FALSE"): accept those spellings exactly, and nothing looser.
// "abc", 0, 1.5 and "1.5" stay invalid so the schema can name the field.

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
