"use client";
// The graph pane, loaded on demand: React Flow and its stylesheet (~190 KB of JS) stay out of the session page's
// first load, so the page hydrates and sends its requests sooner. `preloadGraph()` starts the fetch when the view
// mounts, beside the outline request, so by the time the outline has arrived and been laid out the code is there
// (on loopback the chunk takes a few ms; a 1,000-thought outline ~100 ms or more). Rendered without Suspense
// (components/ui/on-demand.ts says why).
import { onDemand } from "@/components/ui/on-demand";
import type { ThoughtGraphProps } from "./ThoughtGraph";

const graph = onDemand(() => import("./ThoughtGraph").then((m) => m.ThoughtGraphPane));

export const preloadGraph = graph.preload;

export function LazyThoughtGraph(props: ThoughtGraphProps) {
  const loaded = graph.useLoaded();
  if (loaded.state === "loaded") return <loaded.value {...props} />;
  return (
    <div
      className="tg-graph flex h-full items-center justify-center bg-graph-canvas text-sm text-muted-foreground"
      role={loaded.state === "failed" ? "alert" : undefined}
    >
      {loaded.state === "failed"
        ? "The graph's code did not load (the server may have been updated). Reload the page."
        : "Loading the graph…"}
    </div>
  );
}
