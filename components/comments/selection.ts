// Maps the reader's selection in rendered thought text back to offsets in the thought's raw (markdown) text: the
// selected words, and which occurrence of them it was, found again in the raw text.
import type { CommentAnchor } from "@/lib/contracts/comments";

function occurrences(haystack: string, needle: string): number[] {
  const at: number[] = [];
  for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + needle.length)) at.push(i);
  return at;
}

export type SelectionAnchor = { ok: true; anchor: CommentAnchor } | { ok: false; message: string };

/** The anchor for the current selection inside `container`, whose raw text is `raw`. */
export function anchorFromSelection(container: HTMLElement, raw: string): SelectionAnchor {
  const sel = window.getSelection();
  if (!sel || sel.rangeCount === 0 || sel.isCollapsed) return { ok: false, message: "Select a phrase first." };
  const range = sel.getRangeAt(0);
  if (!container.contains(range.startContainer) || !container.contains(range.endContainer)) {
    return { ok: false, message: "Select a phrase in the thought's text." };
  }
  const text = range.toString();
  if (text.trim() === "") return { ok: false, message: "Select a phrase first." };
  const before = document.createRange();
  before.selectNodeContents(container);
  before.setEnd(range.startContainer, range.startOffset);
  const nth = occurrences(before.toString(), text).length;
  const found = occurrences(raw, text);
  const start = found[nth] ?? found[0];
  if (start === undefined) {
    return { ok: false, message: "That selection spans formatting; select plain words within one paragraph." };
  }
  return { ok: true, anchor: { start, end: start + text.length, text } };
}
