// The parts of docs/ generated from the code, each between two markers in its page: `npm run docs` (scripts/docs.ts)
// writes them, scripts/docs.test.ts fails while one is out of date. A page is formatted with the repository's
// prettier settings after its parts are put in, so `prettier --check` and this check agree.
import fs from "node:fs";
import path from "node:path";
import prettier from "prettier";
import { restReference } from "@/server/http/rest-reference";
import { ROUTES } from "@/server/http/route-table";

export const ROOT = path.resolve(import.meta.dirname, "../..");

interface GeneratedPart {
  /** The page, relative to the repository root. */
  page: string;
  /** Its markers are `<!-- NAME:start … -->` and `<!-- NAME:end -->`. */
  name: string;
  render: () => string;
}

const PARTS: GeneratedPart[] = [
  { page: "docs/agents.md", name: "rest-reference", render: () => restReference(ROUTES) },
];

/** `page` with the text between the part's markers replaced by `text`. */
export function withPart(page: string, name: string, text: string): string {
  const start = page.search(new RegExp(`<!-- ${name}:start[^>]*-->`));
  const startEnd = page.indexOf("-->", start) + 3;
  const end = page.indexOf(`<!-- ${name}:end -->`);
  if (start < 0 || end < startEnd) throw new Error(`no "<!-- ${name}:start -->" … "<!-- ${name}:end -->" markers`);
  return `${page.slice(0, startEnd)}\n\n${text}\n\n${page.slice(end)}`;
}

/** Every page with generated parts, as it is and as it should be. */
export async function generatedPages(): Promise<{ page: string; current: string; expected: string }[]> {
  const pages = [...new Set(PARTS.map((p) => p.page))];
  return Promise.all(
    pages.map(async (page) => {
      const file = path.join(ROOT, page);
      const current = fs.readFileSync(file, "utf8");
      let expected = current;
      for (const part of PARTS.filter((p) => p.page === page)) expected = withPart(expected, part.name, part.render());
      const options = await prettier.resolveConfig(file);
      expected = await prettier.format(expected, { ...options, filepath: file });
      return { page, current, expected };
    }),
  );
}
