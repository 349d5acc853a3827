"use client";
// The markdown renderer behind components/ui/Markdown.tsx, loaded on demand: unified + remark-parse + remark-gfm +
// remark-rehype, then hast-util-to-jsx-runtime — the pipeline react-markdown runs, but built once for the page
// (react-markdown builds and freezes a new processor on every render; a transcript renders one per row). Raw HTML in
// the source becomes text, so `<script>` stays the characters "<script>". Links keep only http(s) and mailto
// targets; images render as their alt text (no request leaves the page for a URL an agent wrote).
import type { Element, Root, RootContent } from "hast";
import { toJsxRuntime } from "hast-util-to-jsx-runtime";
import { memo, useMemo, type ComponentType, type JSX, type ReactElement } from "react";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { cn } from "./cn";
import type { MarkdownProps } from "./Markdown";

const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

/** `allowDangerousHtml` keeps HTML in the source as `raw` nodes, which `toSafeTree` turns into text; without it
 *  remark-rehype would drop the HTML, and a thought about `<div>` would lose the words. */
const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype, { allowDangerousHtml: true }).freeze();

/** Raw HTML → its text; href/src outside http(s)/mailto → empty. Markdown without raw HTML yields no other element
 *  with a URL attribute (a, img only), so those two are the ones checked. */
function toSafeTree(node: Root | Element): void {
  node.children = node.children.map((child): RootContent => {
    if (child.type === "raw") return { type: "text", value: child.value };
    if (child.type === "element") {
      const p = child.properties;
      for (const key of ["href", "src"] as const) {
        if (key in p) p[key] = SAFE_HREF.test(String(p[key] ?? "")) ? p[key] : "";
      }
      toSafeTree(child);
    }
    return child;
  });
}

function render(text: string, transform: ((tree: Root) => void) | undefined): ReactElement {
  const tree = processor.runSync(processor.parse(text));
  toSafeTree(tree);
  transform?.(tree);
  // Cast: the library types its result with the global JSX namespace (see Components below).
  return toJsxRuntime(tree, {
    Fragment,
    components: COMPONENTS,
    ignoreInvalidStyle: true,
    jsx,
    jsxs,
    passKeys: true,
  }) as ReactElement;
}

/** By tag, with React's props for it (hast-util-to-jsx-runtime types its own map from a global JSX namespace, which
 *  React 19 no longer declares). */
type Components = { [Tag in keyof JSX.IntrinsicElements]?: ComponentType<JSX.IntrinsicElements[Tag]> };

const COMPONENTS: Components = {
  a: ({ href, children }) =>
    href ? (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="text-primary underline-offset-2 hover:underline"
      >
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  img: ({ alt }) => <span className="text-muted-foreground">{alt ? `[image: ${alt}]` : "[image]"}</span>,
  h1: ({ children }) => <h3 className="text-base font-semibold">{children}</h3>,
  h2: ({ children }) => <h4 className="text-base font-semibold">{children}</h4>,
  h3: ({ children }) => <h5 className="text-sm font-semibold">{children}</h5>,
  h4: ({ children }) => <h6 className="text-sm font-semibold">{children}</h6>,
  h5: ({ children }) => <h6 className="text-sm font-semibold">{children}</h6>,
  h6: ({ children }) => <h6 className="text-sm font-semibold">{children}</h6>,
  ul: ({ children, className }) => (
    <ul
      className={cn(
        "flex list-disc flex-col gap-0.5 pl-5",
        className?.includes("contains-task-list") && "list-none pl-1",
      )}
    >
      {children}
    </ul>
  ),
  ol: ({ children }) => <ol className="flex list-decimal flex-col gap-0.5 pl-5">{children}</ol>,
  input: ({ checked, type }) =>
    type === "checkbox" ? (
      <input
        type="checkbox"
        checked={checked ?? false}
        disabled
        readOnly
        className="mr-1.5 align-middle"
        aria-label={checked ? "done" : "to do"}
      />
    ) : null,
  blockquote: ({ children }) => (
    <blockquote className="border-l-2 border-border pl-3 text-muted-foreground">{children}</blockquote>
  ),
  pre: ({ children }) => (
    <pre
      tabIndex={0}
      className="tg-code overflow-x-auto rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 outline-none bg-muted px-3 py-2 font-mono text-xs leading-relaxed [&_code]:bg-transparent [&_code]:p-0"
    >
      {children}
    </pre>
  ),
  code: ({ children }) => <code className="rounded bg-muted px-1 py-0.5 font-mono text-[0.92em]">{children}</code>,
  // Focusable so a table wider than its column scrolls from the keyboard too.
  table: ({ children }) => (
    <div
      className="overflow-x-auto rounded-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      tabIndex={0}
    >
      <table className="w-max min-w-full border-collapse text-sm">{children}</table>
    </div>
  ),
  th: ({ children, style }) => (
    <th style={style} className="border border-border bg-muted px-2 py-1 text-left font-medium">
      {children}
    </th>
  ),
  td: ({ children, style }) => (
    <td style={style} className="border border-border px-2 py-1 align-top">
      {children}
    </td>
  ),
  hr: () => <hr className="border-border" />,
};

export const MarkdownRenderer = memo(function MarkdownRenderer({ text, className, transform }: MarkdownProps) {
  const body = useMemo(() => render(text, transform), [text, transform]);
  return (
    <div className={cn("tg-md flex min-w-0 flex-col gap-2 text-base leading-relaxed break-words", className)}>
      {body}
    </div>
  );
});
