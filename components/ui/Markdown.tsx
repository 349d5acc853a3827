"use client";
// Thought text as GitHub-flavoured markdown (tables, task lists, strikethrough), never raw HTML. The renderer
// (MarkdownRenderer.tsx: unified + remark, ~120 KB of JS) loads on demand, so pages without markdown never fetch it
// and the session page's first load does not parse it; until it arrives the text shows as written, wrapped, so a row
// is readable at once. `preloadMarkdown()` starts the fetch early (the session view calls it on mount).
import type { Root } from "hast";
import { lazy, memo, Suspense } from "react";
import { cn } from "./cn";

export interface MarkdownProps {
  text: string;
  className?: string;
  /** A pass over the rendered tree before it becomes React elements (the comment highlights of
   *  components/comments); keep its identity stable between renders. It runs after raw HTML has become text. */
  transform?: (tree: Root) => void;
}

const load = () => import("./MarkdownRenderer");
const Renderer = lazy(() => load().then((m) => ({ default: m.MarkdownRenderer })));

export function preloadMarkdown(): void {
  void load();
}

/** Memoized by text: the transcript re-renders rows on scroll. */
export const Markdown = memo(function Markdown(props: MarkdownProps) {
  return (
    <Suspense
      fallback={
        <div className={cn("min-w-0 text-base leading-relaxed break-words whitespace-pre-wrap", props.className)}>
          {props.text}
        </div>
      }
    >
      <Renderer {...props} />
    </Suspense>
  );
});
