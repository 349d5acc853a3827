// The parts of docs/ generated from the code, each between two markers in its page: `npm run docs` (scripts/docs.ts)
// writes them, scripts/docs.test.ts fails while one is out of date. A page is formatted with the repository's
// prettier settings after its parts are put in, so `prettier --check` and this check agree.
import fs from "node:fs";
import path from "node:path";
import prettier from "prettier";
import { SETTING_GROUPS, SETTINGS, type Setting } from "@/server/config";
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

/** `text` as lines of at most `width` characters, each after the first indented by `indent`. */
function wrap(text: string, width = 120, indent = "  "): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = indent + word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  return [...lines, line].join("\n");
}

/** A default as the list shows it: a value as code, a description ("unset", "from the URL's path") as words. */
const shownDefault = (d: string) =>
  d === "unset" || d === "generated" || d.startsWith("from ") || d.includes("`") ? d : `\`${d}\``;

/** The variables of server/config.ts by group: name, default and meaning. */
export function settingsReference(): string {
  const settings = Object.entries(SETTINGS as Record<string, Setting<unknown>>);
  return Object.entries(SETTING_GROUPS)
    .map(([group, title]) => {
      const items = settings
        .filter(([, s]) => s.group === group)
        .map(([name, s]) => wrap(`- \`${name}\` (default ${shownDefault(s.default)}): ${s.meaning}`));
      return [`### ${title}`, "", ...items].join("\n");
    })
    .join("\n\n");
}

const PARTS: GeneratedPart[] = [
  { page: "docs/agents.md", name: "rest-reference", render: () => restReference(ROUTES) },
  { page: "docs/operating.md", name: "settings", render: settingsReference },
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
