// A block of code to copy: a caption line (what it is, where it goes), the code in a scrolling <pre> that never
// widens the page, and a copy button. Focusable, so keyboard readers can scroll a long line (axe:
// scrollable-region-focusable).
import type { ReactNode } from "react";
import { cn } from "./cn";
import { CopyButton } from "./CopyButton";

export function CodeBlock({
  code,
  caption,
  label,
  className,
}: {
  code: string;
  caption?: ReactNode;
  /** The accessible name of the code region ("curl snippet"). */
  label: string;
  className?: string;
}) {
  return (
    <figure className={cn("min-w-0 overflow-hidden rounded-lg border bg-muted/40", className)}>
      <figcaption className="flex items-center justify-between gap-3 border-b bg-muted/60 py-1.5 pr-1.5 pl-3">
        <span className="truncate text-xs text-muted-foreground">{caption}</span>
        <CopyButton text={code} variant="ghost" />
      </figcaption>
      <pre
        tabIndex={0}
        role="region"
        aria-label={label}
        className="overflow-x-auto p-3 font-mono text-xs leading-relaxed outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}
