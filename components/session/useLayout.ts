"use client";
// The lane layout of a session's thoughts, on the main thread. A 20,000-thought session is laid out in 20-40 ms;
// live thoughts extend the previous layout instead of laying the session out again (growLayout). Until session 22
// sessions above 2,000 thoughts were laid out in a Web Worker: copying the thoughts there and the 20,000 nodes and
// 21,000 edges back cost more than the layout (structured clones ~40-55 ms against 20-40), and the round trip put
// ~170 ms between the outline's arrival and the graph (bench:ui, 20,000 thoughts: 1,262 -> 1,058 ms median).
import { useMemo, useRef } from "react";
import { growLayout, type GrownLayout, type Layout, type LayoutThought } from "@/lib/graph/layout";

export function useLayout(thoughts: readonly LayoutThought[]): Layout {
  const grown = useRef<GrownLayout | null>(null);
  return useMemo(() => {
    grown.current = growLayout(grown.current, thoughts);
    return grown.current.layout;
  }, [thoughts]);
}
