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

const A = 65,
  Z = 90,
  a = 97,
  z = 122,
  D0 = 48,
  D9 = 57,
  APOSTROPHE = 39,
  CURLY_APOSTROPHE = 0x2019;
const isAlnum = (c: number) => (c >= a && c <= z) || (c >= A && c <= Z) || (c >= D0 && c <= D9);
const isLetter = (c: number) => (c >= a && c <= z) || (c >= A && c <= Z);

/**
 * The words `tokenize` finds, lower-cased, with their offsets pushed to `starts` when given: one pass of char codes and one string per word. The
 * detectors that run on every thought (server/services/reasoning/detect-on-write.ts) share it, where tokenize's
 * regex and a {word,start,end} object per token cost about as much as the lexicon lookups themselves.
 */
export function words(text: string, starts?: number[]): string[] {
  const out: string[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (!isAlnum(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    let curly = false;
    while (i < n && isAlnum(text.charCodeAt(i))) i++;
    // ['’][A-Za-z]+ continues the word ("don't", "it’s"), as often as it repeats.
    for (;;) {
      const c = text.charCodeAt(i);
      if ((c !== APOSTROPHE && c !== CURLY_APOSTROPHE) || !isLetter(text.charCodeAt(i + 1))) break;
      if (c === CURLY_APOSTROPHE) curly = true;
      i += 2;
      while (i < n && isLetter(text.charCodeAt(i))) i++;
    }
    const word = text.slice(start, i).toLowerCase();
    out.push(curly ? word.replaceAll("’", "'") : word);
    starts?.push(start);
  }
  return out;
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
  // words(), not tokenize(): the same words without a regex and an object per word (the session header's health
  // folds every thought of a session through this: 20,000 thoughts in 185–218 ms before, measured in process).
  const all = words(text);
  const out = new Set<string>();
  if (all.length < size) {
    if (all.length > 0) out.add(all.join(" "));
    return out;
  }
  if (size === 2) {
    for (let i = 0; i + 1 < all.length; i++) out.add(`${all[i]} ${all[i + 1]}`);
    return out;
  }
  for (let i = 0; i + size <= all.length; i++) out.add(all.slice(i, i + size).join(" "));
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
