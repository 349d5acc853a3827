"use client";
// Thought text as GitHub-flavoured markdown (tables, task lists, strikethrough), never raw HTML. The renderer
// (MarkdownRenderer.tsx: unified + remark, ~120 KB of JS) loads on demand, so pages without markdown never fetch it
// and the session page's first load does not parse it; until it arrives the text shows as written, wrapped, so a row
// is readable at once. `preloadMarkdown()` starts the fetch early (the session view calls it on mount).
import type { Root } from "hast";
import { memo } from "react";
import { cn } from "./cn";
import { onDemand } from "./on-demand";

export interface MarkdownProps {
  text: string;
  className?: string;
  /** A pass over the rendered tree before it becomes React elements (the comment highlights of
   *  components/comments); keep its identity stable between renders. It runs after raw HTML has become text. */
  transform?: (tree: Root) => void;
}

/** The renderer, on demand and without Suspense (on-demand.ts). Through React.lazy the first Markdown on a page
 *  suspended even when the code was already there, showed the raw text, and was swapped for the rendered text only
 *  when React revealed the boundary, up to 300 ms later: a selection made in between was lost (CI's comments spec,
 *  twice). */
const renderer = onDemand(() => import("./MarkdownRenderer").then((m) => m.MarkdownRenderer));

export const preloadMarkdown = renderer.preload;

/** Memoized by text: the transcript re-renders rows on scroll. */
export const Markdown = memo(function Markdown(props: MarkdownProps) {
  const loaded = renderer.useLoaded();
  if (loaded.state === "loaded") return <loaded.value {...props} />;
  return (
    <div className={cn("min-w-0 text-base leading-relaxed break-words whitespace-pre-wrap", props.className)}>
      {props.text}
    </div>
  );
});
