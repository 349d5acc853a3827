"use client";
// Picking two lines of the graph to compare: the selected thought's line (main or its branch) is picked with the
// button or b; with two picked, a link opens the comparison view. One row at the pane's bottom, right of the zoom
// controls: line names (a sub-agent's branch id runs to 40 characters) end in an ellipsis, whole in their titles.
import { Panel } from "@xyflow/react";
import { X } from "lucide-react";
import Link from "next/link";
import { togglePicked } from "@/lib/graph/compare-paths";
import type { CompareHref } from "./compare-context";

/** A line's name in the bar: at most 8 rem (~20 monospace characters), the rest in the title. */
const NAME = "inline-block max-w-32 min-w-0 truncate align-bottom font-mono";

export function ComparePicker({
  line,
  compareHref,
  picked,
  onPicked,
  left,
  right,
}: {
  line: string;
  compareHref: CompareHref;
  picked: string[];
  onPicked: (lines: string[]) => void;
  /** Pixels from the pane's left edge to the bar (the zoom controls sit there) and kept clear at its right. */
  left: number;
  right: number;
}) {
  const has = picked.includes(line);
  return (
    <Panel position="bottom-left" style={{ marginLeft: left, maxWidth: `calc(100% - ${left + right}px)` }}>
      <div
        className="flex min-w-0 items-center gap-1.5 rounded-md border border-border bg-background/95 px-2 py-1 text-xs whitespace-nowrap shadow-xs"
        role="group"
        aria-label="Compare lines"
        data-testid="compare-picker"
      >
        <button
          type="button"
          className="flex min-w-0 shrink cursor-pointer gap-1 rounded-sm border border-input px-1.5 py-0.5 font-medium outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
          aria-pressed={has}
          title={`${has ? "Unpick" : "Pick"} the selected thought's line, ${line}, to compare (b)`}
          onClick={() => onPicked(togglePicked(picked, line))}
        >
          {has ? "Unpick" : "Pick"} <span className={NAME}>{line}</span>
        </button>
        {picked.map((p) => (
          <span key={p} className="inline-flex min-w-0 items-center gap-0.5 rounded-sm bg-muted px-1.5 py-0.5">
            <span className={NAME} title={p}>
              {p}
            </span>
            <button
              type="button"
              className="shrink-0 cursor-pointer rounded-xs text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
              aria-label={`Unpick ${p}`}
              onClick={() => onPicked(picked.filter((x) => x !== p))}
            >
              <X className="size-3" aria-hidden />
            </button>
          </span>
        ))}
        {picked.length === 2 ? (
          <Link
            href={compareHref(picked[0]!, picked[1]!)}
            prefetch={false}
            // The lines are named beside it; the link's name says which way round.
            aria-label={`Compare ${picked[0]} with ${picked[1]}`}
            title={`Compare ${picked[0]} with ${picked[1]}`}
            className="shrink-0 rounded-sm bg-primary px-1.5 py-0.5 font-medium text-primary-foreground outline-none hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            Compare
          </Link>
        ) : (
          <span className="min-w-0 truncate text-muted-foreground">
            {picked.length === 0 ? "pick two lines to compare" : "pick one more"}
          </span>
        )}
      </div>
    </Panel>
  );
}
