// Compiles a parsed query (lib/search/query.ts) to a PostgreSQL `to_tsquery` string, for
// `to_tsquery('simple', $1)` with the string as a bound parameter. Every term is a quoted tsquery operand ('…', with
// `'` doubled and `\` escaped), so `&`, `|`, `!`, `<->`, `:*` or `:A` typed by a user stay text. to_tsquery runs a
// quoted operand through the same parser and dictionaries as the document's to_tsvector, and joins the lexemes it
// yields with `<->`: `'node.js'` and `'C++'` become what the same characters become in a document, and a phrase
// `'dark mode'` becomes 'dark' <-> 'mode'.
import type { QueryNode } from "./query";

/** A quoted tsquery operand. */
export function tsqueryString(text: string): string {
  return `'${text.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
}

export function toTsquery(node: QueryNode): string {
  switch (node.kind) {
    case "term":
      return tsqueryString(node.text) + (node.prefix ? ":*" : "");
    case "phrase":
      return tsqueryString(node.words.join(" "));
    case "or":
      return `(${node.anyOf.map(toTsquery).join(" | ")})`;
    case "and": {
      const parts = [...node.include.map(toTsquery), ...node.exclude.map((n) => `!${toTsquery(n)}`)];
      return parts.length === 1 ? (parts[0] ?? "") : `(${parts.join(" & ")})`;
    }
  }
}

/** ts_rank(…, 1) (≥ 0; larger is better) as a rank in (0, 1): r / (1 + r), like rankFromBm25 for SQLite. */
export function rankFromTsRank(tsRank: number): number {
  const r = Math.max(0, tsRank);
  return Number.isFinite(r) ? r / (1 + r) : 1;
}
