// A thought reduced to what the graph and the collapsed transcript need (the outline). Pure: the server builds the
// initial outline with it and the browser converts live thoughts with the same function.
import type { OutlineThought } from "../contracts/dashboard";
import { PREVIEW_CHARS } from "../contracts/zod-free";
import type { ThoughtView } from "../contracts/session";

/** Whitespace that flattening would change: a run, a character other than a space, or at either end. */
const UNFLAT = /\s\s|[^\S ]|^\s|\s$/;

/**
 * The text on one line (whitespace runs as one space), cut to PREVIEW_CHARS with an ellipsis. Only the text's head is
 * flattened when that gives enough (a thought may hold 100,000 characters), and a head already flat is taken as it is:
 * 20,000 previews of bench:ui's session in 8–10 ms instead of 30–33 (a replace over every text).
 */
export function previewOf(text: string): string {
  const head = text.length > 4 * PREVIEW_CHARS ? text.slice(0, 4 * PREVIEW_CHARS) : text;
  let flat = UNFLAT.test(head) ? head.replace(/\s+/g, " ").trim() : head;
  // The head flattened to too little (long whitespace runs): the whole text, as it then must be.
  if (head !== text && flat.length <= PREVIEW_CHARS) flat = text.replace(/\s+/g, " ").trim();
  return flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS - 1)}…` : flat;
}

/** What an outline entry is made from: a thought's view, or the columns the server reads for it (dashboard.ts). */
export type OutlineSource = Omit<OutlineThought, "preview" | "length"> & Pick<ThoughtView, "text">;

export function toOutline(t: OutlineSource): OutlineThought {
  return {
    id: t.id,
    seq: t.seq,
    thoughtNumber: t.thoughtNumber,
    totalThoughts: t.totalThoughts,
    branchId: t.branchId,
    branchFromThought: t.branchFromThought,
    branchFromThoughtId: t.branchFromThoughtId,
    isRevision: t.isRevision,
    revisesThought: t.revisesThought,
    revisesThoughtId: t.revisesThoughtId,
    stage: t.stage,
    score: t.score,
    flags: t.flags,
    preview: previewOf(t.text),
    length: t.text.length,
    version: t.version,
    createdAt: t.createdAt,
    kind: t.kind,
  };
}
