// Markdown's inline syntax as a small tree — code spans, bold, italic and links (http, https and mailto only) — for
// plain text (lib/markdown/plain.ts: graph nodes, titles, previews, the server's title line). Rendering goes through
// unified/remark (components/ui/MarkdownRenderer.tsx); this parser never builds markup, so `<script>` stays the text
// "<script>".

export type Inline =
  | { t: "text"; v: string }
  | { t: "code"; v: string }
  | { t: "strong"; c: Inline[] }
  | { t: "em"; c: Inline[] }
  | { t: "link"; href: string; c: Inline[] };

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
