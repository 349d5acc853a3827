// Renders Markdown as a CommonMark + GFM viewer that shows inline HTML would (unified, remark-parse, remark-gfm,
// remark-rehype keeping raw HTML), and reports what a hostile document could do there: the raw HTML it would
// insert and every link or image URL it would point at. The export tests use it to check the Markdown export.
import type { Element, Root, RootContent } from "hast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype, { allowDangerousHtml: true }).freeze();

export interface RenderedMarkdown {
  /** Raw HTML a viewer would insert as markup. */
  raw: string[];
  /** href and src values. */
  urls: string[];
  /** The visible text. */
  text: string;
}

export function renderMarkdown(markdown: string): RenderedMarkdown {
  const tree = processor.runSync(processor.parse(markdown));
  const out: RenderedMarkdown = { raw: [], urls: [], text: "" };
  const walk = (node: Root | Element) => {
    for (const child of node.children as RootContent[]) {
      if (child.type === "raw") out.raw.push(child.value);
      else if (child.type === "text") out.text += child.value;
      else if (child.type === "element") {
        for (const key of ["href", "src"]) if (key in child.properties) out.urls.push(String(child.properties[key]));
        walk(child);
      }
    }
  };
  walk(tree);
  return out;
}

/** A URL as a browser resolves its scheme: tabs and newlines removed, leading controls and spaces dropped. */
export function urlScheme(url: string): string | null {
  // eslint-disable-next-line no-control-regex
  const cleaned = url.replace(/[\t\n\r]/g, "").replace(/^[\x00-\x20]+/, "");
  return /^([a-z][a-z0-9+.-]*):/i.exec(cleaned)?.[1]?.toLowerCase() ?? null;
}

/** Whether a browser would follow this URL only to http(s), mailto or a relative address. */
export function harmlessUrl(url: string): boolean {
  const scheme = urlScheme(url);
  return scheme === null || scheme === "http" || scheme === "https" || scheme === "mailto";
}

/** Every Markdown form that can carry markup or a link, spelled the ways a filter misses: [label, text, whether
 *  renderMarkdown above shows it as markup or a script link (false: a spelling other viewers or browsers decode)]. */
export const HOSTILE_MARKDOWN: [string, string, boolean][] = [
  ["an inline link", "[click](javascript:alert(1))", true],
  ["an image", "![img](javascript:alert(1))", true],
  ["spaces and mixed case", "[x](  JaVaScRiPt:alert(1))", true],
  ["a tab before the target", "[x](\tjavascript:alert(1))", true],
  ["the target on the next line", "[x](\njavascript:alert(1))", true],
  ["a data: link", "[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)", true],
  ["a data: image", "![pixel](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)", true],
  ["a vbscript: link", "[x](vbscript:msgbox(1))", true],
  ["a hex entity in the scheme", "[x](jav&#x61;script:alert(1))", true],
  ["a decimal entity in the scheme", "[x](&#106;avascript:alert(1))", true],
  ["a named entity for the colon", "[x](javascript&colon;alert(1))", true],
  ["a named entity for a tab", "[x](java&Tab;script:alert(1))", false],
  ["an entity for a leading space", "[x](&#32;javascript:alert(1))", false],
  ["a backslash-escaped colon", "[x](javascript\\:alert(1))", true],
  ["an angle-bracket target", "[x](<javascript:alert(1)>)", true],
  ["an angle-bracket target with a tab", "[x](<java\tscript:alert(1)>)", false],
  ["a target with a title", '[x]( javascript:alert(1) "title")', true],
  ["nested brackets in the text", "[a [b] c](javascript:alert(1))", true],
  ["a link around an image", "[![i](https://example.com/i.png)](javascript:alert(1))", true],
  ["a reference definition", "[x]\n\n[x]: javascript:alert(1)", true],
  ["an indented reference definition", "[x]\n\n   [x]: JAVASCRIPT:alert(1)", true],
  ["a definition with its target on the next line", "[x]\n\n[x]:\n  javascript:alert(1)", true],
  ["a definition in a block quote", "> [x]: javascript:alert(1)\n\n[x]", true],
  ["a definition in a list item", "- [x]: data:text/html,hi\n\n[x]", true],
  ["a full reference link", "[text][r]\n\n[r]: data:text/html,hi", true],
  ["an image reference", "![alt][r]\n\n[r]: javascript:alert(1)", true],
  ["an autolink", "<javascript:alert(1)>", true],
  ["an upper-case autolink", "<JAVASCRIPT:alert(1)>", true],
  ["a data: autolink", "<data:text/html,hi>", true],
  ["a GFM xmpp: autolink", "write to xmpp:someone@example.com now", false],
  ["a script tag", "<script>alert(1)</script>", true],
  ["an image tag with onerror", '<img src=x onerror="alert(1)">', true],
  ["a tag after an escaped backslash", "\\\\<img src=x onerror=alert(1)>", true],
  ["an HTML block", "<div>\n<a href=javascript:alert(1)>x</a>\n</div>", true],
  ["an HTML comment", "<!-- <script>alert(1)</script> -->", true],
  ["a link inside a table", "| a | b |\n|---|---|\n| [x](javascript:alert(1)) | <b>y</b> |", true],
];
