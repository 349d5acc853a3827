// A pass over the markdown renderer's HTML tree (components/ui/MarkdownRenderer.tsx): wraps the phrases comments are
// anchored to in <mark> on the rendered tree, so anchored text renders through the same pipeline as all thought
// text (GFM tables and lists included, never raw HTML). An anchor names its words and which occurrence of them in the
// raw text it is (the n-th, counted before its offset); that occurrence is marked where it falls inside one run of
// plain text — not inside code, and not across formatting (a phrase half in **bold** stays unmarked).
import type { Element, ElementContent, Root, RootContent } from "hast";

export interface AnchorWant {
  text: string;
  /** Which occurrence of `text` in the raw markdown, from 0. */
  nth: number;
}

/** Occurrences of `text` in `raw` that start before `start`: which occurrence an anchor at `start` is (from 0). */
export function occurrenceBefore(raw: string, text: string, start: number): number {
  let n = 0;
  for (let i = raw.indexOf(text); i >= 0 && i < start; i = raw.indexOf(text, i + text.length)) n++;
  return n;
}

/** Elements whose text is never marked: code is quoted verbatim. */
const VERBATIM = new Set(["code", "pre"]);
export const ANCHOR_CLASS = "rounded-sm bg-amber-200/70 text-foreground dark:bg-amber-400/30";

function markRun(value: string, wants: { text: string; nth: number; seen: number }[]): ElementContent[] | null {
  // Cut points for the wanted occurrences inside this run; overlaps keep the first.
  const cuts: { start: number; end: number }[] = [];
  for (const w of wants) {
    for (let i = value.indexOf(w.text); i >= 0; i = value.indexOf(w.text, i + w.text.length)) {
      if (w.seen++ === w.nth && !cuts.some((c) => i < c.end && i + w.text.length > c.start)) {
        cuts.push({ start: i, end: i + w.text.length });
      }
    }
  }
  if (cuts.length === 0) return null;
  cuts.sort((a, b) => a.start - b.start);
  const out: ElementContent[] = [];
  let at = 0;
  for (const c of cuts) {
    if (c.start > at) out.push({ type: "text", value: value.slice(at, c.start) });
    out.push({
      type: "element",
      tagName: "mark",
      properties: { className: ANCHOR_CLASS.split(" "), dataTestid: "comment-anchor" },
      children: [{ type: "text", value: value.slice(c.start, c.end) }],
    });
    at = c.end;
  }
  if (at < value.length) out.push({ type: "text", value: value.slice(at) });
  return out;
}

/** The pass: `<Markdown transform={rehypeAnchorMarks({ wants })} />`. Text runs are visited in document order. */
export function rehypeAnchorMarks(options: { wants: readonly AnchorWant[] }) {
  return (tree: Root) => {
    const wants = options.wants.filter((w) => w.text !== "").map((w) => ({ ...w, seen: 0 }));
    if (wants.length === 0) return;
    const walk = (node: Root | Element) => {
      const next: (RootContent | ElementContent)[] = [];
      for (const child of node.children) {
        if (child.type === "text") {
          const marked = markRun(child.value, wants);
          if (marked) next.push(...marked);
          else next.push(child);
          continue;
        }
        if (child.type === "element" && !VERBATIM.has(child.tagName)) walk(child);
        next.push(child);
      }
      node.children = next;
    };
    walk(tree);
  };
}
