"use client";
// The session view's three panes (graph, transcript, side panel) as resizable panels that scroll inside themselves.
// Side by side from 900 px up; stacked below (three columns under 900 px leave each less than 300 px). The graph and
// transcript panes collapse (drag the handle past their minimum); the side panel always stays.
import { Fragment, useEffect, useRef, type ReactNode } from "react";
import { Group, Panel, Separator, useGroupRef } from "react-resizable-panels";
import { cn } from "@/components/ui/cn";
import { useMediaQuery } from "./useMediaQuery";

function Handle({ vertical }: { vertical: boolean }) {
  return (
    <Separator
      className={cn(
        "relative shrink-0 bg-border outline-none transition-colors hover:bg-ring focus-visible:bg-ring data-[separator=active]:bg-ring",
        vertical ? "h-px w-full" : "h-full w-px",
        // A wider invisible hit area than the 1 px line.
        vertical
          ? "after:absolute after:inset-x-0 after:-inset-y-1"
          : "after:absolute after:inset-y-0 after:-inset-x-1",
      )}
    />
  );
}

/**
 * Sizes in percent of the group (strings: react-resizable-panels reads "240px" as pixels): side by side from 1280 px,
 * side by side below it ("mid"), and stacked. Below 1280 px the graph takes 48 %: at 42 % of 1024 px (~430 px) the
 * opening view cut off the right-hand column of a branching session, which needs ~449 px at the smallest readable zoom.
 */
const PANES = [
  {
    id: "graph",
    wide: { size: "42", min: "20" },
    mid: { size: "48", min: "20" },
    stacked: { size: "40", min: "15" },
    collapsible: true,
  },
  {
    id: "transcript",
    wide: { size: "30", min: "15" },
    mid: { size: "26", min: "15" },
    stacked: { size: "30", min: "10" },
    collapsible: true,
  },
  // The side panel never collapses: it holds the detail of the selection and the tabs.
  {
    id: "side",
    wide: { size: "28", min: "240px" },
    mid: { size: "26", min: "240px" },
    stacked: { size: "30", min: "20" },
    collapsible: false,
  },
] as const;

export function SessionPanes(panes: Record<(typeof PANES)[number]["id"], ReactNode>) {
  const wide = useMediaQuery("(min-width: 900px)");
  const roomy = useMediaQuery("(min-width: 1280px)");
  const layout = wide ? (roomy ? "wide" : "mid") : "stacked";
  // Across either breakpoint the panes take the other layout's sizes and orientation in place, the same tree kept
  // mounted: a remount dropped the panes' state (a comment or a score's comment being typed, an open wide diff).
  const group = useGroupRef();
  const applied = useRef(layout);
  useEffect(() => {
    if (applied.current === layout) return;
    applied.current = layout;
    group.current?.setLayout(Object.fromEntries(PANES.map((p) => [p.id, Number(p[layout].size)])));
  }, [layout, group]);
  return (
    <Group
      groupRef={group}
      orientation={wide ? "horizontal" : "vertical"}
      className="min-h-0 flex-1"
      id="session-panes"
    >
      {PANES.map(({ id, collapsible, ...sizes }, i) => {
        const { size, min } = sizes[layout];
        return (
          <Fragment key={id}>
            {i > 0 ? <Handle vertical={!wide} /> : null}
            <Panel
              id={id}
              defaultSize={size}
              minSize={min}
              {...(collapsible ? { collapsible: true, collapsedSize: "0" } : {})}
              className="min-h-0 min-w-0"
            >
              {panes[id]}
            </Panel>
          </Fragment>
        );
      })}
    </Group>
  );
}
