// Markdown's inline syntax as a small tree — code spans, bold, italic, strikethrough, links, images, autolinks and
// backslash escapes — for plain text (lib/markdown/plain.ts: graph nodes, titles, previews, the server's title line).
// Rendering goes through unified/remark (components/ui/MarkdownRenderer.tsx); this parser never builds markup, so
// `<script>` stays the text "<script>", and a link keeps its target only when it is http, https or mailto.

export type Inline =
  | { t: "text"; v: string }
  | { t: "code"; v: string }
  | { t: "strong"; c: Inline[] }
  | { t: "em"; c: Inline[] }
  | { t: "del"; c: Inline[] }
  /** `href` is null for any other target (javascript:, data:, a reference label): its text stays, its target goes. */
  | { t: "link"; href: string | null; c: Inline[] }
  /** An image reads as its alt text. */
  | { t: "image"; c: Inline[] };

const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_]/u.test(c);

/** CommonMark's escapable characters: a backslash before one of these makes it literal. */
const ESCAPABLE = /[!-/:-@[-`{-~]/;

/** `<scheme:…>`: an autolink (CommonMark). `<b>` and `<script>` have no scheme and stay text. */
const AUTOLINK = /^<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^<>\s]*)>/;

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

/** The `]` that closes the bracket opened at `open`, skipping escaped and nested brackets, or -1. */
function closingBracket(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === "[") depth++;
    else if (c === "]" && --depth === 0) return i;
  }
  return -1;
}

/**
 * A link's `(destination "title")` starting at `open` (the "("): the destination and the index after the ")", or
 * null. Destinations may hold balanced parentheses (`javascript:alert(1)`) or be written `<…>`.
 */
function destination(text: string, open: number): { href: string; end: number } | null {
  let i = open + 1;
  while (text[i] === " ") i++;
  let href = "";
  if (text[i] === "<") {
    const close = text.indexOf(">", i);
    if (close === -1) return null;
    href = text.slice(i + 1, close);
    i = close + 1;
  } else {
    let depth = 0;
    const start = i;
    for (; i < text.length; i++) {
      const c = text[i]!;
      if (c === "\\") i++;
      else if (c === "(") depth++;
      else if (c === ")" && depth-- === 0) break;
      else if (c === " ") break;
    }
    href = text.slice(start, i);
  }
  const rest = /^\s*(?:"[^"]*"|'[^']*'|\([^)]*\))?\s*\)/.exec(text.slice(i));
  return rest ? { href: href.trim(), end: i + rest[0].length } : null;
}

/** The code span opened by the backtick run at `i`: its text and the index after it, or null (then it is text). */
function codeSpan(text: string, i: number): { v: string; end: number } | null {
  let n = 0;
  while (text[i + n] === "`") n++;
  const fence = "`".repeat(n);
  let close = text.indexOf(fence, i + n);
  while (close !== -1 && text[close + n] === "`") {
    let run = 0;
    while (text[close + run] === "`") run++;
    close = text.indexOf(fence, close + run);
  }
  if (close === -1 || close === i + n) return null;
  const v = text.slice(i + n, close);
  // One space on each side is padding (`` `x` `` to show a backtick), when both are there and it is not all spaces.
  return { v: /^ .*[^ ].* $/.test(v) ? v.slice(1, -1) : v, end: close + n };
}

/** Characters that may start inline syntax: text between them is copied in one slice, not a character at a time. */
const SPECIAL = /[\\`*_~<![]/g;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let buf = "";
  const flush = () => {
    if (buf) out.push({ t: "text", v: buf });
    buf = "";
  };
  let i = 0;
  while (i < text.length) {
    SPECIAL.lastIndex = i;
    const next = SPECIAL.exec(text)?.index ?? text.length;
    if (next > i) {
      buf += text.slice(i, next);
      i = next;
      continue;
    }
    const ch = text[i]!;
    if (ch === "\\" && i + 1 < text.length && ESCAPABLE.test(text[i + 1]!)) {
      buf += text[i + 1];
      i += 2;
      continue;
    }
    if (ch === "`") {
      const span = codeSpan(text, i);
      if (span) {
        flush();
        out.push({ t: "code", v: span.v });
        i = span.end;
        continue;
      }
      while (text[i] === "`") buf += text[i++];
      continue;
    }
    if ((ch === "*" || ch === "_" || ch === "~") && text[i + 1] === ch && text[i + 2] !== " ") {
      const end = closingMarker(text, i, ch + ch);
      if (end > i + 2) {
        flush();
        out.push({ t: ch === "~" ? "del" : "strong", c: parseInline(text.slice(i + 2, end)) });
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
    if (ch === "<") {
      const m = AUTOLINK.exec(text.slice(i, i + 2_100));
      if (m) {
        flush();
        out.push({ t: "link", href: SAFE_HREF.test(m[1]!) ? m[1]! : null, c: [{ t: "text", v: m[1]! }] });
        i += m[0].length;
        continue;
      }
    }
    const image = ch === "!" && text[i + 1] === "[";
    if (ch === "[" || image) {
      const open = image ? i + 1 : i;
      const close = closingBracket(text, open);
      if (close > open) {
        const inner = parseInline(text.slice(open + 1, close));
        const inline = text[close + 1] === "(" ? destination(text, close + 1) : null;
        // [text][label] or [text][]: a reference link; its target is elsewhere in the text.
        const reference = inline ? null : /^\[[^\]]*\]/.exec(text.slice(close + 1));
        if (inline || reference) {
          flush();
          if (image) out.push({ t: "image", c: inner });
          else {
            const href = inline && SAFE_HREF.test(inline.href) ? inline.href : null;
            out.push({ t: "link", href, c: inner });
          }
          i = inline ? inline.end : close + 1 + reference![0].length;
          continue;
        }
      }
    }
    buf += ch;
    i++;
  }
  flush();
  return out;
}
