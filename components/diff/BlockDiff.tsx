"use client";
// Two texts compared block by block (lib/diff/block-diff.ts, diff-sections.ts): unchanged, added and removed blocks
// rendered as markdown; an edited block as words struck and inserted; a rewrite as the text before and after, each
// rendered; tables row by row with a diff per cell; code line by line. Unified (one column) or side by side (before
// left, after right, rows aligned). Long unchanged stretches fold behind a button.
import { memo, useMemo, useState, type ReactNode } from "react";
import { blockDiff, type BlockDiff as Diff, type DiffRow } from "@/lib/diff/block-diff";
import { diffSections, sectionStats, type CodeLine, type DiffSection } from "@/lib/diff/diff-sections";
import type { DiffPart } from "@/lib/diff/word-diff";
import { plainLine } from "@/lib/markdown/plain";
import { countOf } from "@/lib/words/count-of";
import { cn } from "@/components/ui/cn";
import { Markdown } from "@/components/ui/Markdown";

export type DiffMode = "unified" | "split";
/** Which version a renderer draws: one side of a split view, or both marked in one column. */
type Side = "before" | "after" | "both";

const INSERT = "bg-diff-insert/60 border-l-2 border-l-emerald-600 dark:border-l-emerald-400";
const DELETE = "bg-diff-delete/60 border-l-2 border-l-red-600 dark:border-l-red-400";
const INS = "rounded-xs bg-diff-insert no-underline";
const DEL = "rounded-xs bg-diff-delete line-through decoration-1";

/** "2 edited · 1 rewritten · 3 added · 1 removed", or "no changes". */
export function diffSummary(stats: Diff["stats"]): string {
  const parts = [
    stats.modified > 0 ? `${countOf(stats.modified, "block")} edited` : null,
    stats.rewritten > 0 ? `${stats.rewritten} rewritten` : null,
    stats.inserted > 0 ? `${stats.inserted} added` : null,
    stats.deleted > 0 ? `${stats.deleted} removed` : null,
  ].filter((p) => p !== null);
  return parts.length === 0 ? "no changes" : parts.join(" · ");
}

export const BlockDiff = memo(function BlockDiff({
  before,
  after,
  mode,
  labels = { before: "Before", after: "After" },
}: {
  before: string;
  after: string;
  mode: DiffMode;
  labels?: { before: string; after: string };
}) {
  const diff = useMemo(() => blockDiff(before, after), [before, after]);
  const sections = useMemo(() => diffSections(diff.rows), [diff]);
  const split = mode === "split";
  return (
    <div className="tg-block-diff flex min-w-0 flex-col gap-1.5 text-base" data-testid="block-diff" data-mode={mode}>
      <p className="text-xs text-muted-foreground" data-testid="diff-summary">
        {diffSummary(sectionStats(sections))}
      </p>
      {split ? (
        <div className="grid grid-cols-2 gap-3 text-xs font-medium text-muted-foreground" aria-hidden>
          <span>{labels.before}</span>
          <span>{labels.after}</span>
        </div>
      ) : null}
      {sections.map((s, i) => (
        <Section key={i} section={s} split={split} />
      ))}
    </div>
  );
});

function Section({ section: s, split }: { section: DiffSection; split: boolean }) {
  const [open, setOpen] = useState(false);
  switch (s.kind) {
    case "markdown": {
      const box = (op: string) =>
        cn("min-w-0 rounded-sm px-2 py-1", op === "insert" && INSERT, op === "delete" && DELETE);
      const said = s.op === "insert" ? "Added" : s.op === "delete" ? "Removed" : null;
      const body = (
        <>
          {said ? <span className="sr-only">{said}: </span> : null}
          <Markdown text={s.markdown} />
        </>
      );
      if (!split) {
        return (
          <div className={box(s.op)} data-kind="markdown" data-op={s.op}>
            {body}
          </div>
        );
      }
      return (
        <Pair
          kind="markdown"
          op={s.op}
          left={s.op === "insert" ? null : <div className={box(s.op)}>{body}</div>}
          right={s.op === "delete" ? null : <div className={box(s.op)}>{body}</div>}
        />
      );
    }
    case "folded":
      return open ? (
        <div className="min-w-0 px-2 py-1" data-kind="markdown" data-op="equal">
          <Markdown text={s.markdown} />
        </div>
      ) : (
        <button
          type="button"
          className="cursor-pointer self-start rounded-sm px-2 py-0.5 text-xs text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
          onClick={() => setOpen(true)}
          data-kind="folded"
        >
          ⋯ {countOf(s.blocks, "unchanged block")}
        </button>
      );
    case "edit":
      return split ? (
        <Pair
          kind="edit"
          op="modify"
          left={<Words parts={s.words} side="before" className={cn("px-2 py-1", DELETE, "bg-transparent")} />}
          right={<Words parts={s.words} side="after" className={cn("px-2 py-1", INSERT, "bg-transparent")} />}
        />
      ) : (
        <div data-kind="edit" data-op="modify">
          <span className="sr-only">Edited: </span>
          <Words parts={s.words} side="both" className="border-l-2 border-l-amber-500 px-2 py-1" />
        </div>
      );
    case "rewrite": {
      const before = (
        <div className={cn("min-w-0 rounded-sm px-2 py-1", DELETE)} data-side="before">
          <span className="sr-only">Before: </span>
          <Markdown text={s.before} />
        </div>
      );
      const after = (
        <div className={cn("min-w-0 rounded-sm px-2 py-1", INSERT)} data-side="after">
          <span className="sr-only">After: </span>
          <Markdown text={s.after} />
        </div>
      );
      return (
        <div className="flex flex-col gap-1" data-kind="rewrite" data-op="rewrite">
          <span className="text-xs font-medium text-amber-700 dark:text-amber-400">Rewritten</span>
          {split ? (
            <div className="grid grid-cols-2 gap-3">
              {before}
              {after}
            </div>
          ) : (
            <>
              {before}
              {after}
            </>
          )}
        </div>
      );
    }
    case "table":
      return <Sides kind="table" split={split} draw={(side) => <DiffTable rows={s.rows} side={side} />} />;
    case "code":
      return <Sides kind="code" split={split} draw={(side) => <Code lines={s.lines} side={side} />} />;
  }
}

/** A modified table or code block: each side drawn by `draw`, side by side, or both in one column. */
function Sides({ kind, split, draw }: { kind: string; split: boolean; draw: (side: Side) => ReactNode }) {
  return split ? (
    <Pair kind={kind} op="modify" left={draw("before")} right={draw("after")} />
  ) : (
    <div data-kind={kind} data-op="modify">
      {draw("both")}
    </div>
  );
}

/** Side by side: before in the left column, after in the right; an empty side is hatched. */
function Pair({ kind, op, left, right }: { kind: string; op: string; left: ReactNode; right: ReactNode }) {
  const empty = (
    <div
      className="rounded-sm bg-[repeating-linear-gradient(135deg,transparent_0_6px,var(--muted)_6px_8px)]"
      aria-hidden
    />
  );
  return (
    <div className="grid grid-cols-2 gap-3" data-kind={kind} data-op={op}>
      <div className="flex min-w-0 flex-col" data-side="before">
        {left ?? empty}
      </div>
      <div className="flex min-w-0 flex-col" data-side="after">
        {right ?? empty}
      </div>
    </div>
  );
}

/** A word diff: `before` shows kept and removed words, `after` kept and added, `both` all three in order. */
function Words({ parts, side, className }: { parts: DiffPart[]; side: Side; className?: string }) {
  return (
    <p className={cn("min-w-0 whitespace-pre-wrap break-words leading-relaxed", className)} data-testid="word-diff">
      {parts.map((p, i) =>
        p.op === "equal" ? (
          <span key={i}>{p.text}</span>
        ) : p.op === "insert" ? (
          side === "before" ? null : (
            <ins key={i} className={INS}>
              {p.text}
            </ins>
          )
        ) : side === "after" ? null : (
          <del key={i} className={DEL}>
            {p.text}
          </del>
        ),
      )}
    </p>
  );
}

function CellWords({
  before,
  after,
  words,
  side,
}: {
  before: string | null;
  after: string | null;
  words: DiffPart[] | null;
  side: Side;
}) {
  if (words) return <Words parts={words} side={side} className="inline" />;
  const b = before === null ? null : plainLine(before);
  const a = after === null ? null : plainLine(after);
  if (side === "before") return <>{b ?? ""}</>;
  if (side === "after") return <>{a ?? ""}</>;
  if (b !== null && a === null) return <del className={DEL}>{b}</del>;
  if (a !== null && b === null) return <ins className={INS}>{a}</ins>;
  return <>{a ?? ""}</>;
}

/** A table whose rows changed: one row per table row, its state as a colour and a word, a diff per changed cell. */
function DiffTable({ rows, side }: { rows: DiffRow[]; side: Side }) {
  const body: ReactNode[] = [];
  const cellsOfBlock = (cells: string[] | undefined) => (cells ?? []).map(plainLine);
  const tr = (key: string, op: string, cells: ReactNode[], header: boolean) =>
    body.push(
      <tr
        key={key}
        data-op={op}
        className={cn(op === "insert" && "bg-diff-insert/60", op === "delete" && "bg-diff-delete/60")}
      >
        {cells.map((c, k) =>
          header ? (
            <th key={k} className="border border-border px-2 py-1 text-left font-semibold">
              {c}
            </th>
          ) : (
            <td key={k} className="border border-border px-2 py-1 align-top">
              {c}
            </td>
          ),
        )}
      </tr>,
    );
  let header = true;
  rows.forEach((r, i) => {
    const isSep =
      (r.op === "equal" || r.op === "modify" || r.op === "insert"
        ? r.after
        : r.op === "delete"
          ? r.before
          : r.before[0]!
      )?.kind === "table-sep";
    if (isSep) {
      header = false;
      return;
    }
    if (r.op === "equal") tr(`${i}`, "equal", cellsOfBlock(side === "before" ? r.before.cells : r.after.cells), header);
    else if (r.op === "modify") {
      const cells = r.cells ?? [];
      tr(
        `${i}`,
        "modify",
        cells.map((c, k) => <CellWords key={k} {...c} side={side} />),
        header,
      );
    } else if (r.op === "insert") {
      tr(
        `${i}`,
        side === "before" ? "gap" : "insert",
        side === "before" ? cellsOfBlock(r.after.cells).map(() => "") : cellsOfBlock(r.after.cells),
        header,
      );
    } else if (r.op === "delete") {
      tr(
        `${i}`,
        side === "after" ? "gap" : "delete",
        side === "after" ? cellsOfBlock(r.before.cells).map(() => "") : cellsOfBlock(r.before.cells),
        header,
      );
    } else {
      if (side !== "after")
        r.before
          .filter((b) => b.kind === "table-row")
          .forEach((b, k) => tr(`${i}b${k}`, "delete", cellsOfBlock(b.cells), header));
      if (side !== "before")
        r.after
          .filter((b) => b.kind === "table-row")
          .forEach((b, k) => tr(`${i}a${k}`, "insert", cellsOfBlock(b.cells), header));
    }
  });
  return (
    <div
      className="min-w-0 overflow-x-auto rounded-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      tabIndex={0}
    >
      <table className="w-full border-collapse text-sm">
        <tbody>{body}</tbody>
      </table>
    </div>
  );
}

/** A listing whose lines changed: one line each, marked + or −, the changed words inside an edited line. */
function Code({ lines, side }: { lines: CodeLine[]; side: Side }) {
  return (
    <pre
      tabIndex={0}
      className="min-w-0 overflow-x-auto rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 bg-muted px-0 py-1.5 font-mono text-xs leading-5"
    >
      {lines.map((l, i) => {
        if (l.op === "insert" && side === "before")
          return (
            <div key={i} className="px-3">
              &nbsp;
            </div>
          );
        if (l.op === "delete" && side === "after")
          return (
            <div key={i} className="px-3">
              &nbsp;
            </div>
          );
        const mark = l.op === "insert" ? "+" : l.op === "delete" ? "−" : l.op === "modify" ? "~" : " ";
        const tone =
          l.op === "insert"
            ? "bg-diff-insert/70"
            : l.op === "delete"
              ? "bg-diff-delete/70"
              : l.op === "modify"
                ? "bg-amber-500/10"
                : "";
        const text =
          l.op === "modify" && l.words ? (
            <Words parts={l.words} side={side} className="inline leading-5" />
          ) : (
            (l.after ?? l.before ?? "")
          );
        return (
          <div key={i} className={cn("flex gap-2 px-3", tone)} data-op={l.op}>
            <span aria-hidden className="w-3 shrink-0 select-none text-muted-foreground">
              {mark}
            </span>
            <span className="min-w-0 whitespace-pre">{text}</span>
          </div>
        );
      })}
    </pre>
  );
}
