// A thought reduced to what the graph and the collapsed transcript need (the outline). Pure: the server builds the
// initial outline with it and the browser converts live thoughts with the same function.
import type { OutlineThought } from "../contracts/dashboard";
import { PREVIEW_CHARS } from "../contracts/zod-free";
import type { ThoughtView } from "../contracts/session";

export function previewOf(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
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
  };
}
