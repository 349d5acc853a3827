"use client";
// The graph pane, loaded on demand: React Flow and its stylesheet (~190 KB of JS) stay out of the session page's
// first load, so the page hydrates and sends its requests sooner. `preloadGraph()` starts the fetch when the view
// mounts, beside the outline request, so by the time the outline has arrived and been laid out the code is there
// (on loopback the chunk takes a few ms; a 1,000-thought outline ~100 ms or more).
import dynamic from "next/dynamic";
import type { ThoughtGraphProps } from "./ThoughtGraph";

const load = () => import("./ThoughtGraph");

export function preloadGraph(): void {
  void load();
}

export const LazyThoughtGraph = dynamic<ThoughtGraphProps>(() => load().then((m) => m.ThoughtGraphPane), {
  ssr: false,
  loading: () => (
    <div className="tg-graph flex h-full items-center justify-center bg-graph-canvas text-sm text-muted-foreground">
      Loading the graph…
    </div>
  ),
});
