// Where a query matched a text, as ranges and the matched terms, never as markup: a client draws the marks itself
// (React elements, terminal colours), so a thought containing `<script>` can never become live HTML. Matching mirrors
// the back ends' tokenizers (lib/search/tokens.ts): a term matches the run of words it tokenizes to (`node.js` →
// node, js), a phrase its words in order, `prefix*` any word starting so. Terms under NOT are not marked.
import { positiveLeaves, type QueryNode } from "./query";
import { foldedWords, wordTokens, type WordToken } from "./tokens";

export interface HighlightRange {
  /** String index of the first marked character. */
  start: number;
  /** String index after the last marked character. */
  end: number;
}

export interface Highlight {
  /** Sorted, non-overlapping; touching ranges are merged. */
  ranges: HighlightRange[];
  /** The query's terms and phrases that matched, case-folded, in query order, each once. */
  matchedTerms: string[];
}

interface Needle {
  label: string;
  words: string[];
  prefix: boolean;
}

function needles(query: QueryNode): Needle[] {
  const out: Needle[] = [];
  for (const leaf of positiveLeaves(query)) {
    const words = foldedWords(leaf.kind === "term" ? leaf.text : leaf.words.join(" "));
    if (words.length === 0) continue;
    const label = words.join(" ");
    if (!out.some((n) => n.label === label && n.prefix === (leaf.kind === "term" && leaf.prefix))) {
      out.push({ label, words, prefix: leaf.kind === "term" && leaf.prefix });
    }
  }
  return out;
}

function matchesAt(tokens: WordToken[], at: number, needle: Needle): boolean {
  for (let k = 0; k < needle.words.length; k++) {
    const token = tokens[at + k];
    const word = needle.words[k] ?? "";
    if (!token) return false;
    const prefixWord = needle.prefix && k === needle.words.length - 1;
    if (prefixWord ? !token.folded.startsWith(word) : token.folded !== word) return false;
  }
  return true;
}

export function highlight(text: string, query: QueryNode): Highlight {
  const tokens = wordTokens(text);
  const found: HighlightRange[] = [];
  const matchedTerms: string[] = [];
  for (const needle of needles(query)) {
    let matched = false;
    for (let i = 0; i + needle.words.length <= tokens.length; i++) {
      if (!matchesAt(tokens, i, needle)) continue;
      matched = true;
      const first = tokens[i];
      const last = tokens[i + needle.words.length - 1];
      if (first && last) found.push({ start: first.start, end: last.end });
    }
    if (matched && !matchedTerms.includes(needle.label)) matchedTerms.push(needle.label);
  }
  return { ranges: mergeRanges(found), matchedTerms };
}

/** Sorts and merges overlapping or touching ranges. */
export function mergeRanges(ranges: HighlightRange[]): HighlightRange[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start || a.end - b.end);
  const out: HighlightRange[] = [];
  for (const r of sorted) {
    const prev = out[out.length - 1];
    if (prev && r.start <= prev.end) prev.end = Math.max(prev.end, r.end);
    else out.push({ ...r });
  }
  return out;
}

export interface Snippet {
  text: string;
  /** Ranges within `text`. */
  ranges: HighlightRange[];
  /** Whether text was cut before / after the snippet (a client shows "…"). */
  cutStart: boolean;
  cutEnd: boolean;
}

/**
 * A window of at most `maxChars` around the first match (the text's start when nothing matched), cut at word
 * boundaries where one is near, with the ranges that fall inside it shifted to the snippet.
 */
export function snippet(text: string, ranges: HighlightRange[], maxChars = 200): Snippet {
  if (text.length <= maxChars) return { text, ranges, cutStart: false, cutEnd: false };
  const anchor = ranges[0]?.start ?? 0;
  // A quarter of the window before the first match: enough to read the sentence it is in.
  let start = Math.max(0, Math.min(anchor - Math.floor(maxChars / 4), text.length - maxChars));
  if (start > 0) {
    const space = text.indexOf(" ", start);
    if (space >= 0 && space < anchor && space - start < 20) start = space + 1;
  }
  let end = Math.min(text.length, start + maxChars);
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    if (space > start && end - space < 20) end = space;
  }
  return {
    text: text.slice(start, end),
    ranges: ranges
      .filter((r) => r.end > start && r.start < end)
      .map((r) => ({ start: Math.max(r.start, start) - start, end: Math.min(r.end, end) - start })),
    cutStart: start > 0,
    cutEnd: end < text.length,
  };
}
