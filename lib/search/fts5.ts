// Compiles a parsed query (lib/search/query.ts) to an SQLite FTS5 MATCH expression. Every term and phrase becomes an
// FTS5 string literal ("…", inner quotes doubled), so nothing a user types is read as FTS5 syntax: `col:x`, `^x`,
// `NEAR(…)`, `*` or a stray `"` are all plain text to the tokenizer. Passed as a bound parameter (`… MATCH ?`), never
// spliced into SQL. Every compound is parenthesised, so FTS5's own precedence never decides anything.
import type { QueryNode } from "./query";

/** An FTS5 string literal. */
export function fts5String(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

export function toFts5(node: QueryNode): string {
  switch (node.kind) {
    case "term":
      return fts5String(node.text) + (node.prefix ? "*" : "");
    case "phrase":
      return fts5String(node.words.join(" "));
    case "or":
      return group(node.anyOf, "OR");
    case "and": {
      const positive = group(node.include, "AND");
      // FTS5's NOT is binary ("a NOT b"): exclude the union of everything after NOT.
      return node.exclude.length === 0 ? positive : `(${positive} NOT ${group(node.exclude, "OR")})`;
    }
  }
}

function group(nodes: QueryNode[], operator: "AND" | "OR"): string {
  const parts = nodes.map(toFts5);
  return parts.length === 1 ? (parts[0] ?? "") : `(${parts.join(` ${operator} `)})`;
}

/** FTS5's bm25() (negative; more negative is better) as a rank in (0, 1): r / (1 + r) with r = −bm25. Comparable
 *  within one answer, not with PostgreSQL's ranks. */
export function rankFromBm25(bm25: number): number {
  const r = Math.max(0, -bm25);
  return Number.isFinite(r) ? r / (1 + r) : 1;
}
