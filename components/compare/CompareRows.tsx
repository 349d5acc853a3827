"use client";
// The comparison's one scrolling column of rows (virtualized: two 1,000-thought lines are 1,000 rows of rendered
// markdown): where each line ends and what differs there; the shared path (its last thoughts, all on demand); the
// fork; then one row per step after the fork, the left line's thought beside the right's. One scroll, so the sides
// move together. The keys live here (see CompareView.tsx).
import { useVirtualizer, type Virtualizer } from "@tanstack/react-virtual";
import { ExternalLink } from "lucide-react";
import Link from "next/link";
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import type { OutlineThought } from "@/lib/contracts/dashboard";
import { alignedRows, type ComparePaths } from "@/lib/graph/compare-paths";
import { describeFlag } from "@/lib/domain/flags";
import { countOf } from "@/lib/words/count-of";
import { BlockDiff } from "@/components/diff/BlockDiff";
import { useFullThoughts } from "@/components/transcript/useFullThoughts";
import { Badge } from "@/components/ui/Badge";
import { cn } from "@/components/ui/cn";
import { LongText } from "@/components/ui/LongText";
import { Markdown } from "@/components/ui/Markdown";
import { ownsKeys } from "@/components/ui/own-keys";

/** Shared thoughts shown above the fork until the reader asks for all of them. */
const SHARED_TAIL = 2;
const ESTIMATE = 160;

type Side = "left" | "right";
type Item =
  | { kind: "ends" }
  | { kind: "shared-head" }
  | { kind: "shared"; id: string }
  | { kind: "fork" }
  | { kind: "pair"; i: number };

function measureRow(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<HTMLDivElement, Element>,
) {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  return instance.itemSizeCache.get(instance.options.getItemKey(instance.indexFromElement(element))) ?? ESTIMATE;
}

export function CompareRows({
  sessionId,
  sessionHref,
  paths,
  thoughts,
  names,
  onSwap,
}: {
  sessionId: string;
  sessionHref: string;
  paths: ComparePaths;
  thoughts: ReadonlyMap<string, OutlineThought>;
  names: { left: string; right: string };
  onSwap: () => void;
}) {
  const rows = useMemo(() => alignedRows(paths), [paths]);
  const [allShared, setAllShared] = useState(false);
  const [cursor, setCursor] = useState<{ row: number; side: Side }>({ row: 0, side: "left" });
  const [diffs, setDiffs] = useState<ReadonlySet<number>>(new Set());
  const items = useMemo<Item[]>(() => {
    const shared = allShared ? paths.shared : paths.shared.slice(-SHARED_TAIL);
    return [
      { kind: "ends" },
      { kind: "shared-head" },
      ...shared.map((id) => ({ kind: "shared" as const, id })),
      { kind: "fork" },
      ...rows.map((_, i) => ({ kind: "pair" as const, i })),
    ];
  }, [paths, rows, allShared]);
  const firstPair = items.findIndex((it) => it.kind === "pair");
  const parent = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => parent.current,
    estimateSize: () => ESTIMATE,
    overscan: 4,
    getItemKey: (i) => {
      const it = items[i]!;
      return it.kind === "pair" ? `p${it.i}` : it.kind === "shared" ? `s${it.id}` : it.kind;
    },
    measureElement: measureRow,
  });
  const visible = virtualizer.getVirtualItems();
  const forkId = paths.shared.at(-1) ?? null;
  const endOf = (side: Side) => (side === "left" ? paths.left : paths.right).at(-1) ?? forkId;
  const ends = { left: endOf("left"), right: endOf("right") };

  // Full text for what is on screen and for the two ends.
  const seqs = useMemo(() => {
    const out: number[] = [];
    const add = (id: string | null) => {
      const t = id ? thoughts.get(id) : undefined;
      if (t) out.push(t.seq);
    };
    add(ends.left);
    add(ends.right);
    for (const v of visible) {
      const it = items[v.index]!;
      if (it.kind === "shared") add(it.id);
      if (it.kind === "pair") {
        add(rows[it.i]!.left);
        add(rows[it.i]!.right);
      }
    }
    return out;
  }, [visible, items, rows, thoughts, ends.left, ends.right]);
  const full = useFullThoughts(sessionId, seqs);
  const textOf = (id: string | null) => {
    const t = id ? thoughts.get(id) : undefined;
    return t ? (full.get(t.seq)?.text ?? null) : null;
  };

  const bring = (row: number) => virtualizer.scrollToIndex(firstPair + row, { align: "auto" });
  // Only when the cursor moves (the reader's own scrolling stays as it is).
  const shownRow = useRef(cursor.row);
  useEffect(() => {
    if (shownRow.current === cursor.row) return;
    shownRow.current = cursor.row;
    bring(cursor.row);
  });

  const onKeyDown = (e: KeyboardEvent) => {
    if (ownsKeys(e.target, e.key) || e.metaKey || e.ctrlKey || e.altKey) return;
    const move = (row: number) => setCursor((c) => ({ ...c, row: Math.max(0, Math.min(rows.length - 1, row)) }));
    const id = rows[cursor.row]?.[cursor.side] ?? null;
    let handled = true;
    if (e.key === "j" || e.key === "ArrowDown") move(cursor.row + 1);
    else if (e.key === "k" || e.key === "ArrowUp") move(cursor.row - 1);
    else if (e.key === "h" || e.key === "ArrowLeft") setCursor((c) => ({ ...c, side: "left" }));
    else if (e.key === "l" || e.key === "ArrowRight") setCursor((c) => ({ ...c, side: "right" }));
    else if (e.key === "Enter" && id) window.location.assign(`${sessionHref}?thought=${encodeURIComponent(id)}`);
    else if (e.key === "d") toggleDiff(cursor.row);
    else if (e.key === "x") onSwap();
    else if (e.key === "e") virtualizer.scrollToIndex(0, { align: "start" });
    else if (e.key === "g") {
      move(0);
      virtualizer.scrollToIndex(Math.max(0, firstPair - 1), { align: "start" });
    } else handled = false;
    if (handled) e.preventDefault();
  };
  const toggleDiff = (row: number) =>
    setDiffs((d) => {
      const next = new Set(d);
      if (next.has(row)) next.delete(row);
      else next.add(row);
      return next;
    });

  const stats = (ids: readonly string[]) => {
    let revisions = 0;
    let flags = 0;
    for (const id of ids) {
      const t = thoughts.get(id);
      if (t?.isRevision) revisions++;
      if (t && t.flags.length > 0) flags++;
    }
    return { revisions, flags };
  };

  const render = (item: Item) => {
    switch (item.kind) {
      case "ends":
        return (
          <Ends
            names={names}
            ends={ends}
            thoughts={thoughts}
            texts={{ left: textOf(ends.left), right: textOf(ends.right) }}
            counts={{ left: paths.left.length, right: paths.right.length }}
            stats={{ left: stats(paths.left), right: stats(paths.right) }}
          />
        );
      case "shared-head":
        return (
          <div className="flex flex-wrap items-center gap-2 px-4 pt-4 pb-1 text-sm">
            <h2 className="font-semibold">Shared path</h2>
            <span className="text-muted-foreground">
              {countOf(paths.shared.length, "thought")} before the lines part
              {!allShared && paths.shared.length > SHARED_TAIL ? ` · the last ${SHARED_TAIL} shown` : ""}
            </span>
            {paths.shared.length > SHARED_TAIL ? (
              <button
                type="button"
                className="cursor-pointer rounded-sm text-sm font-medium text-primary outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                onClick={() => setAllShared((a) => !a)}
              >
                {allShared ? "Show only the last ones" : `Show all ${paths.shared.length}`}
              </button>
            ) : null}
          </div>
        );
      case "shared": {
        const t = thoughts.get(item.id)!;
        return (
          <div className="px-4 py-1.5" data-testid="shared-thought">
            <Cell t={t} text={textOf(item.id)} href={`${sessionHref}?thought=${encodeURIComponent(item.id)}`} />
          </div>
        );
      }
      case "fork": {
        const fork = forkId ? thoughts.get(forkId) : undefined;
        return (
          <div className="sticky top-0 z-10 grid grid-cols-[3rem_minmax(0,1fr)_minmax(0,1fr)] gap-3 border-y border-border bg-background px-4 py-2 text-sm font-semibold">
            <span className="text-muted-foreground" title="Steps after the fork">
              step
            </span>
            <span data-testid="compare-left-name">
              {names.left}{" "}
              <span className="font-normal text-muted-foreground">· {countOf(paths.left.length, "thought")}</span>
            </span>
            <span data-testid="compare-right-name">
              {names.right}{" "}
              <span className="font-normal text-muted-foreground">· {countOf(paths.right.length, "thought")}</span>
            </span>
            <span className="col-span-3 text-xs font-normal text-muted-foreground">
              {fork ? `They part after thought ${fork.thoughtNumber} (#${fork.seq}).` : "They share no thought."}
            </span>
          </div>
        );
      }
      case "pair": {
        const r = rows[item.i]!;
        const active = cursor.row === item.i;
        const open = diffs.has(item.i);
        const cell = (side: Side) => {
          const id = r[side];
          const t = id ? thoughts.get(id) : undefined;
          const current = active && cursor.side === side;
          return (
            <div
              className={cn(
                "min-w-0 rounded-md border border-transparent p-2",
                current && "border-primary bg-accent/40",
                !t && "bg-[repeating-linear-gradient(135deg,transparent_0_6px,var(--muted)_6px_8px)]",
              )}
              data-side={side}
              aria-current={current ? "true" : undefined}
              onClick={() => setCursor({ row: item.i, side })}
            >
              {t ? (
                <Cell t={t} text={textOf(id)} href={`${sessionHref}?thought=${encodeURIComponent(t.id)}`} />
              ) : (
                <p className="text-xs text-muted-foreground">{`${names[side]} has ended`}</p>
              )}
            </div>
          );
        };
        return (
          <div
            className={cn("border-b border-border px-4 py-1.5", active && "bg-muted/30")}
            data-testid="compare-row"
            data-row={item.i}
          >
            <div className="grid grid-cols-[3rem_minmax(0,1fr)_minmax(0,1fr)] gap-3">
              <div className="flex flex-col items-start gap-1 pt-2 text-xs text-muted-foreground tabular-nums">
                +{item.i + 1}
                {r.left && r.right ? (
                  <button
                    type="button"
                    className="cursor-pointer rounded-sm text-primary outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                    aria-expanded={open}
                    aria-label={`Diff step ${item.i + 1}`}
                    title="Diff these two thoughts (d)"
                    onClick={() => toggleDiff(item.i)}
                  >
                    diff
                  </button>
                ) : null}
              </div>
              {cell("left")}
              {cell("right")}
            </div>
            {open && r.left && r.right ? (
              <div className="mt-2 ml-[3.75rem] rounded-md border border-border p-3" data-testid="row-diff">
                {textOf(r.left) !== null && textOf(r.right) !== null ? (
                  <BlockDiff
                    before={textOf(r.left)!}
                    after={textOf(r.right)!}
                    mode="split"
                    labels={{ before: names.left, after: names.right }}
                  />
                ) : (
                  <p className="text-sm text-muted-foreground">Loading the texts…</p>
                )}
              </div>
            ) : null}
          </div>
        );
      }
    }
  };

  return (
    <div
      ref={parent}
      className="min-h-0 flex-1 overflow-y-auto outline-none focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:ring-inset"
      tabIndex={0}
      // Focused on arrival: the keys work at once.
      autoFocus
      onKeyDown={onKeyDown}
      role="region"
      aria-label={`Comparison of ${names.left} and ${names.right} (j/k rows, h/l sides, d diff, x swap, Enter opens)`}
      data-testid="compare-rows"
    >
      <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
        {visible.map((v) => (
          <div
            key={v.key}
            ref={virtualizer.measureElement}
            data-index={v.index}
            style={{ position: "absolute", top: 0, left: 0, right: 0, transform: `translateY(${v.start}px)` }}
          >
            {render(items[v.index]!)}
          </div>
        ))}
      </div>
    </div>
  );
}

/** One thought: number, branch, revision and flags, then its text (folded when long; the preview until loaded). */
function Cell({ t, text, href }: { t: OutlineThought; text: string | null; href: string }) {
  return (
    <article className="flex min-w-0 flex-col gap-1" data-thought-id={t.id} data-testid="compare-thought">
      <header className="flex flex-wrap items-center gap-x-1.5 text-xs text-muted-foreground">
        <span className="font-semibold tabular-nums text-foreground">
          #{t.thoughtNumber}/{t.totalThoughts}
        </span>
        {t.branchId ? <span>· {t.branchId}</span> : null}
        {t.isRevision ? <span>· revises {t.revisesThought ?? "?"}</span> : null}
        {t.stage ? <span>· {t.stage}</span> : null}
        <Link
          href={href}
          prefetch={false}
          className="ml-auto inline-flex items-center gap-0.5 rounded-sm outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
          aria-label={`Open thought ${t.thoughtNumber} in the session`}
          title="Open in the session (Enter)"
        >
          <ExternalLink className="size-3.5" aria-hidden />
        </Link>
      </header>
      {text !== null ? (
        <LongText id={t.id} text={text} render={(s) => <Markdown text={s} />} />
      ) : (
        <p className="text-base text-muted-foreground">{t.preview}</p>
      )}
      {t.flags.map((f) => (
        <div key={f} className="text-xs text-amber-700 dark:text-amber-400">
          ⚠ {describeFlag(f)}
        </div>
      ))}
    </article>
  );
}

/** Where the two lines end, side by side, and a block diff of the two last thoughts. */
function Ends({
  names,
  ends,
  thoughts,
  texts,
  counts,
  stats,
}: {
  names: { left: string; right: string };
  ends: { left: string | null; right: string | null };
  thoughts: ReadonlyMap<string, OutlineThought>;
  texts: { left: string | null; right: string | null };
  counts: { left: number; right: number };
  stats: Record<Side, { revisions: number; flags: number }>;
}) {
  const summary = (side: Side) => {
    const t = ends[side] ? thoughts.get(ends[side]) : undefined;
    return (
      <div className="flex min-w-0 flex-col gap-1" data-testid={`end-${side}`}>
        <h3 className="font-mono text-sm font-semibold">{names[side]}</h3>
        <p className="flex flex-wrap gap-1 text-xs text-muted-foreground">
          <Badge variant="outline">{countOf(counts[side], "thought")} after the fork</Badge>
          {t ? (
            <Badge variant="outline">
              ends at #{t.thoughtNumber}/{t.totalThoughts}
            </Badge>
          ) : null}
          {stats[side].revisions > 0 ? (
            <Badge variant="outline">{countOf(stats[side].revisions, "revision")}</Badge>
          ) : null}
          {stats[side].flags > 0 ? (
            <Badge variant="warning">{countOf(stats[side].flags, "flagged thought")}</Badge>
          ) : null}
        </p>
      </div>
    );
  };
  return (
    <section
      className="flex flex-col gap-3 border-b border-border bg-muted/20 px-4 py-4"
      aria-label="Where the lines end"
      data-testid="compare-ends"
    >
      <h2 className="text-sm font-semibold">Where they end, and what differs</h2>
      <div className="grid grid-cols-2 gap-3">
        {summary("left")}
        {summary("right")}
      </div>
      {texts.left !== null && texts.right !== null ? (
        <BlockDiff
          before={texts.left}
          after={texts.right}
          mode="split"
          labels={{ before: `${names.left}'s last thought`, after: `${names.right}'s last thought` }}
        />
      ) : (
        <p className="text-sm text-muted-foreground">Loading the last thoughts…</p>
      )}
    </section>
  );
}
