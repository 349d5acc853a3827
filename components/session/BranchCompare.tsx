"use client";
// Two lanes side by side from the row where they part: how the agent's alternatives differ.
import { plainText } from "@/lib/markdown/plain";
import { useMemo, useState } from "react";
import type { OutlineThought } from "@/lib/contracts/dashboard";
import type { Layout } from "@/lib/graph/layout";

export function BranchCompare({
  layout,
  thoughts,
  onSelect,
}: {
  layout: Layout;
  thoughts: ReadonlyMap<string, OutlineThought>;
  onSelect: (id: string) => void;
}) {
  const lanes = useMemo(() => [...layout.lanes.entries()].sort((a, b) => a[1] - b[1]), [layout]);
  const [left, setLeft] = useState(lanes[0]?.[1] ?? 0);
  const [right, setRight] = useState(lanes[1]?.[1] ?? 0);
  const byLane = useMemo(() => {
    const m = new Map<number, typeof layout.nodes>();
    for (const n of layout.nodes) {
      const list = m.get(n.lane) ?? [];
      list.push(n);
      m.set(n.lane, list);
    }
    return m;
  }, [layout]);
  const name = (lane: number) => {
    const key = lanes.find(([, l]) => l === lane)?.[0] ?? "";
    return key === "" ? "main" : key;
  };
  // The fork: the later of the two lanes' first rows, so both columns start where they diverge.
  const from = Math.max(byLane.get(left)?.[0]?.row ?? 0, byLane.get(right)?.[0]?.row ?? 0);
  const column = (lane: number) => (byLane.get(lane) ?? []).filter((n) => n.row >= from);

  if (lanes.length < 2) return <p className="text-muted-foreground">This session has no branches to compare.</p>;
  return (
    <div className="tg-compare flex flex-col gap-3 p-4" aria-label="Branch comparison">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <LaneSelect label="Left" lanes={lanes.map(([, l]) => l)} value={left} onChange={setLeft} name={name} />
        <LaneSelect label="Right" lanes={lanes.map(([, l]) => l)} value={right} onChange={setRight} name={name} />
      </div>
      <div className="grid grid-cols-2 gap-3 text-sm">
        {[left, right].map((lane, side) => (
          <ol key={side} className="flex min-w-0 flex-col gap-1.5" aria-label={`Branch ${name(lane)}`}>
            {column(lane).map((n) => {
              const t = thoughts.get(n.id);
              if (!t) return null;
              return (
                <li key={n.id}>
                  <button
                    type="button"
                    className="w-full cursor-pointer rounded-md border border-border px-2 py-1.5 text-left hover:bg-accent"
                    onClick={() => onSelect(n.id)}
                  >
                    <strong className="tabular-nums">
                      {t.thoughtNumber}/{t.totalThoughts}
                    </strong>{" "}
                    <span className="line-clamp-3">{plainText(t.preview)}</span>
                  </button>
                </li>
              );
            })}
          </ol>
        ))}
      </div>
    </div>
  );
}

function LaneSelect(props: {
  label: string;
  lanes: number[];
  value: number;
  onChange: (lane: number) => void;
  name: (lane: number) => string;
}) {
  return (
    <label className="flex items-center gap-1.5">
      {props.label}{" "}
      <select
        className="h-8 rounded-md border border-input bg-background px-2 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        value={props.value}
        onChange={(e) => props.onChange(Number(e.target.value))}
      >
        {props.lanes.map((l) => (
          <option key={l} value={l}>
            {props.name(l)}
          </option>
        ))}
      </select>
    </label>
  );
}
