"use client";
// A long thought folded to its first few paragraphs with "Show more": a 50,000-character thought rendered whole
// filled the transcript and pushed the detail panel's score form off screen. Only the head is rendered while folded
// (cut at a paragraph break outside code, so a listing or a table is never cut open). Which thoughts are unfolded is
// kept for the page's life by id, shared by every place that shows the thought, so moving through a session and back
// finds a thought as it was left. `scroll`: an unfolded text scrolls inside a box of its own (the detail panel, so
// what follows the text stays within reach).
import { useSyncExternalStore, type ReactNode } from "react";
import { foldAt } from "@/lib/markdown/fold";
import { formatCount } from "@/lib/words/count-of";
import { cn } from "./cn";

const unfolded = new Set<string>();
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
function setUnfolded(id: string, open: boolean) {
  if (open) unfolded.add(id);
  else unfolded.delete(id);
  for (const l of listeners) l();
}

export function LongText({
  id,
  text,
  render,
  scroll = false,
  className,
}: {
  /** The thought's id: what keeps it unfolded across the page. */
  id: string;
  text: string;
  render: (text: string) => ReactNode;
  scroll?: boolean;
  className?: string;
}) {
  const open = useSyncExternalStore(
    subscribe,
    () => unfolded.has(id),
    () => false,
  );
  const cut = foldAt(text);
  if (cut === null) return <div className={className}>{render(text)}</div>;
  const toggle = (
    <button
      type="button"
      className="cursor-pointer self-start rounded-sm text-sm font-medium text-primary outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
      aria-expanded={open}
      data-testid="long-text-toggle"
      onClick={(e) => {
        // A transcript row selects its thought on click: showing more is not a selection.
        e.stopPropagation();
        setUnfolded(id, !open);
      }}
    >
      {open ? "Show less" : `Show more · ${formatCount(text.length - cut)} more characters`}
    </button>
  );
  return (
    <div className={cn("flex min-w-0 flex-col gap-1.5", className)} data-testid="long-text" data-open={open}>
      {open ? (
        <div
          className={cn("min-w-0", scroll && "max-h-[60vh] overflow-y-auto rounded-md border border-border p-2")}
          tabIndex={scroll ? 0 : undefined}
          aria-label={scroll ? "Full text" : undefined}
          role={scroll ? "region" : undefined}
        >
          {render(text)}
        </div>
      ) : (
        <div className="min-w-0 [mask-image:linear-gradient(to_bottom,black_75%,transparent)]">
          {render(text.slice(0, cut))}
        </div>
      )}
      {toggle}
    </div>
  );
}
