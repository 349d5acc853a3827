"use client";
// The session as a readable, virtualized list: only the rows on screen are in the DOM, and their full text is
// fetched a page at a time (the outline carries previews). Selection is shared with the graph.
import { useVirtualizer, type Virtualizer } from "@tanstack/react-virtual";
import { useEffect, useMemo, useRef } from "react";
import type { OutlineThought } from "@/lib/contracts/dashboard";
import { describeFlag } from "@/lib/domain/flags";
import type { TranscriptEntry } from "@/lib/graph/fold-branches";
import { resultWords } from "@/lib/normalised/kind-words";
import { Button } from "@/components/ui/Button";
import { cn } from "@/components/ui/cn";
import { LongText } from "@/components/ui/LongText";
import { Markdown } from "@/components/ui/Markdown";
import { AnchoredMarkdown } from "@/components/comments/AnchoredMarkdown";
import { transcriptTexts } from "@/components/comments/pending-anchor";
import { useFullThoughts } from "./useFullThoughts";
import type { CommentAnchor } from "@/lib/contracts/comments";
import { detailLine, KindChip } from "./ThoughtKind";
import { ToolResults } from "./ToolResults";

/** What the transcript shows of a session's folds (components/session/useSessionFolds.ts): its rows with tool results
 *  folded into their calls and the reader's folded branches as one row each. */
export interface TranscriptFolds {
  entries: readonly TranscriptEntry<OutlineThought>[];
  /** The row showing each thought (a folded result: its call's row; a thought of a folded branch: the fold's). */
  indexOf: ReadonlyMap<string, number>;
  resultsOf: ReadonlyMap<string, readonly OutlineThought[]>;
  callOf: ReadonlyMap<string, string>;
  /** Each branch's first thought and what it is in words (sub-agent, rewind, branch). */
  branches: ReadonlyMap<string, { firstId: string; word: string }>;
  toggleBranch: (branchKey: string) => void;
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

/** A row's key: its thought's id, or the folded branch's. */
function entryKey(e: TranscriptEntry<OutlineThought>): string {
  return e.type === "thought" ? e.thought.id : `fold:${e.branchKey}`;
}

export function Transcript({
  sessionId,
  folds,
  selectedId,
  onSelect,
  scrollTo,
  anchors,
}: {
  sessionId: string;
  folds: TranscriptFolds;
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** A request to bring a thought into view; `key` changes per request. */
  scrollTo: { id: string; key: number } | null;
  /** Per thought id, the phrases of open comment threads to highlight (marked only where the text still matches). */
  anchors?: ReadonlyMap<string, readonly CommentAnchor[]>;
}) {
  const parent = useRef<HTMLDivElement>(null);
  const { entries, resultsOf } = folds;
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => parent.current,
    estimateSize: () => ESTIMATE,
    overscan: 6,
    getItemKey: (i) => entryKey(entries[i]!),
    measureElement: measureRow,
  });
  const items = virtualizer.getVirtualItems();

  // Full text for the thoughts on screen and the tool results folded into them.
  const seqs = useMemo(() => {
    const out: number[] = [];
    for (const it of items) {
      const e = entries[it.index]!;
      if (e.type !== "thought") continue;
      out.push(e.thought.seq);
      for (const r of resultsOf.get(e.thought.id) ?? []) out.push(r.seq);
    }
    return out;
  }, [items, entries, resultsOf]);
  const full = useFullThoughts(sessionId, seqs);
  const texts = new Map([...full].map(([seq, t]) => [seq, t.text]));
  // The raw texts of the rows on screen, for anchoring a comment to a phrase selected in them.
  for (const t of full.values()) transcriptTexts.set(t.id, t.text);

  const scrollIndex = scrollTo ? (folds.indexOf.get(scrollTo.id) ?? -1) : -1;
  const selectedIndex = selectedId ? (folds.indexOf.get(selectedId) ?? -1) : -1;
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
          const e = entries[it.index]!;
          const selected = it.index === selectedIndex;
          const place = {
            ref: virtualizer.measureElement,
            "data-index": it.index,
            style: { position: "absolute", top: 0, left: 0, right: 0, transform: `translateY(${it.start}px)` },
          } as const;
          if (e.type === "fold") {
            const word = folds.branches.get(e.branchKey)?.word ?? "branch";
            return (
              <article
                key={it.key}
                {...place}
                data-testid="folded-branch"
                data-branch={e.branchKey}
                aria-current={selected ? "true" : undefined}
                className={cn(
                  "flex items-center gap-2 border-b border-l-2 border-b-border border-l-transparent bg-muted/40 px-4 py-2 text-sm",
                  selected && "is-selected border-l-primary",
                )}
              >
                <span className="min-w-0 flex-1 truncate">
                  <span className="font-medium">
                    {word} {e.branchKey}
                  </span>
                  <span className="text-muted-foreground">
                    {" "}
                    · {e.count.toLocaleString("en-US")} {e.count === 1 ? "thought" : "thoughts"} folded
                  </span>
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Unfold ${word} ${e.branchKey}`}
                  onClick={() => {
                    folds.toggleBranch(e.branchKey);
                    onSelect(e.first.id);
                  }}
                >
                  Unfold
                </Button>
              </article>
            );
          }
          const o = e.thought;
          const t = full.get(o.seq);
          const results = resultsOf.get(o.id);
          const lane = o.branchId !== null ? folds.branches.get(o.branchId) : undefined;
          const startsLane = lane?.firstId === o.id;
          return (
            <article
              key={it.key}
              {...place}
              data-testid="thought"
              data-seq={o.seq}
              data-thought-id={o.id}
              aria-current={selected ? "true" : undefined}
              className={cn(
                "thought flex cursor-pointer flex-col gap-1.5 border-b border-l-2 border-b-border border-l-transparent px-4 py-3 hover:bg-accent/40",
                selected && "is-selected border-l-primary bg-accent/60 hover:bg-accent/60",
              )}
              onClick={() => onSelect(o.id)}
            >
              <header className="flex flex-wrap items-center gap-x-1.5 text-xs text-muted-foreground">
                <span className="font-semibold tabular-nums text-foreground">
                  #{o.thoughtNumber}/{o.totalThoughts}
                </span>
                {o.branchId ? ` · ${lane?.word ?? "branch"} ${o.branchId}` : ""}
                {o.isRevision ? ` · revises ${o.revisesThought ?? "?"}` : ""}
                {o.stage ? ` · ${o.stage}` : ""}
                {o.version > 1 ? ` · edited (v${o.version})` : ""}
                {o.kind ? <KindChip kind={o.kind} /> : null}
                {o.kind === "tool_call" && results !== undefined ? (
                  <span className="text-foreground">→ {resultWords(results)}</span>
                ) : null}
                {t?.detail ? (
                  <span className="tabular-nums">{detailLine(t.detail as Record<string, unknown>)}</span>
                ) : null}
                {startsLane ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="ml-auto h-6"
                    aria-label={`Fold ${lane.word} ${o.branchId}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      folds.toggleBranch(o.branchId!);
                    }}
                  >
                    Fold
                  </Button>
                ) : null}
              </header>
              {t ? (
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
              {o.kind === "tool_call" ? (
                <ToolResults
                  results={results ?? []}
                  texts={texts}
                  open={selectedId !== null && folds.callOf.get(selectedId) === o.id ? selectedId : null}
                />
              ) : null}
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
