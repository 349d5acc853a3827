// A block diff (lib/diff/block-diff.ts) as the sections a diff view draws: runs of unchanged, added or removed
// blocks as markdown to render; an edited block with its word diff; a table with a state per row and a diff per cell;
// a code listing with a state per line; and rewrites, before and after. A table none of whose rows survived (no row
// equal or edited) is one rewrite of the whole table, so it reads as two tables rather than as rows scattered among
// separators. Long unchanged runs keep CONTEXT blocks next to each change and fold the rest. Pure.
import type { Block } from "./blocks";
import type { DiffRow } from "./block-diff";
import { plainLine } from "../markdown/plain";
import { wordDiff, type DiffPart } from "./word-diff";

/** Unchanged blocks shown next to a change; the rest of an unchanged run folds behind "N unchanged". */
export const CONTEXT = 1;

export type LineOp = "equal" | "insert" | "delete" | "modify";

export interface CodeLine {
  op: LineOp;
  before: string | null;
  after: string | null;
  words: DiffPart[] | null;
}

export type DiffSection =
  | { kind: "markdown"; op: "equal" | "insert" | "delete"; markdown: string; blocks: number }
  | { kind: "folded"; blocks: number; markdown: string }
  /** An edited block: its markdown before and after, and a word diff of its text as read (markers and emphasis
   *  stripped, so "**Step 4**" reads "Step 4"; a list item keeps a bullet). */
  | { kind: "edit"; before: string; after: string; words: DiffPart[] }
  | { kind: "rewrite"; before: string; after: string }
  | { kind: "table"; rows: DiffRow[] }
  | { kind: "code"; lines: CodeLine[] };

/** Blocks as markdown again: a table's rows and a listing's lines one line apart, other blocks a paragraph apart. */
export function joinBlocks(blocks: readonly Block[]): string {
  let out = "";
  blocks.forEach((b, i) => {
    if (i > 0) {
      const prev = blocks[i - 1]!;
      const tight =
        (isTable(prev) && isTable(b) && prev.group === b.group) ||
        (prev.kind === "code" && b.kind === "code" && prev.group === b.group) ||
        (prev.kind === "list-item" && b.kind === "list-item");
      out += tight ? "\n" : "\n\n";
    }
    out += b.source;
  });
  return out;
}

/** A block's text as a reader sees it: each line without its markers and inline markup; a list item's bullet kept. */
function asRead(b: Block): string {
  const text = b.source
    .split("\n")
    .map(plainLine)
    .filter((l) => l !== "")
    .join("\n");
  return b.kind === "list-item" ? `• ${text}` : text;
}

const isTable = (b: Block) => b.kind === "table-row" || b.kind === "table-sep";
const blocksOfRow = (r: DiffRow): Block[] =>
  r.op === "equal" || r.op === "modify"
    ? [r.after]
    : r.op === "insert"
      ? [r.after]
      : r.op === "delete"
        ? [r.before]
        : [...r.before, ...r.after];
/** What a row belongs to: a table, a code listing (by the group of its blocks), or free text. */
function unitOf(r: DiffRow): string {
  const blocks = blocksOfRow(r);
  if (blocks.length > 0 && blocks.every(isTable)) return "table";
  if (blocks.length > 0 && blocks.every((b) => b.kind === "code")) return "code";
  return "text";
}

export function diffSections(rows: readonly DiffRow[], context = CONTEXT): DiffSection[] {
  const sections: DiffSection[] = [];
  let i = 0;
  while (i < rows.length) {
    const unit = unitOf(rows[i]!);
    if (unit !== "text") {
      let j = i + 1;
      while (j < rows.length && unitOf(rows[j]!) === unit) j++;
      sections.push(...structured(unit, rows.slice(i, j)));
      i = j;
      continue;
    }
    const r = rows[i]!;
    if (r.op === "modify") {
      const words = wordDiff(asRead(r.before), asRead(r.after));
      sections.push({ kind: "edit", before: r.before.source, after: r.after.source, words });
      i++;
      continue;
    }
    if (r.op === "rewrite") {
      sections.push({ kind: "rewrite", before: joinBlocks(r.before), after: joinBlocks(r.after) });
      i++;
      continue;
    }
    let j = i + 1;
    while (j < rows.length && rows[j]!.op === r.op && unitOf(rows[j]!) === "text") j++;
    const blocks = rows.slice(i, j).flatMap(blocksOfRow);
    if (r.op === "equal") sections.push(...foldEqual(blocks, i === 0, j === rows.length, context));
    else sections.push({ kind: "markdown", op: r.op, markdown: joinBlocks(blocks), blocks: blocks.length });
    i = j;
  }
  return sections;
}

/** An unchanged run: CONTEXT blocks beside each neighbouring change shown, the middle folded. */
function foldEqual(blocks: Block[], atStart: boolean, atEnd: boolean, context: number): DiffSection[] {
  const head = atStart ? 0 : context;
  const tail = atEnd ? 0 : context;
  if (blocks.length <= head + tail + 1) {
    return [{ kind: "markdown", op: "equal", markdown: joinBlocks(blocks), blocks: blocks.length }];
  }
  const out: DiffSection[] = [];
  if (head > 0) out.push({ kind: "markdown", op: "equal", markdown: joinBlocks(blocks.slice(0, head)), blocks: head });
  const middle = blocks.slice(head, blocks.length - tail);
  out.push({ kind: "folded", blocks: middle.length, markdown: joinBlocks(middle) });
  if (tail > 0) {
    out.push({ kind: "markdown", op: "equal", markdown: joinBlocks(blocks.slice(-tail)), blocks: tail });
  }
  return out;
}

/** A run of table rows or code lines. */
function structured(unit: string, rows: DiffRow[]): DiffSection[] {
  if (unit === "code") {
    return [
      {
        kind: "code",
        lines: rows.flatMap((r): CodeLine[] => {
          if (r.op === "equal")
            return [{ op: "equal" as const, before: r.before.source, after: r.after.source, words: null }];
          if (r.op === "modify")
            return [{ op: "modify" as const, before: r.before.source, after: r.after.source, words: r.words }];
          if (r.op === "delete") return [{ op: "delete" as const, before: r.before.source, after: null, words: null }];
          if (r.op === "insert") return [{ op: "insert" as const, before: null, after: r.after.source, words: null }];
          return [
            ...r.before.map((b) => ({ op: "delete" as const, before: b.source, after: null, words: null })),
            ...r.after.map((b) => ({ op: "insert" as const, before: null, after: b.source, words: null })),
          ];
        }),
      },
    ];
  }
  const survived = rows.some((r) => (r.op === "equal" || r.op === "modify") && r.after.kind === "table-row");
  const ops = new Set(rows.map((r) => r.op));
  if (ops.size === 1 && (ops.has("equal") || ops.has("insert") || ops.has("delete"))) {
    const op = rows[0]!.op as "equal" | "insert" | "delete";
    const blocks = rows.flatMap(blocksOfRow);
    return [{ kind: "markdown", op, markdown: joinBlocks(blocks), blocks: blocks.length }];
  }
  if (!survived) {
    const before = rows.flatMap((r) =>
      r.op === "rewrite" ? r.before : r.op === "delete" || r.op === "equal" || r.op === "modify" ? [r.before] : [],
    );
    const after = rows.flatMap((r) =>
      r.op === "rewrite" ? r.after : r.op === "insert" || r.op === "equal" || r.op === "modify" ? [r.after] : [],
    );
    if (before.length > 0 && after.length > 0) {
      return [{ kind: "rewrite", before: joinBlocks(before), after: joinBlocks(after) }];
    }
  }
  return [{ kind: "table", rows }];
}

/** What changed, counted as a reader sees the sections: a rewritten table is one rewrite, not one per row. */
export function sectionStats(sections: readonly DiffSection[]) {
  const stats = { equal: 0, modified: 0, inserted: 0, deleted: 0, rewritten: 0 };
  for (const s of sections) {
    if (s.kind === "edit") stats.modified++;
    else if (s.kind === "rewrite") stats.rewritten++;
    else if (s.kind === "markdown" && s.op === "insert") stats.inserted += s.blocks;
    else if (s.kind === "markdown" && s.op === "delete") stats.deleted += s.blocks;
    else if (s.kind === "markdown" || s.kind === "folded") stats.equal += s.blocks;
    else {
      const ops = s.kind === "table" ? s.rows.map((r) => r.op) : s.lines.map((l) => l.op);
      for (const op of ops) {
        if (op === "modify") stats.modified++;
        else if (op === "insert") stats.inserted++;
        else if (op === "delete") stats.deleted++;
        else if (op === "rewrite") stats.rewritten++;
        else stats.equal++;
      }
    }
  }
  return stats;
}
