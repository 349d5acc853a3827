// Agent text made safe to paste into a Markdown document that someone may open in a viewer rendering inline HTML
// (the session export): no raw HTML and no link that runs script, while the raw file stays readable. Only CommonMark
// backslash escapes are added (`\<`, `\(`, `\:`), which render as the character itself:
//   - every `<` not already escaped becomes `\<`: no HTML tag, comment or autolink (`<javascript:…>`) can open;
//   - an inline link or image `[text](target)` / `![alt](target)` and a reference definition `[label]: target`
//     keep working only when the target is http(s), mailto or a plain relative path; any other (javascript:, data:,
//     vbscript:, …, whatever the case, the spaces before it or the entities and escapes inside it) has its `(` or
//     `:` escaped, so it shows as text and links nowhere;
//   - `xmpp:` has its `:` escaped (GFM turns `xmpp:name@host` into a link by itself).
// `&` is left alone: an entity only ever renders as a character, never as markup.

/** The scheme part of a link target, if it has one (`javascript:` → "javascript"). */
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const SAFE_SCHEMES = new Set(["http", "https", "mailto"]);
/** Characters that could hide or spell a scheme from this check: entities, escapes, `<…>` targets, controls. */
// eslint-disable-next-line no-control-regex
const DISGUISE = /[&\\<\x00-\x1f\x7f]/;
/** Spaces, then the target's first characters: a scheme is short, and a bounded look keeps a text of many `](` linear. */
const TARGET = /\s*(\S{0,256})/y;

/**
 * Whether the link target at the start of `rest` (the text after `](` or `]:`) is safe to leave as a link. Only the
 * target's start decides its scheme: the part before its first `/`, `?` or `#`. Anything there that a renderer or a
 * browser would decode or drop (an entity, a backslash escape, a control character) counts as unsafe.
 */
export function safeLinkTarget(text: string, from = 0): boolean {
  TARGET.lastIndex = from;
  const head = TARGET.exec(text)![1]!.split(/[/?#]/, 1)[0]!;
  if (DISGUISE.test(head)) return false;
  const scheme = SCHEME.exec(head)?.[1];
  return scheme === undefined || SAFE_SCHEMES.has(scheme.toLowerCase());
}

/** Whether the character at `i` is already backslash-escaped (an odd run of backslashes before it). */
function escaped(text: string, i: number): boolean {
  let n = 0;
  while (i - n - 1 >= 0 && text[i - n - 1] === "\\") n += 1;
  return n % 2 === 1;
}

/** `text` with HTML and non-http(s)/mailto link targets neutralised (see the file header). */
export function escapeMarkdownText(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "<" && !escaped(text, i)) {
      out += "\\<";
    } else if (c === "]" && (text[i + 1] === "(" || text[i + 1] === ":") && !safeLinkTarget(text, i + 2)) {
      out += `]\\${text[i + 1]}`;
      i += 1;
    } else if ((c === "x" || c === "X") && /^xmpp:/i.test(text.slice(i, i + 5))) {
      out += `${text.slice(i, i + 4)}\\:`;
      i += 4;
    } else {
      out += c;
    }
  }
  return out;
}
