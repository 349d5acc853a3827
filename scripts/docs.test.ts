// The documents stay true to the code and to each other: the generated parts (scripts/lib/generated-docs.ts) match
// what the code generates now, and every relative link in a Markdown file of the repository leads to a file that
// exists and, with a #fragment, to a heading in it.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generatedPages, ROOT } from "./lib/generated-docs";

const SKIP = new Set(["node_modules", ".next", ".git", ".tmp", "test-results", "playwright-report", "data", "dist"]);

function markdownFiles(dir = ROOT): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : markdownFiles(p);
    return entry.name.endsWith(".md") ? [p] : [];
  });
}

/** The anchors of a page's headings, as GitHub makes them: lower case, punctuation dropped, spaces as hyphens. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    let unique = slug;
    for (let n = 1; anchors.has(unique); n++) unique = `${slug}-${n}`;
    anchors.add(unique);
  }
  return anchors;
}

/** Relative link targets outside code: `[text](target)`, without URLs and in-page links' own file. */
function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

describe("the documents", () => {
  it(
    "carry the parts generated from the code as the code generates them now (npm run docs rewrites them)",
    { timeout: 60_000 }, // loads the route table (every REST handler) and prettier
    async () => {
      for (const { page, current, expected } of await generatedPages()) {
        expect(current, `${page} is out of date: run npm run docs`).toBe(expected);
      }
    },
  );

  it("link only to files and headings that exist", () => {
    const files = markdownFiles();
    expect(files.map((f) => path.relative(ROOT, f))).toEqual(expect.arrayContaining(["README.md", "docs/agents.md"]));
    const broken: string[] = [];
    for (const file of files) {
      for (const target of relativeLinks(fs.readFileSync(file, "utf8"))) {
        const [where, fragment] = target.split("#") as [string, string | undefined];
        const resolved = where === "" ? file : path.resolve(path.dirname(file), decodeURIComponent(where));
        const from = path.relative(ROOT, file);
        if (!fs.existsSync(resolved)) broken.push(`${from}: ${target} (no such file)`);
        else if (fragment && resolved.endsWith(".md") && !anchorsOf(fs.readFileSync(resolved, "utf8")).has(fragment)) {
          broken.push(`${from}: ${target} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it("make anchors as GitHub does", () => {
    const anchors = anchorsOf(
      "# Agents and the API\n## MCP over HTTP (`/api/mcp`)\n```\n# not a heading\n```\n## Tests\n## Tests",
    );
    expect([...anchors]).toEqual(["agents-and-the-api", "mcp-over-http-apimcp", "tests", "tests-1"]);
  });
});
