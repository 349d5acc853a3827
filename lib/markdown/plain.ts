// Markdown as plain text: what a graph node, a title or a preview shows. Blocks are read line by line (fences,
// tables, headings, quotes, lists, rules, reference definitions) and each line's inline syntax goes through
// lib/markdown/parse.ts, so code spans keep their underscores, emphasis markers inside words stay text and HTML stays
// text. Tables read as their cells joined with " · ".
import { parseInline, type Inline } from "./parse";

function flatten(nodes: Inline[]): string {
  let out = "";
  for (const n of nodes) out += n.t === "text" || n.t === "code" ? n.v : flatten(n.c);
  return out;
}

/** Block markers at the start of a line: headings, quotes, list bullets and numbers, task boxes. */
const LINE_MARKERS = /^\s*(?:#{1,6}\s+|>\s*|[-*+]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+(?:\[[ xX]\]\s+)?)*/;
/** A closing heading sequence: `## Title ##`. */
const CLOSING_HASHES = /\s+#+\s*$/;
/** Lines that read as nothing: thematic breaks (`---`, `* * *`), setext underlines (`===`), reference definitions. */
const SILENT_LINE = /^\s{0,3}(?:([-*_])(?:\s*\1){2,}\s*|=+\s*|\[[^\]]+\]:\s*\S.*)$/;
/** A fence line: ``` or ~~~, with or without an info string. */
const FENCE = /^\s{0,3}(```|~~~)/;
/** A table's delimiter row: `|---|:-:|` or `--- | ---`. */
const DELIMITER_ROW = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)+\|?\s*$|^\s*\|\s*:?-+:?\s*\|\s*$/;
/** Whitespace that flattening would change: a run, a character other than a space, or at either end. */
const UNFLAT = /\s\s|[^\S ]|^\s|\s$/;
/** The pipes between a table row's cells: not escaped (`\|`). */
const CELL_PIPE = /(?<!\\)\|/;

/** A table row's cells, each as plain text, joined with " · " (empty cells dropped). */
function cellsOf(row: string): string {
  let body = row.trim();
  if (body.startsWith("|")) body = body.slice(1);
  if (body.endsWith("|") && !body.endsWith("\\|")) body = body.slice(0, -1);
  return body
    .split(CELL_PIPE)
    .map((c) => flatten(parseInline(c.trim())).trim())
    .filter((c) => c !== "")
    .join(" · ");
}

/**
 * No character that starts block or inline syntax: the line is its own plain text. Most agent prose is such lines;
 * bench:ui's 20,000 generated thoughts previewed in ~20 ms with this check against ~170 ms parsed (load average 9).
 */
const PLAIN = /^(?!\s*\d+[.)])[^\\`*_~<![\]|#>=+-]*$/;

/** One line of markdown as plain text, read without the lines around it (a title line, a table row with pipes). */
export function plainLine(line: string): string {
  if (PLAIN.test(line)) return line.trim();
  if (SILENT_LINE.test(line)) return "";
  const body = line.replace(LINE_MARKERS, "").replace(CLOSING_HASHES, "");
  if (/^\s*\|.*\|\s*$/.test(body)) return DELIMITER_ROW.test(body) ? "" : cellsOf(body);
  return flatten(parseInline(body)).trim();
}

/**
 * The plain text of each line in turn, blank ones left out, each line's first `lineChars` characters only; stops when
 * `take` says so. Knows what one line cannot: inside a fence every line is code, and a table without edge pipes is a
 * table from its delimiter row on.
 */
function eachPlainLine(markdown: string, take: (plain: string) => boolean, lineChars = Infinity): void {
  let fence: string | null = null;
  let inTable = false;
  let start = 0;
  while (start <= markdown.length) {
    const nl = markdown.indexOf("\n", start);
    const end = nl === -1 ? markdown.length : nl;
    const line = markdown.slice(start, Math.min(end, start + lineChars));
    start = end + 1;
    let plain: string;
    const fenceMark = FENCE.exec(line)?.[1];
    if (fence !== null) {
      if (fenceMark === fence) fence = null;
      plain = fence === null ? "" : line.trim();
    } else if (fenceMark) {
      fence = fenceMark;
      plain = "";
    } else if (line.trim() === "") {
      inTable = false;
      plain = "";
    } else if (DELIMITER_ROW.test(line) && line.includes("|")) {
      inTable = true;
      plain = "";
    } else if (inTable && CELL_PIPE.test(line)) {
      plain = cellsOf(line);
    } else if (CELL_PIPE.test(line) && DELIMITER_ROW.test(nextLine(markdown, start))) {
      plain = cellsOf(line); // a header row: its delimiter row follows
    } else {
      inTable = false;
      plain = plainLine(line);
    }
    if (UNFLAT.test(plain)) plain = plain.replace(/\s+/g, " ").trim();
    if (plain !== "" && !take(plain)) return;
  }
}

function nextLine(markdown: string, start: number): string {
  if (start >= markdown.length) return "";
  const nl = markdown.indexOf("\n", start);
  return markdown.slice(start, nl === -1 ? markdown.length : nl);
}

/** Markdown as plain text on one line: blocks read as their text, lines joined with spaces. */
export function plainText(markdown: string): string {
  const lines: string[] = [];
  eachPlainLine(markdown, (plain) => {
    lines.push(plain);
    return true;
  });
  return lines.join(" ");
}

/**
 * A preview parses at most this many characters of a line per character it shows: a thought written as one line of
 * 100,000 characters is not parsed whole, and 8 characters of markup per character of text is more than tables,
 * links and emphasis take.
 */
const LINE_CHARS_PER_PREVIEW_CHAR = 8;

/**
 * Markdown as plain text on one line, at most `max` characters: cut with an ellipsis when longer. Reads only the
 * lines it needs, so a 100,000-character thought costs what its first lines cost.
 */
export function plainPreview(markdown: string, max: number): string {
  let out = "";
  eachPlainLine(
    markdown,
    (plain) => {
      out = out === "" ? plain : `${out} ${plain}`;
      return out.length <= max;
    },
    LINE_CHARS_PER_PREVIEW_CHAR * max,
  );
  return out.length > max ? `${out.slice(0, max - 1)}…` : out;
}
