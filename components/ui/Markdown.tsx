"use client";
// Thought text as GitHub-flavoured markdown (react-markdown + remark-gfm: tables, task lists, strikethrough), never raw
// HTML: without rehype-raw, react-markdown turns HTML in the source into text, so `<script>` stays the characters
// "<script>". Links keep only http(s) and mailto targets; images render as their alt text (no request leaves the page
// for a URL an agent wrote). Memoized by text: the transcript re-renders rows on scroll.
import { memo } from "react";
import ReactMarkdown, { type Components, type Options } from "react-markdown";
import remarkGfm from "remark-gfm";
import { cn } from "./cn";

const SAFE_HREF = /^(https?:\/\/|mailto:)/i;
const safeUrl = (url: string) => (SAFE_HREF.test(url) ? url : "");
const REMARK = [remarkGfm];
type PluggableList = Options["rehypePlugins"];

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
    <pre className="tg-code overflow-x-auto rounded-md bg-muted px-3 py-2 font-mono text-xs leading-relaxed [&_code]:bg-transparent [&_code]:p-0">
      {children}
    </pre>
  ),
  code: ({ children }) => <code className="rounded bg-muted px-1 py-0.5 font-mono text-[0.92em]">{children}</code>,
  table: ({ children }) => (
    <div className="overflow-x-auto">
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

/** `rehypePlugins`: extra passes over the rendered tree (the comment highlights of components/comments); keep the
 *  array's identity stable between renders. They run after the HTML in the source has become text. */
export const Markdown = memo(function Markdown({
  text,
  className,
  rehypePlugins,
}: {
  text: string;
  className?: string;
  rehypePlugins?: PluggableList;
}) {
  return (
    <div className={cn("tg-md flex min-w-0 flex-col gap-2 text-base leading-relaxed break-words", className)}>
      <ReactMarkdown
        remarkPlugins={REMARK}
        rehypePlugins={rehypePlugins}
        components={COMPONENTS}
        urlTransform={safeUrl}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
});
