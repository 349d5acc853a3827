// A diff people can read: block-level first, word-level only inside blocks that match. The two texts are cut into
// blocks (lib/diff/blocks.ts) and jsdiff's array diff finds the blocks that stayed; between two unchanged stretches,
// each removed block is paired with the most similar added block of the same kind, in order. A pair that shares at
// least MATCH_SIMILARITY of its words is one edited block with a word diff inside (a table row: a diff per cell);
// removed and added blocks left unpaired are a rewrite when both sides have some (shown before and after, each
// rendered), else a deletion or an insertion. Pure; shared by the browser and tests.
import { diffArrays } from "diff";
import { plainLine } from "../markdown/plain";
import { blocksOf, type Block, type BlockKind } from "./blocks";
import { similarity, wordDiff, type DiffPart } from "./word-diff";

/** The share of words two blocks must have in common to be shown as one edited block. Below it a word diff of the
 *  two is mostly struck-through fragments (a paragraph said again in other words shares 20-40 % of its words; a
 *  sentence with a few words changed 70-95 %). */
export const MATCH_SIMILARITY = 0.5;
/** Pairs compared within one stretch of changes at most; past it blocks pair only when their keys are equal (a
 *  rewrite of a whole 50,000-character thought is ~500 × 500 blocks). */
const MAX_PAIRINGS = 40_000;
/** Edits past which jsdiff gives up on a fine block alignment and the whole text counts as changed. */
const MAX_BLOCK_EDITS = 4_000;

export interface CellDiff {
  op: "equal" | "modify" | "insert" | "delete";
  before: string | null;
  after: string | null;
  words: DiffPart[] | null;
}

export type DiffRow =
  | { op: "equal"; before: Block; after: Block }
  | { op: "delete"; before: Block }
  | { op: "insert"; after: Block }
  | { op: "modify"; before: Block; after: Block; words: DiffPart[]; cells: CellDiff[] | null }
  | { op: "rewrite"; before: Block[]; after: Block[] };

export interface BlockDiff {
  rows: DiffRow[];
  /** Counts for a summary line ("2 paragraphs edited, 1 rewritten, 3 added"). */
  stats: { equal: number; modified: number; inserted: number; deleted: number; rewritten: number };
}

/** Kinds that may pair with each other: a paragraph turned into a list item is still the same thought. */
const FAMILY: Record<BlockKind, string> = {
  heading: "text",
  paragraph: "text",
  "list-item": "text",
  quote: "text",
  rule: "rule",
  "table-row": "row",
  "table-sep": "sep",
  code: "code",
};

const unitOf = (b: Block) => (FAMILY[b.kind] === "row" || FAMILY[b.kind] === "sep" ? "table" : FAMILY[b.kind]);

export function blockDiff(before: string, after: string): BlockDiff {
  const a = blocksOf(before);
  const b = blocksOf(after);
  const changes = diffArrays(a, b, {
    comparator: (x, y) => x.kind === y.kind && x.key === y.key,
    maxEditLength: MAX_BLOCK_EDITS,
  }) ?? [
    { value: a, removed: true, added: false, count: a.length },
    { value: b, removed: false, added: true, count: b.length },
  ];
  const rows: DiffRow[] = [];
  let removed: Block[] = [];
  let added: Block[] = [];
  const flush = () => {
    rows.push(...pairStretch(removed, added));
    removed = [];
    added = [];
  };
  // The comparator keeps the new side's blocks for equal runs; walk the old side alongside to pair them.
  let ai = 0;
  for (const c of changes) {
    if (c.removed) {
      removed.push(...c.value);
      ai += c.value.length;
    } else if (c.added) added.push(...c.value);
    else {
      flush();
      c.value.forEach((blk, k) => rows.push({ op: "equal", before: a[ai + k]!, after: blk }));
      ai += c.value.length;
    }
  }
  flush();
  const stats = { equal: 0, modified: 0, inserted: 0, deleted: 0, rewritten: 0 };
  for (const r of rows) {
    if (r.op === "equal") stats.equal++;
    else if (r.op === "modify") stats.modified++;
    else if (r.op === "insert") stats.inserted++;
    else if (r.op === "delete") stats.deleted++;
    else stats.rewritten++;
  }
  return { rows, stats };
}

/**
 * One stretch of removed and added blocks as rows: pairs in order (each removed block with the most similar added
 * block at or after the last pair, when they share MATCH_SIMILARITY), and what lies between pairs as a rewrite,
 * a deletion or an insertion.
 */
function pairStretch(removed: Block[], added: Block[]): DiffRow[] {
  if (removed.length === 0 && added.length === 0) return [];
  const cheap = removed.length * added.length > MAX_PAIRINGS;
  const pairs: { i: number; j: number; words: DiffPart[] }[] = [];
  let from = 0;
  for (let i = 0; i < removed.length; i++) {
    const x = removed[i]!;
    let best: { j: number; score: number; words: DiffPart[] } | null = null;
    for (let j = from; j < added.length; j++) {
      const y = added[j]!;
      if (FAMILY[x.kind] !== FAMILY[y.kind]) continue;
      if (cheap && x.key !== y.key) continue;
      const words = wordDiff(x.source, y.source);
      const score = x.kind === "table-sep" ? 1 : similarity(words);
      if (score >= MATCH_SIMILARITY && (!best || score > best.score)) best = { j, score, words };
      if (best?.score === 1) break;
    }
    if (best) {
      pairs.push({ i, j: best.j, words: best.words });
      from = best.j + 1;
    }
  }
  const rows: DiffRow[] = [];
  let ri = 0;
  let aj = 0;
  const gap = (toI: number, toJ: number) => {
    const before = removed.slice(ri, toI);
    const after = added.slice(aj, toJ);
    // Prose, tables and code rewrite apart: a paragraph and the table header after it are two rewrites, so the
    // table still reads as a table.
    for (const unit of new Set([...before, ...after].map(unitOf))) {
      const b = before.filter((x) => unitOf(x) === unit);
      const a = after.filter((x) => unitOf(x) === unit);
      if (b.length > 0 && a.length > 0) rows.push({ op: "rewrite", before: b, after: a });
      else {
        for (const blk of b) rows.push({ op: "delete", before: blk });
        for (const blk of a) rows.push({ op: "insert", after: blk });
      }
    }
    ri = toI;
    aj = toJ;
  };
  for (const p of pairs) {
    gap(p.i, p.j);
    const x = removed[p.i]!;
    const y = added[p.j]!;
    rows.push({
      op: "modify",
      before: x,
      after: y,
      words: p.words,
      cells: x.cells && y.cells && x.kind === "table-row" ? cellDiff(x.cells, y.cells) : null,
    });
    ri = p.i + 1;
    aj = p.j + 1;
  }
  gap(removed.length, added.length);
  return rows;
}

/** A table row's cells, position by position (columns keep their place in a table); the words of a changed cell as
 *  read (inline markup stripped). */
export function cellDiff(before: readonly string[], after: readonly string[]): CellDiff[] {
  const out: CellDiff[] = [];
  for (let k = 0; k < Math.max(before.length, after.length); k++) {
    const x = before[k];
    const y = after[k];
    if (x === undefined) out.push({ op: "insert", before: null, after: y!, words: null });
    else if (y === undefined) out.push({ op: "delete", before: x, after: null, words: null });
    else if (x === y) out.push({ op: "equal", before: x, after: y, words: null });
    else out.push({ op: "modify", before: x, after: y, words: wordDiff(plainLine(x), plainLine(y)) });
  }
  return out;
}
