// Compiles a parsed query (lib/search/query.ts) to a PostgreSQL `to_tsquery` string, for
// `to_tsquery('simple', $1)` with the string as a bound parameter, against a column made by `pgSearchVectorSql`.
//
// Both sides split words the way SQLite FTS5's unicode61 tokenizer does, so one query finds the same rows on both
// back ends (test/services/search-query.test.ts). PostgreSQL's own parser keeps emails, hosts, URLs, versions,
// decimals and signed numbers whole (`user@example.com`, `v1.2.3`, `-12`), so a search for `example` or `12` would miss
// them; the column therefore replaces ASCII punctuation with spaces before to_tsvector, and a query term is split the
// same way here (`node.js` → 'node' <-> 'js', `C++` → 'c'). The class is spelled out in ASCII ranges, not
// [[:alnum:]], because under the C ctype our clusters use, [[:alnum:]] is ASCII-only and would erase "é" from "café".
// Case: under the C ctype PostgreSQL lower-cases ASCII only ("NAÏVE" would stay "naÏve"), so the column lower-cases
// with the ICU root collation (`und-x-icu`, present in PostgreSQL builds with ICU: Debian, Ubuntu, RHEL, the official
// Docker image) and the query's words are lower-cased here, leaving the dictionary nothing locale-dependent to do.
//
// Every word is a quoted tsquery operand ('…', `'` doubled, `\` escaped), so `&`, `|`, `!`, `<->` or `:*` typed by
// a user stay text.
import type { QueryNode } from "./query";

/** ASCII characters that are neither letters nor digits: word separators on both back ends. */
const ASCII_SEPARATORS = /[^\P{ASCII}\p{L}\p{N}]+/gu;
/** The same class for a PostgreSQL regular expression (NUL cannot occur in text). */
const PG_ASCII_SEPARATORS = "[\\x01-\\x2F\\x3A-\\x40\\x5B-\\x60\\x7B-\\x7F]+";

/**
 * The SQL expression of a search column for `expression` (a column or a coalesce(…)), e.g. in a migration:
 * `"searchVector" tsvector GENERATED ALWAYS AS (${pgSearchVectorSql('"text"')}) STORED`. Immutable, as a generated
 * column requires.
 */
export function pgSearchVectorSql(expression: string): string {
  return `to_tsvector('simple'::regconfig, regexp_replace(lower(${expression} COLLATE "und-x-icu"), '${PG_ASCII_SEPARATORS}', ' ', 'g'))`;
}

/**
 * What `pgSearchVectorSql` hands to_tsvector, computed in JavaScript: lower-cased, each run of ASCII separators one space.
 * Thought's write path and search indexer send this and call `pgSearchVectorOfSearchTextSql`, because
 * PostgreSQL spent about as long on regexp_replace (~90 ms per 1,000 texts of 285 characters) as on to_tsvector
 * itself (~100 ms), against ~5 ms here. Same vectors as the SQL expression
 * (test/services/search-query.test.ts), except for the ~250 code points whose case mapping Node's ICU knows and
 * PostgreSQL's does not yet (Unicode 16 additions): those follow JavaScript's mapping, as `toTsquery`'s query words do.
 */
export function searchText(text: string): string {
  return text.toLowerCase().replace(ASCII_SEPARATORS, " ");
}

/** The search column for `expression`, a text already made by `searchText`. */
export function pgSearchVectorOfSearchTextSql(expression: string): string {
  return `to_tsvector('simple'::regconfig, ${expression})`;
}

/** A quoted tsquery operand. */
export function tsqueryString(text: string): string {
  return `'${text.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
}

/** Lower-cased words in order, each its own operand, joined by FOLLOWED BY; `:*` on the last for a prefix. */
function followedBy(text: string, prefix: boolean): string {
  const words = text.toLowerCase().split(ASCII_SEPARATORS).filter(Boolean);
  const operands = words.map((w, i) => tsqueryString(w) + (prefix && i === words.length - 1 ? ":*" : ""));
  return operands.length === 1 ? (operands[0] ?? "") : `(${operands.join(" <-> ")})`;
}

export function toTsquery(node: QueryNode): string {
  switch (node.kind) {
    case "term":
      return followedBy(node.text, node.prefix);
    case "phrase":
      return followedBy(node.words.join(" "), false);
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
