// The one full-text query parser, shared by every search door (ThoughtMCP `search`, GET /api/v1/search, the app bar,
// the sessions list). It turns what a person or an agent typed into a small AST that lib/search/fts5.ts (SQLite) and
// lib/search/tsquery.ts (PostgreSQL) compile, and lib/search/highlight.ts uses to mark matches.
//
// Syntax: words are ANDed (`dark mode`), `AND`, `OR`, `NOT` in capitals are operators (lower-case "and" is a word),
// `"a phrase"`, `prefix*`, parentheses. Precedence NOT > AND > OR, as in FTS5. Typing is forgiving and the parser never
// throws: a quote left open runs to the end, stray operators (`OR dark`, `dark AND`, `AND OR`) and unmatched
// parentheses are ignored, punctuation stays inside a word (`C++`, `node.js`; the back ends' tokenizers split it the
// same way a document's text is split), and a word with no letter or digit (`-`, `++`) is dropped because it would
// match nothing. Every fix-up is listed in `notes`. What cannot be searched is an error with a suggestion: an empty
// query, and a group that only excludes (`NOT draft`): FTS5's NOT is binary, so "everything except" has no FTS5 form,
// and both back ends must accept the same queries.

import { hasWordCharacters } from "./tokens";

export type QueryNode =
  /** One word as typed (punctuation kept: the back end tokenizes it like document text). */
  | { kind: "term"; text: string; prefix: boolean }
  /** Words that must appear next to each other in this order. */
  | { kind: "phrase"; words: string[] }
  /** Every `include` matches and no `exclude` does. `include` is never empty. */
  | { kind: "and"; include: QueryNode[]; exclude: QueryNode[] }
  /** At least one matches. */
  | { kind: "or"; anyOf: QueryNode[] };

export type QueryErrorCode = "empty_query" | "only_negative" | "too_long" | "too_many_terms";

export type ParsedQuery =
  | { ok: true; query: QueryNode; notes: string[] }
  | { ok: false; code: QueryErrorCode; message: string; suggestion: string };

/** Characters in a query. Longer input is refused, not cut: a cut could change its meaning. */
export const MAX_QUERY_CHARS = 1_000;
/** Terms and phrases in a query; each becomes a posting-list lookup in the back end. */
export const MAX_QUERY_TERMS = 64;
/** Parentheses deeper than this are ignored; keeps the recursion shallow whatever is typed. */
export const MAX_QUERY_DEPTH = 16;

type Token =
  { type: "word"; text: string } | { type: "phrase"; text: string } | { type: "and" | "or" | "not" | "open" | "close" };

function tokenize(input: string, notes: string[]): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i] ?? "";
    if (/\s/u.test(c)) {
      i++;
    } else if (c === "(") {
      tokens.push({ type: "open" });
      i++;
    } else if (c === ")") {
      tokens.push({ type: "close" });
      i++;
    } else if (c === '"') {
      const close = input.indexOf('"', i + 1);
      if (close < 0) notes.push("A quote was left open; the phrase runs to the end of the query.");
      const end = close < 0 ? input.length : close;
      tokens.push({ type: "phrase", text: input.slice(i + 1, end) });
      i = end + 1;
    } else {
      let j = i;
      while (j < input.length && !/[\s()"]/u.test(input[j] ?? "")) j++;
      const word = input.slice(i, j);
      if (word === "AND") tokens.push({ type: "and" });
      else if (word === "OR") tokens.push({ type: "or" });
      else if (word === "NOT") tokens.push({ type: "not" });
      else tokens.push({ type: "word", text: word });
      i = j;
    }
  }
  return tokens;
}

class Parser {
  private pos = 0;
  terms = 0;
  negativeOnly: string | undefined;

  constructor(
    private readonly tokens: Token[],
    readonly notes: string[],
  ) {}

  private peek(): Token | undefined {
    return this.tokens[this.pos];
  }

  private note(text: string): void {
    if (!this.notes.includes(text)) this.notes.push(text);
  }

  /** orExpr := andExpr (OR andExpr)* */
  parseOr(depth: number): QueryNode | null {
    const branches: QueryNode[] = [];
    let sawOr = false;
    for (;;) {
      const branch = this.parseAnd(depth);
      if (branch) branches.push(branch);
      else if (sawOr || this.peek()?.type === "or") this.note("An OR without a term on one side was ignored.");
      if (this.peek()?.type !== "or") break;
      this.pos++;
      sawOr = true;
    }
    if (branches.length === 0) return null;
    if (branches.length === 1) return branches[0] ?? null;
    return { kind: "or", anyOf: branches.flatMap((b) => (b.kind === "or" ? b.anyOf : [b])) };
  }

  /** andExpr := (AND? NOT* primary)* — stops at OR, at `)` inside parentheses, and at the end. */
  parseAnd(depth: number): QueryNode | null {
    const include: QueryNode[] = [];
    const exclude: QueryNode[] = [];
    for (;;) {
      const token = this.peek();
      if (!token || token.type === "or") break;
      if (token.type === "close") {
        if (depth > 0) break;
        this.pos++;
        this.note("An unmatched ) was ignored.");
        continue;
      }
      if (token.type === "and") {
        this.pos++;
        const next = this.peek();
        if (include.length + exclude.length === 0 || !next || next.type === "or" || next.type === "close") {
          this.note("An AND without a term on one side was ignored.");
        }
        continue;
      }
      let negations = 0;
      while (this.peek()?.type === "not") {
        negations++;
        this.pos++;
      }
      const operand = this.parsePrimary(depth);
      if (!operand) {
        if (negations > 0) this.note("A NOT without a term after it was ignored.");
        continue;
      }
      (negations % 2 === 1 ? exclude : include).push(operand);
    }
    if (include.length === 0) {
      if (exclude.length > 0) this.negativeOnly ??= describe(exclude[0]);
      return null;
    }
    if (include.length === 1 && exclude.length === 0) return include[0] ?? null;
    return {
      kind: "and",
      include: include.flatMap((n) => (n.kind === "and" && n.exclude.length === 0 ? n.include : [n])),
      exclude,
    };
  }

  /** primary := word | "phrase" | ( orExpr ). Returns null for what matches nothing (punctuation, `()`, `""`). */
  private parsePrimary(depth: number): QueryNode | null {
    const token = this.peek();
    if (!token) return null;
    if (token.type === "word") {
      this.pos++;
      return this.term(token.text);
    }
    if (token.type === "phrase") {
      this.pos++;
      const words = token.text.split(/\s+/u).filter(hasWordCharacters);
      if (words.length === 0) return null;
      this.terms++;
      if (words.length === 1) return { kind: "term", text: words[0] ?? "", prefix: false };
      return { kind: "phrase", words };
    }
    if (token.type === "open") {
      this.pos++;
      if (depth >= MAX_QUERY_DEPTH) {
        this.note(`Parentheses nested deeper than ${MAX_QUERY_DEPTH} were ignored.`);
        return this.parsePrimary(depth);
      }
      const inner = this.parseOr(depth + 1);
      if (this.peek()?.type === "close") this.pos++;
      else this.note("A ( was left open; it closes at the end of the query.");
      return inner;
    }
    // A NOT/AND/OR/close reached here is handled by the callers; consume nothing.
    return null;
  }

  private term(raw: string): QueryNode | null {
    const prefix = /\*+$/u.test(raw);
    const text = raw.replace(/\*+$/u, "");
    if (!hasWordCharacters(text)) {
      if (text) this.note(`"${text}" has no letters or digits and was ignored.`);
      return null;
    }
    this.terms++;
    return { kind: "term", text, prefix };
  }
}

/** A node as a user would type it, for messages. */
export function describe(node: QueryNode | undefined): string {
  if (!node) return "";
  switch (node.kind) {
    case "term":
      return node.text + (node.prefix ? "*" : "");
    case "phrase":
      return `"${node.words.join(" ")}"`;
    case "or":
      return `(${node.anyOf.map(describe).join(" OR ")})`;
    case "and":
      return [...node.include.map(describe), ...node.exclude.map((n) => `NOT ${describe(n)}`)].join(" ");
  }
}

function refuse(code: QueryErrorCode, message: string, suggestion: string): ParsedQuery {
  return { ok: false, code, message, suggestion };
}

/** Parses a search query. Never throws. */
export function parseQuery(input: string): ParsedQuery {
  if (input.length > MAX_QUERY_CHARS) {
    return refuse(
      "too_long",
      `The query is ${input.length} characters; at most ${MAX_QUERY_CHARS} are searched.`,
      "Search for the few words that matter most.",
    );
  }
  const notes: string[] = [];
  const parser = new Parser(tokenize(input, notes), notes);
  const query = parser.parseOr(0);
  if (parser.terms > MAX_QUERY_TERMS) {
    return refuse(
      "too_many_terms",
      `The query has ${parser.terms} terms; at most ${MAX_QUERY_TERMS} are allowed.`,
      "Search for fewer words, or use a phrase for words that belong together.",
    );
  }
  if (parser.negativeOnly !== undefined) {
    return refuse(
      "only_negative",
      `NOT ${parser.negativeOnly} only excludes; a search needs something to match.`,
      `Add a word to find, e.g. "report NOT ${parser.negativeOnly}".`,
    );
  }
  if (!query) {
    return refuse(
      "empty_query",
      input.trim() ? "The query has no words to search for." : "The query is empty.",
      'Type one or more words; use "quotes" for a phrase, OR for alternatives and NOT to exclude.',
    );
  }
  return { ok: true, query, notes };
}

/** The positive terms and phrases of a query (those under a NOT left out): what a highlight marks. */
export function positiveLeaves(node: QueryNode): Array<Extract<QueryNode, { kind: "term" | "phrase" }>> {
  switch (node.kind) {
    case "term":
    case "phrase":
      return [node];
    case "or":
      return node.anyOf.flatMap(positiveLeaves);
    case "and":
      return node.include.flatMap(positiveLeaves);
  }
}
