// Strings that break text handling in ways agents really produce, for the fuzz suites: lone UTF-16
// surrogates (an emoji cut in half), NUL, and the same letters in NFC, NFD and mixed normalisation. Whether a value is
// refused is decided by the one rule in lib/contracts/text.ts; tests compare against it.
import fc from "fast-check";

const TROUBLE = [
  "\ud800", // lone high
  "\udc00", // lone low
  "\udfff\ud800", // a pair in the wrong order: two lone halves
  "\ud83d", // the first half of 😀
  "\u0000",
  "\ud83d\ude00", // a whole emoji: fine
  "é", // NFC
  "e\u0301", // NFD of the same letter
  "\u1e9b\u0323", // mixed: neither NFC nor NFD
  "A\u030a", // NFD Å
  "\u212b", // the Ångström sign, which NFC changes
];

/** Text around one troublesome piece, e.g. "ab\ud800c". */
export const troubledText = fc
  .tuple(
    fc.string({ maxLength: 8 }),
    fc.constantFrom(...TROUBLE),
    fc.string({ maxLength: 8 }),
    fc.string({ unit: "binary", maxLength: 4 }),
  )
  .map(([a, t, b, tail]) => `${a}${t}${b}${tail}`.trim() || t);
