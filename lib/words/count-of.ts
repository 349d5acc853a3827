// Counts in words with the right plural ("1 branch", "2 branches", "1,240 thoughts"), for every screen. English
// plurals of the nouns the dashboard counts: add "es" after s/x/z/ch/sh, "ies" after a consonant + y, else "s".
// Built on first use and kept: constructing an Intl formatter loads its locale data (the first one cost ~87 ms of
// script evaluation in a traced session-page load), and at module scope every page importing this paid for it on load.
let grouped: Intl.NumberFormat | undefined;

/** A count with thousands separators ("2,940"): every count the dashboard shows goes through this. */
export function formatCount(n: number): string {
  grouped ??= new Intl.NumberFormat("en");
  return grouped.format(n);
}

export function plural(noun: string, n: number): string {
  if (n === 1) return noun;
  if (/(s|x|z|ch|sh)$/.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

/** "1 session", "3 branches", "12,400 thoughts"; an explicit plural for irregular nouns ("person", "people"). */
export function countOf(n: number, noun: string, pluralNoun?: string): string {
  return `${formatCount(n)} ${n === 1 ? noun : (pluralNoun ?? plural(noun, n))}`;
}
