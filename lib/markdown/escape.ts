// Agent text made safe to paste into a Markdown document that someone may open in a viewer rendering inline HTML
// (the session export, issue 13): no raw HTML and no link that runs script, while plain text stays readable.
//   - `<` and `&` become entities: no tag or autolink can open, and no entity can spell a scheme (`jav&#x61;script:`);
//     a renderer shows them as the characters they were;
//   - an inline link `[text](target)` keeps working only for http(s) and mailto targets and plain relative paths;
//     any other target (javascript:, data:, vbscript:, …) has its `(` escaped, so it shows as text and links nowhere;
//   - a reference definition line (`[x]: target`) is escaped the same way, whatever its target.

const SAFE_TARGET = /^\s*<?\s*(?:https?:\/\/|mailto:|\)|[^:\\&\s]+(?:[\s)]|$))/i;

/** `text` with HTML and non-http(s)/mailto link targets neutralised (see the file header). */
export function escapeMarkdownText(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/\]\(([^\n]*)/g, (whole, target: string) => (SAFE_TARGET.test(target) ? whole : `]\\(${target}`))
    .replace(/^( {0,3})\[([^\]\n]*)\]:/gm, "$1\\[$2]:");
}
