"use client";
// The whole session as a strip down the graph pane's right edge (lib/graph/overview.ts): the main line, branches on
// their tracks, revision ticks and health marks (flags, low scores, loops, stalls, abandoned branches) at their rows,
// the graph's viewport as a band and the selection as a line. Click or drag to select the thought there (the graph
// and the transcript follow). Drawn on a canvas: 20,000 thoughts are one pass, a few milliseconds; the viewport band
// is a DOM element over it, so panning the graph redraws nothing.
import { GitBranch, Hash, History, TriangleAlert } from "lucide-react";
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import type { Folded } from "@/lib/graph/collapse";
import type { Layout } from "@/lib/graph/layout";
import { thoughtAt, type MarkKind, type OverviewModel } from "@/lib/graph/overview";
import { formatCount } from "@/lib/words/count-of";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/Popover";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/Tooltip";
import type { ViewRowsStore } from "./view-rows";

export const OVERVIEW_WIDTH = 56;
const PAD = 6;
const MAIN_X = 8;
const TRACK_GAP = 4.5;
const REVISION_X = OVERVIEW_WIDTH - 13;
const MARK_X = OVERVIEW_WIDTH - 7;

/** Ids of the jump buttons: the session view's n, r and w keys press them (shift: the previous one). */
export const JUMP_IDS = { "branch-point": "jump-branch-point", revision: "jump-revision", warning: "jump-warning" };
/** The "go to thought N" button: the g key presses it. */
export const GO_TO_ID = "go-to-thought";

const MARK_COLOUR: Record<MarkKind, string> = {
  flag: "--graph-node-flagged",
  "low-score": "--destructive",
  loop: "--chart-5",
  stall: "--chart-1",
  abandoned: "--graph-node-flagged",
};

export const MARK_WORDS: Record<MarkKind, string> = {
  flag: "flag",
  "low-score": "low score",
  loop: "loop",
  stall: "stall",
  abandoned: "abandoned branch",
};

export function SessionOverview({
  model,
  layout,
  folded,
  selectedId,
  viewRows,
  onPick,
  onJump,
  onGoTo,
}: {
  model: OverviewModel;
  layout: Layout;
  folded: Folded;
  selectedId: string | null;
  viewRows: ViewRowsStore;
  onPick: (id: string) => void;
  onJump: (kind: keyof typeof JUMP_IDS, direction: 1 | -1) => void;
  /** Selects thought number n; false when the session has none. */
  onGoTo: (n: number) => boolean;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: OVERVIEW_WIDTH, height: 0 });
  const [theme, setTheme] = useState(0);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: OVERVIEW_WIDTH, height: Math.round(entry.contentRect.height) });
    });
    observer.observe(el);
    // The colours come from the theme's variables: draw again when the theme changes.
    const themed = new MutationObserver(() => setTheme((t) => t + 1));
    themed.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    return () => {
      observer.disconnect();
      themed.disconnect();
    };
  }, []);
  const rows = Math.max(1, model.rows);
  const span = Math.max(1, size.height - 2 * PAD);
  const y = (row: number) => PAD + (row / rows) * span;
  const trackX = (track: number) => (track === 0 ? MAIN_X : MAIN_X + 3 + track * TRACK_GAP);

  useEffect(() => {
    const el = canvas.current;
    if (!el || size.height === 0) return;
    const ratio = window.devicePixelRatio || 1;
    el.width = Math.round(size.width * ratio);
    el.height = Math.round(size.height * ratio);
    const g = el.getContext("2d");
    if (!g) return;
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.clearRect(0, 0, size.width, size.height);
    const css = getComputedStyle(el);
    const colour = (name: string) => css.getPropertyValue(name).trim() || "gray";
    // Main line.
    g.fillStyle = colour("--graph-edge");
    if (model.mainRows > 0) g.fillRect(MAIN_X - 1.5, y(0), 3, Math.max(2, y(model.mainRows) - y(0)));
    // Branches: a link from the fork, and the branch's rows on its track.
    const branchColour = colour("--graph-edge-branch");
    const warn = colour("--graph-node-flagged");
    g.lineWidth = 1;
    for (const b of model.branches) {
      const x = trackX(b.track);
      g.fillStyle = b.abandoned ? warn : branchColour;
      g.fillRect(x - 1, y(b.first), 2, Math.max(2, y(b.last + 1) - y(b.first)));
      if (b.forkRow !== null) {
        g.strokeStyle = branchColour;
        g.globalAlpha = 0.5;
        g.beginPath();
        g.moveTo(MAIN_X, y(b.forkRow + 0.5));
        g.lineTo(x, y(b.first));
        g.stroke();
        g.globalAlpha = 1;
      }
    }
    // Revisions: ticks in their column.
    g.fillStyle = colour("--graph-edge-revision");
    for (const row of model.revisions) g.fillRect(REVISION_X, y(row), 4, Math.max(1.5, span / rows));
    // Health marks: a square each, in the last column.
    for (const m of model.marks) {
      g.fillStyle = colour(MARK_COLOUR[m.kind]);
      g.fillRect(MARK_X, y(m.row) - 1, 5, Math.max(3, span / rows));
    }
    // When it was first drawn (bench:ui reads it); redraws (marks arriving, a resize) leave it.
    el.dataset.drawnAt ??= String(performance.now());
    // `theme` is read so the effect runs again on a theme change.
    el.dataset.theme = String(theme);
  }, [model, size, theme, rows, span]);

  // The viewport band: the graph's drawn rows mapped back to the session's rows.
  const view = useSyncExternalStore(viewRows.subscribe, viewRows.get, () => null);
  const band = useMemo(() => {
    if (!view) return null;
    let from = Infinity;
    let to = -Infinity;
    const rowOf = new Map(layout.nodes.map((n) => [n.id, n.row]));
    for (const n of folded.nodes) {
      if (n.row < view.from || n.row > view.to) continue;
      const first = rowOf.get(n.kind === "thought" ? n.id : n.firstId);
      if (first === undefined) continue;
      from = Math.min(from, first);
      to = Math.max(to, first + (n.kind === "thought" ? 0 : n.count - 1));
    }
    return from <= to ? { from, to } : null;
  }, [view, folded, layout]);
  const selectedRow = selectedId ? (model.place.get(selectedId)?.row ?? null) : null;

  const pick = useRef<number | null>(null);
  const pickAt = (clientX: number, clientY: number) => {
    const rect = canvas.current?.getBoundingClientRect();
    if (!rect) return;
    const row = Math.floor(((clientY - rect.top - PAD) / span) * rows);
    const x = clientX - rect.left;
    const track = x < MAIN_X + 3 ? 0 : Math.max(1, Math.round((x - MAIN_X - 3) / TRACK_GAP));
    const id = thoughtAt(model, Math.max(0, Math.min(rows - 1, row)), track);
    if (id) onPick(id);
  };
  const describe = (clientY: number) => {
    const rect = canvas.current?.getBoundingClientRect();
    if (!rect || !canvas.current) return;
    const row = Math.floor(((clientY - rect.top - PAD) / span) * rows);
    const near = model.marks.filter((m) => Math.abs(m.row - row) <= Math.max(1, rows / span));
    canvas.current.title = `Row ${row + 1} of ${formatCount(rows)}${near.length > 0 ? ` · ${[...new Set(near.map((m) => MARK_WORDS[m.kind]))].join(", ")}` : ""} · click or drag to go there`;
  };

  const counts = `${formatCount(model.mainRows)} rows on the main line, ${formatCount(model.branches.length)} branches, ${formatCount(model.revisions.length)} revisions, ${formatCount(model.marks.length)} health marks`;
  return (
    <div
      className="tg-overview absolute inset-y-0 right-0 z-[5] flex flex-col border-l border-border bg-background/85 backdrop-blur-sm"
      style={{ width: OVERVIEW_WIDTH }}
      role="region"
      aria-label="Session overview"
      data-testid="session-overview"
    >
      <div ref={box} className="relative min-h-0 flex-1">
        <canvas
          ref={canvas}
          className="absolute inset-0 h-full w-full cursor-pointer touch-none"
          role="img"
          aria-label={`The whole session: ${counts}. Click or drag to select the thought there.`}
          data-testid="overview-canvas"
          onPointerDown={(e) => {
            e.currentTarget.setPointerCapture(e.pointerId);
            pickAt(e.clientX, e.clientY);
          }}
          onPointerMove={(e) => {
            describe(e.clientY);
            if (!e.currentTarget.hasPointerCapture(e.pointerId)) return;
            const { clientX, clientY } = e;
            if (pick.current !== null) cancelAnimationFrame(pick.current);
            pick.current = requestAnimationFrame(() => {
              pick.current = null;
              pickAt(clientX, clientY);
            });
          }}
        />
        {band ? (
          <div
            className="pointer-events-none absolute inset-x-0 rounded-xs border border-primary/70 bg-primary/10"
            style={{ top: y(band.from), height: Math.max(4, y(band.to + 1) - y(band.from)) }}
            data-testid="overview-viewport"
          />
        ) : null}
        {selectedRow !== null ? (
          <div
            className="pointer-events-none absolute inset-x-0 h-0.5 bg-primary"
            style={{ top: y(selectedRow) }}
            data-testid="overview-selection"
          />
        ) : null}
      </div>
      <div className="flex shrink-0 flex-col items-center gap-0.5 border-t border-border py-1">
        <JumpButton
          id={JUMP_IDS["branch-point"]}
          label="Next branch point"
          keyName="n"
          onJump={(d) => onJump("branch-point", d)}
        >
          <GitBranch aria-hidden />
        </JumpButton>
        <JumpButton id={JUMP_IDS.revision} label="Next revision" keyName="r" onJump={(d) => onJump("revision", d)}>
          <History aria-hidden />
        </JumpButton>
        <JumpButton
          id={JUMP_IDS.warning}
          label="Next flagged, low-scored, looping or stalled thought"
          keyName="w"
          onJump={(d) => onJump("warning", d)}
        >
          <TriangleAlert aria-hidden />
        </JumpButton>
        <GoTo onGoTo={onGoTo} />
      </div>
    </div>
  );
}

function JumpButton({
  id,
  label,
  keyName,
  onJump,
  children,
}: {
  id: string;
  label: string;
  keyName: string;
  onJump: (direction: 1 | -1) => void;
  children: React.ReactNode;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          id={id}
          className="flex size-7 cursor-pointer items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 [&_svg]:size-4"
          aria-label={label}
          // Shift-click, as shift with the key: the previous one.
          onClick={(e) => onJump(e.shiftKey ? -1 : 1)}
        >
          {children}
        </button>
      </TooltipTrigger>
      <TooltipContent side="left">
        {label} ({keyName}; shift+{keyName} the previous)
      </TooltipContent>
    </Tooltip>
  );
}

/** "Go to thought N": a number typed in a small popover; Enter goes there. */
function GoTo({ onGoTo }: { onGoTo: (n: number) => boolean }) {
  const [open, setOpen] = useState(false);
  const [missing, setMissing] = useState<string | null>(null);
  return (
    <Popover
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        setMissing(null);
      }}
    >
      <Tooltip>
        <TooltipTrigger asChild>
          <PopoverTrigger asChild>
            <button
              type="button"
              id={GO_TO_ID}
              className="flex size-7 cursor-pointer items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 [&_svg]:size-4"
              aria-label="Go to thought number"
            >
              <Hash aria-hidden />
            </button>
          </PopoverTrigger>
        </TooltipTrigger>
        <TooltipContent side="left">Go to thought number N (g)</TooltipContent>
      </Tooltip>
      <PopoverContent side="left" align="end" className="w-56 p-3">
        <form
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const raw = new FormData(e.currentTarget).get("n");
            const typed = typeof raw === "string" ? raw.trim() : "";
            const n = Number(typed);
            if (Number.isInteger(n) && n > 0 && onGoTo(n)) setOpen(false);
            else setMissing(typed === "" ? "Type a thought number." : `This session has no thought number ${typed}.`);
          }}
        >
          <label className="flex items-center gap-2 text-sm">
            Thought #
            <input
              name="n"
              type="number"
              min={1}
              autoFocus
              className="h-8 w-24 rounded-md border border-input bg-background px-2 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            />
          </label>
          {missing ? (
            <p role="alert" className="text-xs text-destructive">
              {missing}
            </p>
          ) : (
            <p className="text-xs text-muted-foreground">The main line's thought with that number; Enter goes there.</p>
          )}
        </form>
      </PopoverContent>
    </Popover>
  );
}
