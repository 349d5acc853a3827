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

type Renderer = typeof import("./MarkdownRenderer").MarkdownRenderer;
/** The renderer once its code has arrived: rendered directly from then on. Through React.lazy alone, the first
 *  Markdown on a page suspended even when the code was already there, showed the raw text, and was swapped for the
 *  rendered text only when React revealed the boundary, up to 300 ms later: a selection made in between was lost
 *  (CI's comments spec, twice). */
let loaded: Renderer | null = null;
const load = () =>
  import("./MarkdownRenderer").then((m) => {
    loaded = m.MarkdownRenderer;
    return m;
  });
const LazyRenderer = lazy(() => load().then((m) => ({ default: m.MarkdownRenderer })));

export function preloadMarkdown(): void {
  void load();
}

/** Memoized by text: the transcript re-renders rows on scroll. */
export const Markdown = memo(function Markdown(props: MarkdownProps) {
  // Inside the boundary either way, so the server's HTML and the hydrating client have the same structure.
  const Loaded = loaded;
  return (
    <Suspense
      fallback={
        <div className={cn("min-w-0 text-base leading-relaxed break-words whitespace-pre-wrap", props.className)}>
          {props.text}
        </div>
      }
    >
      {Loaded ? <Loaded {...props} /> : <LazyRenderer {...props} />}
    </Suspense>
  );
});
