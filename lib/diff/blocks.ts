// Markdown cut into the blocks a reader compares: headings, paragraphs, list items, quotes, table rows and the lines
// of fenced code, each with its source text. A line scanner, not a full parser: it only has to agree with itself
// between two versions of a text, and it keeps every character (the blocks' sources joined with the blank lines and
// line breaks between them give the text back). Pure.

export type BlockKind = "heading" | "paragraph" | "list-item" | "quote" | "rule" | "table-row" | "table-sep" | "code";

export interface Block {
  kind: BlockKind;
  /** The block's markdown as written (a list item with its continuation lines; a table row's one line). */
  source: string;
  /** What two blocks are compared by: the source with runs of whitespace as one space, trimmed. */
  key: string;
  /** Table rows: the cells' text, trimmed. */
  cells?: string[];
  /** Code lines: the fence's info string (language), for rendering. Table rows: the table's index in the text. */
  group?: number;
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const HEADING = /^\s{0,3}#{1,6}(\s|$)/;
const LIST_ITEM = /^\s{0,3}([-*+]|\d{1,9}[.)])(\s|$)/;
const QUOTE = /^\s{0,3}>/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const TABLE_SEP = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

/** A table row's cells: split at pipes that are not escaped, without the outer pipes. */
export function cellsOf(row: string): string[] {
  let body = row.trim();
  if (body.startsWith("|")) body = body.slice(1);
  if (body.endsWith("|") && !body.endsWith("\\|")) body = body.slice(0, -1);
  const cells: string[] = [];
  let cell = "";
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch === "\\" && body[i + 1] === "|") {
      cell += "\\|";
      i++;
    } else if (ch === "|") {
      cells.push(cell.trim());
      cell = "";
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

const keyOf = (source: string) => source.replace(/\s+/g, " ").trim();

/** A line that may be a table row: it holds a pipe. A table starts where such a line is followed by a separator. */
const mayBeRow = (line: string | undefined) => line !== undefined && line.includes("|");

export function blocksOf(text: string): Block[] {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let tables = 0;
  let fences = 0;
  const push = (kind: BlockKind, source: string, extra?: Partial<Block>) =>
    blocks.push({ kind, source, key: keyOf(source), ...extra });
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === "") {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      // Every line of the block is a block of its own, the fences included, so an edit to one line of a long listing
      // is one changed line; the group number keeps lines of one listing together when they are drawn.
      const group = ++fences;
      const marker = fence[1]!;
      push("code", line, { group });
      i++;
      while (i < lines.length) {
        const l = lines[i]!;
        push("code", l, { group, key: l });
        i++;
        if (l.trim().startsWith(marker[0]!.repeat(marker.length))) break;
      }
      continue;
    }
    if (mayBeRow(line) && TABLE_SEP.test(lines[i + 1] ?? "") && (lines[i + 1] ?? "").includes("-")) {
      const group = ++tables;
      push("table-row", line, { cells: cellsOf(line), group });
      push("table-sep", lines[i + 1]!, { cells: cellsOf(lines[i + 1]!), group });
      i += 2;
      while (i < lines.length && mayBeRow(lines[i]) && lines[i]!.trim() !== "") {
        push("table-row", lines[i]!, { cells: cellsOf(lines[i]!), group });
        i++;
      }
      continue;
    }
    if (HEADING.test(line)) {
      push("heading", line);
      i++;
      continue;
    }
    if (RULE.test(line)) {
      push("rule", line);
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const start = i;
      while (i < lines.length && QUOTE.test(lines[i]!)) i++;
      push("quote", lines.slice(start, i).join("\n"));
      continue;
    }
    if (LIST_ITEM.test(line)) {
      // The item and its continuation lines: indented, or lazy (not blank and not a new block).
      const start = i++;
      while (i < lines.length) {
        const l = lines[i]!;
        if (l.trim() === "" || LIST_ITEM.test(l) || FENCE.test(l) || HEADING.test(l) || QUOTE.test(l)) break;
        i++;
      }
      push("list-item", lines.slice(start, i).join("\n"));
      continue;
    }
    const start = i++;
    while (i < lines.length) {
      const l = lines[i]!;
      if (l.trim() === "" || FENCE.test(l) || HEADING.test(l) || QUOTE.test(l) || LIST_ITEM.test(l) || RULE.test(l)) {
        break;
      }
      if (mayBeRow(l) && TABLE_SEP.test(lines[i + 1] ?? "") && (lines[i + 1] ?? "").includes("-")) break;
      i++;
    }
    push("paragraph", lines.slice(start, i).join("\n"));
  }
  return blocks;
}
