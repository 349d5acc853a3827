"use client";
// The side panel's Compare tab: the session's lines (main and each branch, where it forks and how long it is), each
// branch one click from its comparison with main, and any two lines picked for the full-width compare view.
import Link from "next/link";
import { useMemo, useState } from "react";
import type { OutlineThought } from "@/lib/contracts/dashboard";
import { lineNames, MAIN } from "@/lib/graph/compare-paths";
import type { Layout } from "@/lib/graph/layout";
import { countOf } from "@/lib/words/count-of";
import { buttonVariants } from "@/components/ui/Button";
import { NativeSelect } from "@/components/ui/Select";

export function BranchCompare({
  sessionId,
  layout,
  thoughts,
}: {
  sessionId: string;
  layout: Layout;
  thoughts: ReadonlyMap<string, OutlineThought>;
}) {
  const names = useMemo(() => lineNames(layout), [layout]);
  const lines = useMemo(() => {
    const count = new Map<number, number>();
    const first = new Map<number, string>();
    for (const n of layout.nodes) {
      count.set(n.lane, (count.get(n.lane) ?? 0) + 1);
      if (!first.has(n.lane)) first.set(n.lane, n.id);
    }
    return names.map((name, lane) => {
      const start = thoughts.get(first.get(lane) ?? "");
      return { name, count: count.get(lane) ?? 0, forkFrom: start?.branchFromThought ?? null };
    });
  }, [layout, names, thoughts]);
  const [left, setLeft] = useState(MAIN);
  const [right, setRight] = useState(names[1] ?? MAIN);
  const href = (l: string, r: string) =>
    `/sessions/${encodeURIComponent(sessionId)}/compare?left=${encodeURIComponent(l)}&right=${encodeURIComponent(r)}`;

  if (names.length < 2)
    return <p className="p-4 text-sm text-muted-foreground">This session has no branches to compare.</p>;
  return (
    <div className="tg-compare flex flex-col gap-4 p-4" aria-label="Branch comparison" role="region">
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-muted-foreground">Compare two lines</h3>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <NativeSelect size="sm" aria-label="Left line" value={left} onChange={(e) => setLeft(e.target.value)}>
            {names.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </NativeSelect>
          <span className="text-muted-foreground">with</span>
          <NativeSelect size="sm" aria-label="Right line" value={right} onChange={(e) => setRight(e.target.value)}>
            {names.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </NativeSelect>
        </div>
        {left === right ? (
          <p className="text-xs text-muted-foreground">Pick two different lines.</p>
        ) : (
          <Link
            href={href(left, right)}
            prefetch={false}
            className={buttonVariants({ size: "sm", className: "self-start" })}
          >
            Open the comparison
          </Link>
        )}
        <p className="text-xs text-muted-foreground">
          Or in the graph: select a thought on a branch and press b to pick its line, then another.
        </p>
      </div>
      <ul className="flex flex-col divide-y divide-border rounded-md border border-border text-sm" aria-label="Lines">
        {lines.map((l) => (
          <li key={l.name} className="flex flex-wrap items-center gap-x-2 gap-y-1 px-3 py-2">
            <span className="font-mono font-medium">{l.name}</span>
            <span className="text-xs text-muted-foreground">
              {countOf(l.count, "thought")}
              {l.forkFrom !== null ? ` · forks from ${l.forkFrom}` : ""}
            </span>
            {l.name === MAIN ? null : (
              <Link
                href={href(MAIN, l.name)}
                prefetch={false}
                className="ml-auto text-xs font-medium text-primary hover:underline"
              >
                Compare with main
              </Link>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
