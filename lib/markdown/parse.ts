// A small, safe markdown subset for thought text: paragraphs, headings, fenced and inline code, bold, italic,
// lists, blockquotes and links (http, https and mailto only). It produces a tree that React renders as elements, so
// no HTML in a thought ever reaches the page as markup: `<script>` stays the text "<script>".

export type Inline =
  | { t: "text"; v: string }
  | { t: "code"; v: string }
  | { t: "strong"; c: Inline[] }
  | { t: "em"; c: Inline[] }
  | { t: "link"; href: string; c: Inline[] };

export type Block =
  | { t: "p"; c: Inline[] }
  | { t: "h"; level: 1 | 2 | 3 | 4; c: Inline[] }
  | { t: "code"; lang: string; v: string }
  | { t: "quote"; c: Block[] }
  | { t: "list"; ordered: boolean; items: Inline[][] };

const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_]/u.test(c);

/**
 * Where the emphasis opened at `from` with `marker` closes, or -1. Underscores follow CommonMark's flanking rule: they
 * neither open nor close inside a word, so identifiers like `my_var` and `__init__x` stay as written.
 */
function closingMarker(text: string, from: number, marker: string): number {
  const inner = from + marker.length;
  if (marker[0] === "_" && isWordChar(text[from - 1])) return -1;
  let end = text.indexOf(marker, inner + 1);
  while (end !== -1) {
    const closes = text[end - 1] !== " " && (marker[0] !== "_" || !isWordChar(text[end + marker.length]));
    if (closes) return end;
    end = text.indexOf(marker, end + 1);
  }
  return -1;
}

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let buf = "";
  const flush = () => {
    if (buf) out.push({ t: "text", v: buf });
    buf = "";
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === "`") {
      const end = text.indexOf("`", i + 1);
      if (end > i + 1) {
        flush();
        out.push({ t: "code", v: text.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if ((ch === "*" || ch === "_") && text[i + 1] === ch && text[i + 2] !== " ") {
      const end = closingMarker(text, i, ch + ch);
      if (end > i + 2) {
        flush();
        out.push({ t: "strong", c: parseInline(text.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    }
    if ((ch === "*" || ch === "_") && text[i + 1] !== " " && text[i + 1] !== undefined && text[i + 1] !== ch) {
      const end = closingMarker(text, i, ch);
      if (end > i + 1) {
        flush();
        out.push({ t: "em", c: parseInline(text.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    if (ch === "[") {
      const m = /^\[([^\]]+)\]\(([^)\s]+)\)/.exec(text.slice(i));
      if (m && SAFE_HREF.test(m[2]!)) {
        flush();
        out.push({ t: "link", href: m[2]!, c: parseInline(m[1]!) });
        i += m[0].length;
        continue;
      }
    }
    buf += ch;
    i++;
  }
  flush();
  return out;
}

export function parseMarkdown(src: string): Block[] {
  const lines = src.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let para: string[] = [];
  const endPara = () => {
    if (para.length > 0) blocks.push({ t: "p", c: parseInline(para.join("\n")) });
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = /^\s*(```|~~~)\s*([\w+-]*)\s*$/.exec(line);
    if (fence) {
      endPara();
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.trim().startsWith(fence[1]!)) body.push(lines[i++]!);
      blocks.push({ t: "code", lang: fence[2] ?? "", v: body.join("\n") });
      continue;
    }
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading) {
      endPara();
      blocks.push({ t: "h", level: heading[1]!.length as 1 | 2 | 3 | 4, c: parseInline(heading[2]!) });
      continue;
    }
    if (/^\s*>\s?/.test(line)) {
      endPara();
      const quoted: string[] = [];
      while (i < lines.length && /^\s*>\s?/.test(lines[i]!)) quoted.push(lines[i++]!.replace(/^\s*>\s?/, ""));
      i--;
      blocks.push({ t: "quote", c: parseMarkdown(quoted.join("\n")) });
      continue;
    }
    const item = /^\s*([-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (item) {
      endPara();
      const ordered = /\d/.test(item[1]!);
      const items: Inline[][] = [];
      while (i < lines.length) {
        const m = /^\s*([-*+]|\d+[.)])\s+(.*)$/.exec(lines[i]!);
        if (!m || /\d/.test(m[1]!) !== ordered) break;
        items.push(parseInline(m[2]!));
        i++;
      }
      i--;
      blocks.push({ t: "list", ordered, items });
      continue;
    }
    if (line.trim() === "") endPara();
    else para.push(line);
  }
  endPara();
  return blocks;
}
