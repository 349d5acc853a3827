// The common case of a thought, checked without zod: canonical camelCase keys and values that already have their
// final types. It accepts only input the schema would accept unchanged and returns exactly what the schema would
// return; anything else (snake_case, strings for numbers, nulls, untrimmed text, unknown keys, nesting, a value out
// of range, text with a lone surrogate or NUL: ./text.ts) returns null and goes the full way through ZThoughtInput
// and parseArguments, which also word the errors. A batch of 1,000
// thoughts spent ~5 ms in zod on the ingest path; this takes well under one (lib/contracts/thought-fast.test.ts
// checks it against the schema on generated input).
import { isWellFormedText } from "./text";
import type { ThoughtInput } from "./thought";

/** The schema's bounds, shared with ZThoughtInput so the two cannot drift apart. */
export const MAX_NUMBER = 1_000_000;
export const SHORT_TEXT = 200;
export const TAG_TEXT = 100;
export const MAX_TAGS = 50;

type Check = (v: unknown) => boolean;

/** Not empty once trimmed: \S is any character String.prototype.trim keeps, and the test allocates nothing. */
const NOT_BLANK = /\S/;

const isPositiveInt: Check = (v) => typeof v === "number" && Number.isInteger(v) && v >= 1 && v <= MAX_NUMBER;
const isBool: Check = (v) => typeof v === "boolean";
const trimmedText =
  (max: number): Check =>
  (v) =>
    typeof v === "string" && v.length >= 1 && v.length <= max && v.trim() === v && isWellFormedText(v);
const isShortText = trimmedText(SHORT_TEXT);
const isTag = trimmedText(TAG_TEXT);
const isScore: Check = (v) => typeof v === "number" && v >= 0 && v <= 1;
const isTags: Check = (v) => Array.isArray(v) && v.length <= MAX_TAGS && v.every(isTag);

/** Metadata of flat values only (so no depth check is needed), with agent/model/client already valid. */
const isFlatMetadata: Check = (v) => {
  if (v === null || typeof v !== "object" || Array.isArray(v) || Object.getPrototypeOf(v) !== Object.prototype) {
    return false;
  }
  for (const [key, value] of Object.entries(v)) {
    if (key === "__proto__") return false; // a plain key in JSON, but assigning it would set a prototype
    if (!isWellFormedText(key) || (typeof value === "string" && !isWellFormedText(value))) return false;
    if (key === "agent" || key === "model" || key === "client") {
      if (!isShortText(value)) return false;
    } else if (value === null || typeof value === "object" || value === undefined) {
      return false;
    }
  }
  return true;
};

const METADATA_KNOWN = ["agent", "model", "client"] as const;

/** zod writes an object's own keys first, in the schema's order, then the catch-all keys in the input's order. */
function metadataInOrder(value: unknown): Record<string, unknown> {
  const from = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of METADATA_KNOWN) if (Object.hasOwn(from, key)) out[key] = from[key];
  for (const key of Object.keys(from)) if (!Object.hasOwn(out, key)) out[key] = from[key];
  return out;
}

/** The schema's keys in its order (zod writes its output in this order), with the check each value must pass. */
const FIELDS: readonly (readonly [keyof ThoughtInput, Check])[] = [
  ["thought", (v) => typeof v === "string" && NOT_BLANK.test(v) && isWellFormedText(v)],
  ["thoughtNumber", isPositiveInt],
  ["totalThoughts", isPositiveInt],
  ["nextThoughtNeeded", isBool],
  ["isRevision", isBool],
  ["revisesThought", isPositiveInt],
  ["branchFromThought", isPositiveInt],
  ["branchId", isShortText],
  ["needsMoreThoughts", isBool],
  ["sessionId", isShortText],
  ["stage", isShortText],
  ["tags", isTags],
  ["score", isScore],
  ["metadata", isFlatMetadata],
  ["includeParameterUsage", isBool],
];
const REQUIRED = 4; // thought, thoughtNumber, totalThoughts, nextThoughtNeeded
const POSITION = new Map<string, number>(FIELDS.map(([k], i) => [k, i]));

/** The thought as ZThoughtInput would return it, or null when the input needs the schema's full treatment. */
export function wellFormedThought(raw: unknown): ThoughtInput | null {
  if (
    raw === null ||
    typeof raw !== "object" ||
    Array.isArray(raw) ||
    Object.getPrototypeOf(raw) !== Object.prototype
  ) {
    return null;
  }
  const input = raw as Record<string, unknown>;
  // One pass over the keys the agent sent (a plain object's keys are all its own), each value checked and put at its
  // field's position.
  const v: unknown[] = new Array(FIELDS.length);
  let required = 0;
  for (const key in input) {
    const i = POSITION.get(key);
    if (i === undefined) return null;
    if (!FIELDS[i]![1]((v[i] = input[key]))) return null;
    if (i < REQUIRED) required++;
  }
  if (required < REQUIRED) return null;
  // Every field present (an absent one as undefined), in the schema's order: one object shape for all thoughts, which
  // the write path reads faster than the many shapes of only the fields given.
  const out: { [K in keyof Required<ThoughtInput>]: unknown } = {
    thought: v[0],
    thoughtNumber: v[1],
    totalThoughts: v[2],
    nextThoughtNeeded: v[3],
    isRevision: v[4],
    revisesThought: v[5],
    branchFromThought: v[6],
    branchId: v[7],
    needsMoreThoughts: v[8],
    sessionId: v[9],
    stage: v[10],
    tags: v[11] === undefined ? undefined : [...(v[11] as string[])],
    score: v[12],
    metadata: v[13] === undefined ? undefined : metadataInOrder(v[13]),
    includeParameterUsage: v[14],
  };
  return out as ThoughtInput;
}
