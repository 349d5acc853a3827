// What a thought from an outside source carries beside its text (lib/normalised: transcripts and traces): its kind,
// the source's id for it, and the model call's facts. Optional on every thought; the input field `detail`
// (./fields.ts) takes it and the write path stores it (Thought.kind, Thought.detail).
import { z } from "zod";
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

/** What the browser may see of a detail: everything but the opaque payloads, which are kept and never rendered. */
export type ThoughtDetailView = Omit<ThoughtDetailInput, "opaque"> & { opaque?: true };

export function detailView(detail: unknown): ThoughtDetailView | null {
  if (detail === null || typeof detail !== "object") return null;
  const { opaque, ...rest } = detail as ThoughtDetailInput;
  return opaque ? { ...rest, opaque: true } : rest;
}
