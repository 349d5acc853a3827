"use client";
// The session as a readable, virtualized list: only the rows on screen are in the DOM, and their full text is
// fetched a page at a time (the outline carries previews). Selection is shared with the graph.
import { useVirtualizer, type Virtualizer } from "@tanstack/react-virtual";
import { useEffect, useMemo, useRef } from "react";
import type { OutlineThought } from "@/lib/contracts/dashboard";
import { describeFlag } from "@/lib/domain/flags";
import { cn } from "@/components/ui/cn";
import { LongText } from "@/components/ui/LongText";
import { Markdown } from "@/components/ui/Markdown";
import { AnchoredMarkdown } from "@/components/comments/AnchoredMarkdown";
import { transcriptTexts } from "@/components/comments/pending-anchor";
import { useFullThoughts } from "./useFullThoughts";
import type { CommentAnchor } from "@/lib/contracts/comments";

/** How each kind of imported thought is labelled (lib/normalised/model.ts ITEM_KINDS). */
const KIND_LABELS: Record<string, string> = {
  prompt: "prompt",
  reasoning: "reasoning",
  placeholder: "reasoning not recorded",
  tool_call: "tool call",
  tool_result: "tool result",
  answer: "answer",
};

function KindChip({ kind }: { kind: string }) {
  return (
    <span
      data-kind={kind}
      className={cn("tg-kind rounded bg-muted px-1 font-medium text-foreground", kind === "placeholder" && "italic")}
    >
      {KIND_LABELS[kind] ?? kind}
    </span>
  );
}

/** Model, tool and token counts of an imported thought, on one line. */
function detailLine(detail: Record<string, unknown>): string {
  const n = (key: string) => {
    const value = detail[key];
    return typeof value === "number" ? value : null;
  };
  const parts: string[] = [];
  if (typeof detail.toolName === "string") parts.push(detail.toolName);
  if (typeof detail.model === "string") parts.push(detail.model);
  const tokens = [
    n("tokensIn") !== null ? `${n("tokensIn")} in` : null,
    n("tokensOut") !== null ? `${n("tokensOut")} out` : null,
    n("tokensReasoning") !== null ? `${n("tokensReasoning")} reasoning` : null,
  ].filter(Boolean);
  if (tokens.length > 0) parts.push(`${tokens.join(" / ")} tokens`);
  if (n("latencyMs") !== null) parts.push(`${(n("latencyMs")! / 1000).toFixed(1)} s`);
  return parts.length > 0 ? ` · ${parts.join(" · ")}` : "";
}
const ESTIMATE = 110;

/**
 * A row's height from its ResizeObserver entry only. The library's default reads offsetHeight when a row mounts, a
 * forced layout per row; interleaved with its re-renders, mounting the first rows of a 1,000-thought session took
 * 190–270 ms of forced layout in one task (Chromium trace). The observer reports every new row's real size before
 * the frame is painted, so the estimate (or the size already known) is only ever a placeholder.
 */
function measureRow(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<HTMLDivElement, Element>,
): number {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  return instance.itemSizeCache.get(instance.options.getItemKey(instance.indexFromElement(element))) ?? ESTIMATE;
}

export function Transcript({
  sessionId,
  thoughts,
  selectedId,
  onSelect,
  scrollTo,
  anchors,
}: {
  sessionId: string;
  thoughts: readonly OutlineThought[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** A request to bring a thought into view; `key` changes per request. */
  scrollTo: { id: string; key: number } | null;
  /** Per thought id, the phrases of open comment threads to highlight (marked only where the text still matches). */
  anchors?: ReadonlyMap<string, readonly CommentAnchor[]>;
}) {
  const parent = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: thoughts.length,
    getScrollElement: () => parent.current,
    estimateSize: () => ESTIMATE,
    overscan: 6,
    getItemKey: (i) => thoughts[i]!.id,
    measureElement: measureRow,
  });
  const items = virtualizer.getVirtualItems();

  // Full text for the thoughts on screen.
  const seqs = useMemo(() => items.map((it) => thoughts[it.index]!.seq), [items, thoughts]);
  const full = useFullThoughts(sessionId, seqs);
  // The raw texts of the rows on screen, for anchoring a comment to a phrase selected in them.
  for (const t of full.values()) transcriptTexts.set(t.id, t.text);

  const scrollIndex = scrollTo ? thoughts.findIndex((t) => t.id === scrollTo.id) : -1;
  useEffect(() => {
    const el = parent.current;
    if (scrollIndex < 0 || !el) return;
    const bring = () => virtualizer.scrollToIndex(scrollIndex, { align: "auto" });
    bring();
    // Again once the rows around it are measured (offsets from the 110 px estimate land short when rows are taller),
    // and whenever the pane's size changes until the reader scrolls by hand: the panes settle after the first paint,
    // and a row aligned to the bottom of the pane's first, taller size ended up below the fold.
    const frame = requestAnimationFrame(bring);
    const resized = new ResizeObserver(bring);
    resized.observe(el);
    const stop = () => resized.disconnect();
    const events = ["wheel", "touchmove", "pointerdown", "keydown"] as const;
    for (const name of events) el.addEventListener(name, stop, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      stop();
      for (const name of events) el.removeEventListener(name, stop);
    };
  }, [scrollTo?.key, scrollIndex, virtualizer]);

  return (
    // Focusable: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
    <section
      aria-label="Transcript"
      className="tg-transcript h-full overflow-y-auto outline-none"
      ref={parent}
      tabIndex={0}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
        {items.map((it) => {
          const o = thoughts[it.index]!;
          const t = full.get(o.seq);
          const selected = o.id === selectedId;
          return (
            <article
              key={it.key}
              ref={virtualizer.measureElement}
              data-index={it.index}
              data-testid="thought"
              data-seq={o.seq}
              data-thought-id={o.id}
              aria-current={selected ? "true" : undefined}
              className={cn(
                "thought flex cursor-pointer flex-col gap-1.5 border-b border-l-2 border-b-border border-l-transparent px-4 py-3 hover:bg-accent/40",
                selected && "is-selected border-l-primary bg-accent/60 hover:bg-accent/60",
              )}
              style={{ position: "absolute", top: 0, left: 0, right: 0, transform: `translateY(${it.start}px)` }}
              onClick={() => onSelect(o.id)}
            >
              <header className="flex flex-wrap items-center gap-x-1.5 text-xs text-muted-foreground">
                <span className="font-semibold tabular-nums text-foreground">
                  #{o.thoughtNumber}/{o.totalThoughts}
                </span>
                {o.branchId ? ` · branch ${o.branchId}` : ""}
                {o.isRevision ? ` · revises ${o.revisesThought ?? "?"}` : ""}
                {o.stage ? ` · ${o.stage}` : ""}
                {o.version > 1 ? ` · edited (v${o.version})` : ""}
                {o.kind ? <KindChip kind={o.kind} /> : null}
                {t?.detail ? (
                  <span className="tabular-nums">{detailLine(t.detail as Record<string, unknown>)}</span>
                ) : null}
              </header>
              {t && o.kind === "tool_result" ? (
                <details className="text-sm" data-testid="tool-result">
                  <summary className="cursor-pointer text-muted-foreground">
                    {(t.detail as { isError?: boolean } | null)?.isError ? "Error" : "Result"} (
                    {t.text.length.toLocaleString("en-US")} characters)
                  </summary>
                  <pre className="mt-1 max-h-96 overflow-auto whitespace-pre-wrap break-words">{t.text}</pre>
                </details>
              ) : t ? (
                <div data-thought-text="" className="min-w-0">
                  <LongText
                    id={o.id}
                    text={t.text}
                    render={(text) =>
                      anchors?.has(o.id) ? (
                        <AnchoredMarkdown text={text} anchors={anchors.get(o.id)!} />
                      ) : (
                        <Markdown text={text} />
                      )
                    }
                  />
                </div>
              ) : (
                <p className="text-sm text-muted-foreground">{o.preview}</p>
              )}
              {o.flags.map((f) => (
                <div key={f} className="flag text-xs text-amber-700 dark:text-amber-400">
                  ⚠ {describeFlag(f)}
                </div>
              ))}
            </article>
          );
        })}
      </div>
    </section>
  );
}
