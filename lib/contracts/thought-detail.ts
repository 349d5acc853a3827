// What a thought from an outside source carries beside its text (lib/normalised: transcripts and traces): its kind,
// the source's id for it, and the model call's facts. Optional on every thought; the input field `detail`
// (./fields.ts) takes it and the write path stores it (Thought.kind, Thought.detail).
import { z } from "zod";
import { regexes } from "zod/v4/core";
import { ITEM_KINDS } from "../normalised/model";
import { ILL_FORMED_WORDS, isWellFormedText } from "./text";

/** Characters of a source reference or tool call id (transcript uuids and span ids are far shorter). */
export const MAX_REF = 500;
/** Characters of one opaque payload (a signature, redacted or encrypted reasoning) kept verbatim. */
export const MAX_OPAQUE = 1_000_000;

const text = (field: string, max: number) =>
  z
    .string({ error: `detail.${field} must be a string` })
    .min(1, { error: `detail.${field} must not be empty | Leave it out instead.` })
    .max(max, { error: `detail.${field} must be at most ${max} characters` })
    .refine(isWellFormedText, { error: `detail.${field} ${ILL_FORMED_WORDS}` });
const count = (field: string) =>
  z
    .number({ error: `detail.${field} must be a number` })
    .int({ error: `detail.${field} must be a whole number` })
    .min(0, { error: `detail.${field} must be ≥ 0` })
    .max(1e12, { error: `detail.${field} must be at most 10^12` });

export const ZThoughtDetail = z.strictObject(
  {
    kind: z.enum(ITEM_KINDS, { error: `detail.kind must be one of ${ITEM_KINDS.join(", ")}` }),
    sourceRef: text("sourceRef", MAX_REF),
    at: z.iso.datetime({ offset: true, error: "detail.at must be an ISO 8601 time" }).optional(),
    model: text("model", 200).optional(),
    tokensIn: count("tokensIn").optional(),
    tokensOut: count("tokensOut").optional(),
    tokensReasoning: count("tokensReasoning").optional(),
    tokensCached: count("tokensCached").optional(),
    latencyMs: count("latencyMs").optional(),
    costUsd: z.number({ error: "detail.costUsd must be a number" }).min(0).max(1e9).optional(),
    toolName: text("toolName", 200).optional(),
    toolCallId: text("toolCallId", MAX_REF).optional(),
    isError: z.boolean({ error: "detail.isError must be true or false" }).optional(),
    withheld: z.enum(["not_recorded", "redacted", "encrypted"]).optional(),
    opaque: z
      .strictObject({
        signature: z.string().max(MAX_OPAQUE).optional(),
        redactedData: z.string().max(MAX_OPAQUE).optional(),
        encryptedContent: z.string().max(MAX_OPAQUE).optional(),
      })
      .optional(),
  },
  { error: 'detail must be an object | e.g. detail: {kind: "reasoning", sourceRef: "line-12"}.' },
);
export type ThoughtDetailInput = z.infer<typeof ZThoughtDetail>;

/** ZThoughtDetail's keys in its order, which its output (and so the stored JSON) follows. */
const DETAIL_KEYS = Object.keys(ZThoughtDetail.shape) as (keyof ThoughtDetailInput)[];
const OPAQUE_KEYS = ["signature", "redactedData", "encryptedContent"] as const;
const ITEM_KIND_SET: ReadonlySet<unknown> = new Set(ITEM_KINDS);
const WITHHELD_SET: ReadonlySet<unknown> = new Set(["not_recorded", "redacted", "encrypted"]);
/** The pattern z.iso.datetime({ offset: true }) tests (zod's own), so the two agree on every time. */
const ISO_DATETIME = regexes.datetime({ offset: true });

const isPlain = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype;
const isText = (v: unknown, max: number) =>
  typeof v === "string" && v.length >= 1 && v.length <= max && isWellFormedText(v);
const isCount = (v: unknown) => typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 1e12;

const DETAIL_CHECKS: Record<keyof ThoughtDetailInput, (v: unknown) => boolean> = {
  kind: (v) => ITEM_KIND_SET.has(v),
  sourceRef: (v) => isText(v, MAX_REF),
  at: (v) => typeof v === "string" && ISO_DATETIME.test(v),
  model: (v) => isText(v, 200),
  tokensIn: isCount,
  tokensOut: isCount,
  tokensReasoning: isCount,
  tokensCached: isCount,
  latencyMs: isCount,
  costUsd: (v) => typeof v === "number" && v >= 0 && v <= 1e9,
  toolName: (v) => isText(v, 200),
  toolCallId: (v) => isText(v, MAX_REF),
  isError: (v) => typeof v === "boolean",
  withheld: (v) => WITHHELD_SET.has(v),
  opaque: (v) => {
    if (!isPlain(v)) return false;
    for (const key in v) {
      const s = v[key];
      if (!(OPAQUE_KEYS as readonly string[]).includes(key) || typeof s !== "string" || s.length > MAX_OPAQUE) {
        return false;
      }
    }
    return true;
  },
};

/**
 * Whether ZThoughtDetail takes this value unchanged, checked without zod; false when the value needs the schema
 * (anything unusual, an explicit undefined included), which also words the error. Thoughts from traces and
 * transcripts all carry a detail: through the schema it cost ~10 ms per 1,000 such thoughts, a third of the OTLP
 * receiver's own work; this, well under 1 ms (lib/contracts/thought-fast.test.ts checks the two agree).
 */
export function isWellFormedDetail(raw: unknown): boolean {
  if (!isPlain(raw)) return false;
  for (const key in raw) {
    if (!Object.hasOwn(DETAIL_CHECKS, key) || !DETAIL_CHECKS[key as keyof ThoughtDetailInput](raw[key])) return false;
  }
  return raw.kind !== undefined && raw.sourceRef !== undefined;
}

/** A detail that isWellFormedDetail took, as ZThoughtDetail returns it: its keys (and opaque's) in the schema's order. */
export function detailInOrder(raw: unknown): ThoughtDetailInput {
  const from = raw as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of DETAIL_KEYS) {
    if (from[key] === undefined) continue;
    if (key !== "opaque") out[key] = from[key];
    else {
      const given = from.opaque as Record<string, unknown>;
      const opaque: Record<string, unknown> = {};
      for (const k of OPAQUE_KEYS) if (given[k] !== undefined) opaque[k] = given[k];
      out.opaque = opaque;
    }
  }
  return out as ThoughtDetailInput;
}

/** What the browser may see of a detail: everything but the opaque payloads, which are kept and never rendered. */
export type ThoughtDetailView = Omit<ThoughtDetailInput, "opaque"> & { opaque?: true };

export function detailView(detail: unknown): ThoughtDetailView | null {
  if (detail === null || typeof detail !== "object") return null;
  const { opaque, ...rest } = detail as ThoughtDetailInput;
  return opaque ? { ...rest, opaque: true } : rest;
}
