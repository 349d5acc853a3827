// A highlight as HTML in the shape ThoughtMCP's `search` answers (`User prefers <b>dark mode</b>`): the text
// HTML-escaped, then the matches wrapped in <b>. Escaping first means a stored `<img src=x onerror=…>` arrives as
// text in a client that renders the highlight as HTML. Matches separated only by spaces share one <b>, as the seed's
// example marks the words "dark mode" of a query for both.
import type { HighlightRange } from "./highlight";

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** `text` escaped for HTML with each range (sorted, non-overlapping) in <b>…</b>. */
export function highlightHtml(text: string, ranges: readonly HighlightRange[]): string {
  const joined: HighlightRange[] = [];
  for (const r of ranges) {
    const last = joined[joined.length - 1];
    if (last && /^\s*$/.test(text.slice(last.end, r.start))) last.end = r.end;
    else joined.push({ ...r });
  }
  let html = "";
  let at = 0;
  for (const r of joined) {
    html += `${escapeHtml(text.slice(at, r.start))}<b>${escapeHtml(text.slice(r.start, r.end))}</b>`;
    at = r.end;
  }
  return html + escapeHtml(text.slice(at));
}
