// How text splits into words, the same way SQLite FTS5's `unicode61 remove_diacritics 2` tokenizer splits it: a word
// is a run of letters, digits and combining marks; everything else separates. Words are compared case-folded and
// without diacritics ("Café" = "cafe"). Used for highlights (which must point at what the back end matched) and by the
// lexical similarity index. Offsets are JavaScript string indexes (UTF-16 code units).

export interface WordToken {
  /** Index of the first character in the original text. */
  start: number;
  /** Index after the last character. */
  end: number;
  /** Lower-cased, diacritics removed: the form words are compared in. */
  folded: string;
}

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const MARKS = /\p{M}/gu;

/** Case-folds a word and strips its diacritics. */
export function foldWord(word: string): string {
  return word.normalize("NFD").replace(MARKS, "").toLowerCase();
}

/** The words of a text with their positions. Words that are only combining marks fold to "" and are skipped. */
export function wordTokens(text: string): WordToken[] {
  const out: WordToken[] = [];
  for (const match of text.matchAll(WORD)) {
    const folded = foldWord(match[0]);
    if (folded) out.push({ start: match.index, end: match.index + match[0].length, folded });
  }
  return out;
}

/** Just the folded words. */
export function foldedWords(text: string): string[] {
  return wordTokens(text).map((t) => t.folded);
}

/** Whether a raw query word has anything a tokenizer would keep (`++` or `-` alone match nothing anywhere). */
export function hasWordCharacters(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}
