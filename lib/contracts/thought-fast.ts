// The common case of a thought, checked without zod: canonical camelCase keys and values that already have their
// final types. It accepts only input the schema would accept unchanged and returns exactly what the schema would
// return; anything else (snake_case, strings for numbers, nulls, untrimmed text, unknown keys, nesting, a value out
// of range, text with a lone surrogate or NUL: ./text.ts) returns null and goes the full way through ZThoughtInput
// and parseArguments, which also word the errors. A batch of 1,000
// thoughts spent ~5 ms in zod on the ingest path; this takes well under one (lib/contracts/thought-fast.test.ts
// checks it against the schema on generated input). The checker is built from the field registry (./fields.ts),
// whose bounds ZThoughtInput shares, so the two cannot drift apart; ./thought.ts builds wellFormedThought with it.
import { MAX_NUMBER, MAX_TAGS, SHORT_TEXT, TAG_TEXT, type FieldKind, type FieldSpec } from "./fields";
import { objectBuilder } from "./object-shape";
import { detailInOrder, isWellFormedDetail } from "./thought-detail";
import { isWellFormedText } from "./text";

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

/** Each kind of field (./fields.ts) as a check of a value that already has its final form. */
const KIND_CHECKS: Record<FieldKind, Check> = {
  thought: (v) => typeof v === "string" && NOT_BLANK.test(v) && isWellFormedText(v),
  positiveInt: isPositiveInt,
  bool: isBool,
  shortText: isShortText,
  tags: isTags,
  score: isScore,
  metadata: isFlatMetadata,
  detail: isWellFormedDetail,
};

/** The kinds whose value the schema returns as a copy (an array, or an object with its keys reordered). */
const KIND_COPIES: Partial<Record<FieldKind, (v: unknown) => unknown>> = {
  tags: (v) => [...(v as string[])],
  metadata: metadataInOrder,
  detail: detailInOrder,
};

/**
 * A registry's checker: the input as its schema would return it (every field present, an absent one as undefined,
 * in the registry's order), or null when the input needs the schema's full treatment.
 */
export function fastThoughtChecker(fields: Readonly<Record<string, FieldSpec>>) {
  const names = Object.keys(fields);
  const specs = Object.values(fields);
  const checks = specs.map((s) => KIND_CHECKS[s.kind]);
  const copies = specs.map((s) => KIND_COPIES[s.kind]);
  const required = specs.map((s) => s.required);
  const requiredCount = required.filter(Boolean).length;
  const position = new Map<string, number>(names.map((k, i) => [k, i]));
  const n = names.length;
  // Every field present (an absent one as undefined), in the schema's order: one object shape for all thoughts, which
  // the write path reads faster than the many shapes of only the fields given.
  const build = objectBuilder(names);
  return (raw: unknown): Record<string, unknown> | null => {
    if (
      raw === null ||
      typeof raw !== "object" ||
      Array.isArray(raw) ||
      Object.getPrototypeOf(raw) !== Object.prototype
    ) {
      return null;
    }
    const input = raw as Record<string, unknown>;
    // One pass over the keys the agent sent (a plain object's keys are all its own), each value checked and put at
    // its field's position.
    const v: unknown[] = new Array(n);
    let given = 0;
    for (const key in input) {
      const i = position.get(key);
      if (i === undefined) return null;
      if (!checks[i]!((v[i] = input[key]))) return null;
      if (required[i]) given++;
    }
    if (given < requiredCount) return null;
    for (let i = 0; i < n; i++) {
      const copy = copies[i];
      if (copy !== undefined && v[i] !== undefined) v[i] = copy(v[i]);
    }
    return build(v);
  };
}
