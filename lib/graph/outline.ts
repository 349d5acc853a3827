// A thought reduced to what the graph and the collapsed transcript need (the outline). Pure: the server builds the
// initial outline with it and the browser converts live thoughts with the same function.
import type { OutlineThought, OutlineTool } from "../contracts/dashboard";
import { PREVIEW_CHARS } from "../contracts/zod-free";
import { plainPreview } from "../markdown/plain";
import type { ThoughtView } from "../contracts/session";

/**
 * What the graph's node and the collapsed transcript row show: the thought's Markdown as plain text on one line (table
 * cells joined, emphasis and code marks dropped, lib/markdown/plain.ts), cut to PREVIEW_CHARS with an ellipsis. Only
 * the lines it needs are read: 20,000 previews of bench:ui's generated session in ~30-80 ms (load average 9).
 */
export function previewOf(text: string): string {
  return plainPreview(text, PREVIEW_CHARS);
}

/** What an outline entry is made from: a thought's view (its tool from its detail), or the columns the server reads
 *  for it (server/services/dashboard.ts, which reads the tool's three fields out of the detail in the database). */
export type OutlineSource = Omit<OutlineThought, "preview" | "length" | "tool"> &
  Pick<ThoughtView, "text"> & { tool?: OutlineTool | null; detail?: unknown };

/** The kinds of thought that name a tool call (lib/normalised/model.ts). */
export const TOOL_KINDS = ["tool_call", "tool_result"] as const;

/** A tool call's or result's call, from its stored detail; null for any other thought, or one naming no call. */
export function toolOf(kind: string | null, detail: unknown): OutlineTool | null {
  if (kind !== "tool_call" && kind !== "tool_result") return null;
  const d = (detail ?? {}) as { toolCallId?: unknown; toolName?: unknown; isError?: unknown };
  if (typeof d.toolCallId !== "string") return null;
  return {
    callId: d.toolCallId,
    name: typeof d.toolName === "string" ? d.toolName : null,
    isError: d.isError === true,
  };
}

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
    tool: t.tool !== undefined ? t.tool : toolOf(t.kind, t.detail),
  };
}
