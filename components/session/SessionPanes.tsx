"use client";
// The session view's three panes (graph, transcript, side panel) as resizable panels that scroll inside themselves.
// Side by side from 900 px up; stacked below (three columns under 900 px leave each less than 300 px). The graph and
// transcript panes collapse (drag the handle past their minimum); the side panel always stays.
import type { ReactNode } from "react";
import { Group, Panel, Separator } from "react-resizable-panels";
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

export function SessionPanes({
  graph,
  transcript,
  side,
}: {
  graph: ReactNode;
  transcript: ReactNode;
  side: ReactNode;
}) {
  const wide = useMediaQuery("(min-width: 900px)");
  return (
    <Group
      key={wide ? "wide" : "stacked"}
      orientation={wide ? "horizontal" : "vertical"}
      className="min-h-0 flex-1"
      id="session-panes"
    >
      <Panel
        id="graph"
        defaultSize={wide ? "42" : "40"}
        minSize={wide ? "20" : "15"}
        collapsible
        collapsedSize="0"
        className="min-h-0 min-w-0"
      >
        {graph}
      </Panel>
      <Handle vertical={!wide} />
      <Panel
        id="transcript"
        defaultSize={wide ? "30" : "30"}
        minSize={wide ? "15" : "10"}
        collapsible
        collapsedSize="0"
        className="min-h-0 min-w-0"
      >
        {transcript}
      </Panel>
      <Handle vertical={!wide} />
      <Panel id="side" defaultSize={wide ? "28" : "30"} minSize={wide ? "240px" : "20"} className="min-h-0 min-w-0">
        {side}
      </Panel>
    </Group>
  );
}
