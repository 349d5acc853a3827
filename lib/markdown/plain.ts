// Markdown as plain text: what a graph node, a title or a preview shows. Built on the same inline parser the renderer
// uses (lib/markdown/parse.ts), so code spans keep their underscores and emphasis markers inside words stay text.
import { parseInline, type Inline } from "./parse";

function flatten(nodes: Inline[]): string {
  let out = "";
  for (const n of nodes) out += n.t === "text" || n.t === "code" ? n.v : flatten(n.c);
  return out;
}

/** Block markers at the start of a line: headings, quotes, list bullets and numbers, task boxes, table pipes. */
const LINE_MARKERS = /^\s*(?:#{1,6}\s+|>\s*|[-*+]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+(?:\[[ xX]\]\s+)?)*/;

/** One line of markdown as plain text. */
export function plainLine(line: string): string {
  const body = line.replace(LINE_MARKERS, "");
  // A table row reads as its cells; a separator row (|---|:--:|) reads as nothing.
  const cells = /^\s*\|.*\|\s*$/.test(body) ? body.trim().slice(1, -1).split("|") : null;
  if (cells && cells.every((c) => /^\s*:?-+:?\s*$/.test(c))) return "";
  return flatten(parseInline(cells ? cells.map((c) => c.trim()).join(" · ") : body)).trim();
}

/** Markdown as plain text on one line: fences dropped, lines joined with spaces. */
export function plainText(markdown: string): string {
  return markdown
    .split("\n")
    .filter((l) => !/^\s*(```|~~~)/.test(l))
    .map(plainLine)
    .filter((l) => l.length > 0)
    .join(" ");
}
