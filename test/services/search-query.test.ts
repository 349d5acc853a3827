// Golden cases for the one full-text query parser (lib/search/query.ts), run against both real back ends: an SQLite
// FTS5 table in a temp file (tokenize 'unicode61 remove_diacritics 2') and a PostgreSQL table with a generated
// tsvector column (pgSearchVectorSql: 'simple' configuration, ASCII punctuation split as FTS5 splits it) and a GIN index, on the run's cluster in a fresh database. Each case gives
// the rows a query must match; both back ends must return exactly those, and our highlight must mark something in
// every row they return (it points at what the back end matched).
import path from "node:path";

import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { toFts5 } from "@/lib/search/fts5";
import { highlight } from "@/lib/search/highlight";
import { parseQuery, type QueryErrorCode } from "@/lib/search/query";
import { pgSearchVectorOfSearchTextSql, pgSearchVectorSql, searchText, toTsquery } from "@/lib/search/tsquery";
import { freshPgUrl } from "@/test/support/pg";
import { freshSqliteUrl } from "@/test/support/sqlite-file";

const DOCS: Record<number, string> = {
  1: "User prefers dark mode for all applications",
  2: "The light mode theme is the default",
  3: "Dark chocolate is preferred over milk chocolate",
  4: "I write C++ and Rust every day",
  5: "Deploy with node.js version 20",
  6: "Mode of transport: bicycle",
  7: "dark",
  8: 'The agent said "quoted text" here',
  9: "Dark mode, not light mode, for the editor",
  10: "preference settings: dark",
  11: "mode set to dark",
  12: "It's a body:dark pattern & more | less",
  13: "snake_case naming and e-mail address user@example.com",
  14: "see https://example.org/docs/page for v1.2.3 and 3.14",
  15: "café au lait, naïve Ünïcödé",
  16: "well-known pattern in C# and F#",
  17: "the 2025-12-07 release at 10:30",
  18: "Привет мир 日本語",
};

const GOLDEN: Array<[query: string, ids: number[]]> = [
  // implicit and explicit AND
  ["dark mode", [1, 9, 11]],
  ["dark AND mode", [1, 9, 11]],
  ["Dark MODE", [1, 9, 11]],
  // phrases: adjacent words in order
  ['"dark mode"', [1, 9]],
  ['"mode dark"', []],
  ['"quoted text"', [8]],
  // a quote left open runs to the end
  ['"dark mode', [1, 9]],
  ['said "quoted text', [8]],
  // NOT
  ["dark NOT mode", [3, 7, 10, 12]],
  ["dark mode NOT light", [1, 11]],
  ["NOT light dark mode", [1, 11]],
  ["dark NOT (mode OR chocolate)", [7, 10, 12]],
  // OR and precedence (AND binds tighter)
  ["chocolate OR bicycle", [3, 6]],
  ["dark OR light", [1, 2, 3, 7, 9, 10, 11, 12]],
  ["(dark OR light) AND theme", [2]],
  ["light theme OR bicycle", [2, 6]],
  // prefixes
  ["pref*", [1, 3, 10]],
  // punctuation inside words: split as the document's text is
  ["C++", [4, 16]],
  ["C#", [4, 16]],
  ["c++ rust", [4]],
  ["node.js", [5]],
  ["It's", [12]],
  // PostgreSQL's parser alone would keep these whole (email, host, URL, version, decimal, signed number); the
  // search column splits them as FTS5 does, so a part finds them on both back ends
  ["user@example.com", [13]],
  ["example", [13, 14]],
  ["exam*", [13, 14]],
  ["example.com", [13]],
  ["https://example.org/docs/page", [14]],
  ["docs", [14]],
  ["v1.2.3", [14]],
  ["3.14", [14]],
  ["14", [14]],
  ["snake_case", [13]],
  ["e-mail", [13]],
  ["mail", [13]],
  ["well-known", [16]],
  ["well-kn*", [16]],
  ["2025-12-07", [17]],
  ["12", [17]],
  ["10:30", [17]],
  // letters beyond ASCII
  ["café", [15]],
  ["NAÏVE", [15]],
  ["ünïcödé", [15]],
  ["привет", [18]],
  ["日本語", [18]],
  // stray operators and punctuation are ignored
  ["OR dark AND", [1, 3, 7, 9, 10, 11, 12]],
  ["dark OR OR chocolate", [1, 3, 7, 9, 10, 11, 12]],
  ["chocolate - ++", [3]],
  ["chocolate)", [3]],
  // the back ends' own syntax typed as text stays text
  ["body:dark", [12]],
  ["dark' | light", [9]],
  ["NEAR(dark mode)", []],
  ["dark & more", [12]],
  ["!light theme", [2]],
  ["colour", []],
];

// Where the back ends knowingly differ: FTS5's remove_diacritics folds accents; PostgreSQL's 'simple' does not (unaccent
// is an extension we cannot assume, and not immutable).
const KNOWN_DIFFERENCES: Array<[query: string, rows: { fts5: number[]; pg: number[] }]> = [
  ["cafe", { fts5: [15], pg: [] }],
  ["naive", { fts5: [15], pg: [] }],
];

const REFUSED: Array<[query: string, code: QueryErrorCode]> = [
  ["", "empty_query"],
  ["   ", "empty_query"],
  ["AND OR NOT", "empty_query"],
  ["( ) ++ -", "empty_query"],
  ['""', "empty_query"],
  ["NOT dark", "only_negative"],
  ["dark OR NOT mode", "only_negative"],
];

let sqlite: Database.Database;
let client: pg.Client;

beforeAll(async () => {
  const file = freshSqliteUrl("search-query").slice("file:".length);
  expect(path.isAbsolute(file)).toBe(true);
  sqlite = new Database(file);
  sqlite.exec("CREATE VIRTUAL TABLE doc USING fts5(body, tokenize = 'unicode61 remove_diacritics 2')");
  const insert = sqlite.prepare("INSERT INTO doc (rowid, body) VALUES (?, ?)");
  for (const [id, body] of Object.entries(DOCS)) insert.run(Number(id), body);

  client = new pg.Client({ connectionString: await freshPgUrl("search_query") });
  await client.connect();
  await client.query(`CREATE TABLE doc (
    id integer PRIMARY KEY,
    body text NOT NULL,
    tsv tsvector GENERATED ALWAYS AS (${pgSearchVectorSql("body")}) STORED
  )`);
  await client.query("CREATE INDEX doc_tsv ON doc USING gin (tsv)");
  for (const [id, body] of Object.entries(DOCS)) {
    await client.query("INSERT INTO doc (id, body) VALUES ($1, $2)", [Number(id), body]);
  }
});

afterAll(async () => {
  sqlite.close();
  await client.end();
});

function compiled(query: string) {
  const parsed = parseQuery(query);
  if (!parsed.ok) throw new Error(`${query}: ${parsed.message}`);
  return { ast: parsed.query, fts5: toFts5(parsed.query), tsquery: toTsquery(parsed.query) };
}

function sqliteIds(match: string): number[] {
  return sqlite
    .prepare<[string], { id: number }>("SELECT rowid AS id FROM doc WHERE doc MATCH ? ORDER BY rowid")
    .all(match)
    .map((r) => r.id);
}

async function pgIds(tsquery: string): Promise<number[]> {
  const result = await client.query<{ id: number }>(
    "SELECT id FROM doc WHERE tsv @@ to_tsquery('simple', $1) ORDER BY id",
    [tsquery],
  );
  return result.rows.map((r) => r.id);
}

describe("golden queries on SQLite FTS5 and PostgreSQL tsquery", () => {
  it.each(GOLDEN)("%s → %j", async (query, ids) => {
    const { ast, fts5, tsquery } = compiled(query);
    expect({ fts5: sqliteIds(fts5), pg: await pgIds(tsquery) }).toEqual({ fts5: ids, pg: ids });
    for (const id of ids) {
      expect(highlight(DOCS[id] ?? "", ast).ranges.length, `highlight of row ${id}`).toBeGreaterThan(0);
    }
  });

  it.each(KNOWN_DIFFERENCES)("%s differs as documented: %j", async (query, rows) => {
    const { fts5, tsquery } = compiled(query);
    expect({ fts5: sqliteIds(fts5), pg: await pgIds(tsquery) }).toEqual(rows);
  });

  it.each(REFUSED)("%j is refused before it reaches a back end (%s)", (query, code) => {
    expect(parseQuery(query)).toMatchObject({ ok: false, code });
  });

  it("ranks: FTS5 bm25 and length-normalised ts_rank both put the shortest exact match first", async () => {
    const { fts5, tsquery } = compiled("dark");
    const sqliteTop = sqlite
      .prepare<[string], { id: number }>("SELECT rowid AS id FROM doc WHERE doc MATCH ? ORDER BY rank, rowid LIMIT 1")
      .get(fts5);
    // ts_rank normalisation 1: divide by 1 + log(length), so a short exact match beats a long one.
    const pgTop = await client.query<{ id: number }>(
      "SELECT id FROM doc WHERE tsv @@ to_tsquery('simple', $1) ORDER BY ts_rank(tsv, to_tsquery('simple', $1), 1) DESC, id LIMIT 1",
      [tsquery],
    );
    expect(sqliteTop?.id).toBe(7);
    expect(pgTop.rows[0]?.id).toBe(7);
  });
});

describe("searchText: the column's lower-casing and splitting done in JavaScript (Thought's write path and indexer)", () => {
  // Beyond DOCS: case mappings with context or expansion (final sigma, dotted İ, Kelvin sign, ß), controls, emoji,
  // combining marks, runs of separators, and every ASCII character.
  const EXTRA = [
    "ΟΔΟΣ ΣΑΣ aΣ Σa οδοσ.",
    "İstanbul KELVIN \u212a ẞ Straße ǅ ǈ Ⅻ ⓐⒶ",
    "tab\tnew\nline\rcr\u0001\u001f\u007f end",
    "emoji 👍🏽 family 👨‍👩‍👧 e\u0301 cafe\u0301 — «quoted» …",
    "---a---b___c...d,,,e;;f",
    Array.from({ length: 127 }, (_, i) => String.fromCharCode(i + 1)).join(""),
  ];

  it("gives to_tsvector the text the SQL expression gives it, so the vectors are equal", async () => {
    const texts = [...Object.values(DOCS), ...EXTRA];
    const { rows } = await client.query<{ sql: string; js: string }>(
      `SELECT ${pgSearchVectorSql("u.t")}::text AS "sql", ${pgSearchVectorOfSearchTextSql("u.s")}::text AS "js"
       FROM unnest($1::text[], $2::text[]) AS u(t, s)`,
      [texts, texts.map(searchText)],
    );
    expect(rows.map((r) => r.js)).toEqual(rows.map((r) => r.sql));
    expect(rows.every((r) => r.sql.length > 0)).toBe(true);
  });
});
