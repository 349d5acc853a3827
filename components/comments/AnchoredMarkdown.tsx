"use client";
// Thought text with the phrases comments are anchored to wrapped in <mark>. Built on the same safe markdown tree as
// components/ui/Markdown.tsx (never raw HTML); an anchor is marked only while the text still holds its words at its
// offsets, and only where those words fall inside one run of plain text.
import { memo, useMemo, type ReactNode } from "react";
import { anchorMatches, type CommentAnchor } from "@/lib/contracts/comments";
import { parseMarkdown, type Block, type Inline } from "@/lib/markdown/parse";
import { Markdown } from "@/components/ui/Markdown";

/** Which occurrence of each anchor's words to mark (the one at its offset in the raw text). */
interface Want {
  text: string;
  nth: number;
  seen: number;
}

function countBefore(raw: string, text: string, end: number): number {
  let n = 0;
  for (let i = raw.indexOf(text); i >= 0 && i < end; i = raw.indexOf(text, i + text.length)) n++;
  return n;
}

function markText(v: string, wants: Want[], key: string): ReactNode {
  // Cut points for the wanted occurrences inside this run; overlaps keep the first.
  const cuts: { start: number; end: number }[] = [];
  for (const w of wants) {
    for (let i = v.indexOf(w.text); i >= 0; i = v.indexOf(w.text, i + w.text.length)) {
      if (w.seen++ === w.nth && !cuts.some((c) => i < c.end && i + w.text.length > c.start)) {
        cuts.push({ start: i, end: i + w.text.length });
      }
    }
  }
  if (cuts.length === 0) return v;
  cuts.sort((a, b) => a.start - b.start);
  const out: ReactNode[] = [];
  let at = 0;
  cuts.forEach((c, j) => {
    if (c.start > at) out.push(v.slice(at, c.start));
    out.push(
      <mark
        key={`${key}-${j}`}
        className="tg-anchor rounded-sm bg-amber-200/70 text-foreground dark:bg-amber-400/30"
        data-testid="comment-anchor"
      >
        {v.slice(c.start, c.end)}
      </mark>,
    );
    at = c.end;
  });
  if (at < v.length) out.push(v.slice(at));
  return out;
}

function inline(nodes: Inline[], wants: Want[], key: string): ReactNode[] {
  return nodes.map((n, i) => {
    const k = `${key}.${i}`;
    switch (n.t) {
      case "text":
        return <span key={k}>{markText(n.v, wants, k)}</span>;
      case "code":
        return <code key={k}>{n.v}</code>;
      case "strong":
        return <strong key={k}>{inline(n.c, wants, k)}</strong>;
      case "em":
        return <em key={k}>{inline(n.c, wants, k)}</em>;
      case "link":
        return (
          <a key={k} href={n.href} target="_blank" rel="noopener noreferrer nofollow">
            {inline(n.c, wants, k)}
          </a>
        );
    }
  });
}

function block(b: Block, i: number, wants: Want[], key: string): ReactNode {
  const k = `${key}.${i}`;
  switch (b.t) {
    case "p":
      return <p key={k}>{inline(b.c, wants, k)}</p>;
    case "h": {
      const Tag = `h${Math.min(b.level + 2, 6)}` as "h3" | "h4" | "h5" | "h6";
      return <Tag key={k}>{inline(b.c, wants, k)}</Tag>;
    }
    case "code":
      return (
        <pre key={k} className="tg-code overflow-x-auto rounded-md bg-muted px-3 py-2 font-mono text-xs">
          <code>{b.v}</code>
        </pre>
      );
    case "quote":
      return <blockquote key={k}>{b.c.map((c, j) => block(c, j, wants, k))}</blockquote>;
    case "list": {
      const items = b.items.map((item, j) => <li key={j}>{inline(item, wants, `${k}.${j}`)}</li>);
      return b.ordered ? <ol key={k}>{items}</ol> : <ul key={k}>{items}</ul>;
    }
  }
}

export const AnchoredMarkdown = memo(function AnchoredMarkdown({
  text,
  anchors,
}: {
  text: string;
  anchors: readonly CommentAnchor[];
}) {
  const valid = useMemo(() => anchors.filter((a) => anchorMatches(text, a)), [text, anchors]);
  const blocks = useMemo(() => parseMarkdown(text), [text]);
  if (valid.length === 0) return <Markdown text={text} />;
  const wants: Want[] = valid.map((a) => ({ text: a.text, nth: countBefore(text, a.text, a.start), seen: 0 }));
  return (
    <div className="tg-md flex min-w-0 flex-col gap-2 text-base leading-relaxed break-words">
      {blocks.map((b, i) => block(b, i, wants, "b"))}
    </div>
  );
});
