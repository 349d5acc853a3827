// Text helpers shared by the ThoughtMCP engines and the health fold: tokens with their offsets (so every finding can
// point back into the input) and a cheap word-shingle similarity. Pure, no I/O.

export interface Token {
  /** Lower-cased word (apostrophes kept: "don't"). */
  word: string;
  start: number;
  end: number;
}

const WORD = /[A-Za-z0-9]+(?:['’][A-Za-z]+)*/g;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const start = match.index;
    tokens.push({ word: match[0].toLowerCase().replaceAll("’", "'"), start, end: start + match[0].length });
  }
  return tokens;
}

export function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/** Rounds to 2 decimals, as the seed's examples show every score. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Word shingles of size `size` (bigrams by default); a text shorter than a shingle gives its words as one shingle. */
export function shingles(text: string, size = 2): Set<string> {
  const words = tokenize(text).map((t) => t.word);
  const out = new Set<string>();
  if (words.length < size) {
    if (words.length > 0) out.add(words.join(" "));
    return out;
  }
  for (let i = 0; i + size <= words.length; i++) out.add(words.slice(i, i + size).join(" "));
  return out;
}

/** Jaccard similarity of two shingle sets: |A∩B| / |A∪B|, 0 when both are empty. */
export function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let shared = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const item of small) if (large.has(item)) shared++;
  return shared / (a.size + b.size - shared);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
