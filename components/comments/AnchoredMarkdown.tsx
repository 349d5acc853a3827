"use client";
// Thought text with the phrases comments are anchored to wrapped in <mark>: the same markdown renderer as all thought
// text (components/ui/Markdown.tsx: GFM, never raw HTML), with lib/markdown/anchor-marks.ts as a pass over its tree.
// An anchor is marked only while the text still holds its words at its offsets, and only where those words fall
// inside one run of plain text.
import { memo, useMemo } from "react";
import type { CommentAnchor } from "@/lib/contracts/comments";
import { anchorMatches } from "@/lib/contracts/zod-free";
import { occurrenceBefore, rehypeAnchorMarks } from "@/lib/markdown/anchor-marks";
import { Markdown, type MarkdownProps } from "@/components/ui/Markdown";

export const AnchoredMarkdown = memo(function AnchoredMarkdown({
  text,
  anchors,
}: {
  text: string;
  anchors: readonly CommentAnchor[];
}) {
  const transform = useMemo<MarkdownProps["transform"]>(() => {
    const wants = anchors
      .filter((a) => anchorMatches(text, a))
      .map((a) => ({ text: a.text, nth: occurrenceBefore(text, a.text, a.start) }));
    return wants.length === 0 ? undefined : rehypeAnchorMarks({ wants });
  }, [text, anchors]);
  return <Markdown text={text} transform={transform} />;
});
