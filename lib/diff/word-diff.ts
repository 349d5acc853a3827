// Word-level diff between two texts (inside a matched block of a block diff, lib/diff/block-diff.ts, and between two
// short texts). jsdiff's array diff (Myers' O((N+M)·D)) over word, whitespace and punctuation tokens, after trimming
// the common prefix and suffix, so small edits to long texts stay cheap. Pure; shared by the browser and tests.
import { diffArrays } from "diff";

export type DiffOp = "equal" | "insert" | "delete";
export interface DiffPart {
  op: DiffOp;
  text: string;
}

/** Words, runs of whitespace and single punctuation marks, so a diff never splits a word. */
export function tokenize(text: string): string[] {
  return text.match(/[\p{L}\p{N}_'’-]+|\s+|[^\p{L}\p{N}_\s]/gu) ?? [];
}

/** Past this many edits the diff gives up on detail and shows the whole change as delete + insert. */
const MAX_EDITS = 5_000;

export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokenize(before);
  const b = tokenize(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const parts: DiffPart[] = [];
  const push = (op: DiffOp, tokens: readonly string[]) => {
    if (tokens.length === 0) return;
    const text = tokens.join("");
    const last = parts[parts.length - 1];
    if (last && last.op === op) last.text += text;
    else parts.push({ op, text });
  };
  push("equal", a.slice(0, start));
  const middleA = a.slice(start, endA);
  const middleB = b.slice(start, endB);
  const changes = diffArrays(middleA, middleB, { maxEditLength: MAX_EDITS });
  if (changes === undefined) {
    push("delete", middleA);
    push("insert", middleB);
  } else {
    // jsdiff lists an insertion before the deletion it replaces in some runs; a reader expects the old words first.
    for (let i = 0; i < changes.length; i++) {
      const c = changes[i]!;
      const next = changes[i + 1];
      if (c.added && next?.removed) {
        push("delete", next.value);
        push("insert", c.value);
        i++;
      } else push(c.added ? "insert" : c.removed ? "delete" : "equal", c.value);
    }
  }
  push("equal", a.slice(endA));
  return parts;
}

/** How much of two texts is shared, 0..1: twice the equal words over all words (words hold a letter or a digit:
 *  whitespace, punctuation and a table's pipes do not count). */
const WORD = /[\p{L}\p{N}]/u;

export function similarity(parts: readonly DiffPart[]): number {
  let equal = 0;
  let total = 0;
  for (const p of parts) {
    const words = tokenize(p.text).filter((t) => WORD.test(t)).length;
    if (p.op === "equal") {
      equal += 2 * words;
      total += 2 * words;
    } else total += words;
  }
  return total === 0 ? 1 : equal / total;
}
