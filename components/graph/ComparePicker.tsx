"use client";
// Picking two lines of the graph to compare: the selected thought's line (main or its branch) is picked with the
// button or b; with two picked, a link opens the comparison view.
import { Panel } from "@xyflow/react";
import { X } from "lucide-react";
import Link from "next/link";
import { PICK_LINE_ID, type CompareHref } from "./compare-context";

export function ComparePicker({
  line,
  compareHref,
  picked,
  onPicked,
}: {
  line: string;
  compareHref: CompareHref;
  picked: string[];
  onPicked: (lines: string[]) => void;
}) {
  const has = picked.includes(line);
  const toggle = () => onPicked(has ? picked.filter((x) => x !== line) : [...picked, line].slice(-2));
  return (
    <Panel position="bottom-center">
      <div
        className="flex flex-wrap items-center gap-1.5 rounded-md border border-border bg-background/95 px-2 py-1 text-xs shadow-xs"
        role="group"
        aria-label="Compare lines"
        data-testid="compare-picker"
      >
        <button
          type="button"
          id={PICK_LINE_ID}
          className="cursor-pointer rounded-sm border border-input px-1.5 py-0.5 font-medium outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
          aria-pressed={has}
          title={`${has ? "Unpick" : "Pick"} the selected thought's line to compare (b)`}
          onClick={toggle}
        >
          {has ? "Unpick" : "Pick"} <span className="font-mono">{line}</span>
        </button>
        {picked.map((p) => (
          <span key={p} className="inline-flex items-center gap-0.5 rounded-sm bg-muted px-1.5 py-0.5 font-mono">
            {p}
            <button
              type="button"
              className="cursor-pointer rounded-xs text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
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
            className="rounded-sm bg-primary px-1.5 py-0.5 font-medium text-primary-foreground outline-none hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            Compare {picked[0]} with {picked[1]}
          </Link>
        ) : (
          <span className="text-muted-foreground">
            {picked.length === 0 ? "pick two lines to compare" : "pick one more"}
          </span>
        )}
      </div>
    </Panel>
  );
}
