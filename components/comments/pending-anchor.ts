"use client";
// A phrase chosen for a comment outside the comment box's own panel (selected in the transcript), handed to the
// selected thought's comment box, which takes it once. And the transcript's raw texts by thought id, which the
// selection's offsets are found in (the transcript writes them as its rows load).
import type { CommentAnchor } from "@/lib/contracts/comments";
import { anchorFromSelection } from "./selection";

const pending = new Map<string, CommentAnchor>();
const listeners = new Set<() => void>();
export const transcriptTexts = new Map<string, string>();

export function subscribePending(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function takePendingAnchor(thoughtId: string): CommentAnchor | null {
  const a = pending.get(thoughtId) ?? null;
  pending.delete(thoughtId);
  return a;
}

/**
 * When the reader's selection lies in one transcript row's text: that thought and the anchor, kept for its comment
 * box (or the problem in words). Null when the selection is not in the transcript.
 */
export function anchorFromTranscript(): { thoughtId: string; error: string | null } | null {
  const sel = window.getSelection();
  if (!sel || sel.isCollapsed || sel.rangeCount === 0) return null;
  const start = sel.getRangeAt(0).startContainer;
  const element = start instanceof Element ? start : start.parentElement;
  const row = element?.closest<HTMLElement>('section[aria-label="Transcript"] [data-testid="thought"]');
  const text = row?.querySelector<HTMLElement>("[data-thought-text]");
  const thoughtId = row?.dataset.thoughtId;
  if (!row || !text || !thoughtId) return null;
  const raw = transcriptTexts.get(thoughtId);
  if (raw === undefined) return { thoughtId, error: "That thought's text is still loading; try again." };
  const got = anchorFromSelection(text, raw);
  if (!got.ok) return { thoughtId, error: got.message };
  pending.set(thoughtId, got.anchor);
  for (const l of listeners) l();
  return { thoughtId, error: null };
}
