"use client";
// The lane layout of a session's thoughts: computed inline for small sessions, in a Web Worker above
// WORKER_THRESHOLD thoughts (a 20,000-thought layout takes tens of milliseconds, enough to drop frames).
import { useEffect, useMemo, useRef, useState } from "react";
import {
  layoutThoughts,
  type LaidOutEdge,
  type LaidOutNode,
  type Layout,
  type LayoutThought,
} from "@/lib/graph/layout";

const WORKER_THRESHOLD = 2_000;

interface WorkerReply {
  id: number;
  nodes: LaidOutNode[];
  edges: LaidOutEdge[];
  lanes: [string, number][];
  rows: number;
}

const newWorker = () => new Worker(new URL("../../lib/graph/layout.worker.ts", import.meta.url), { type: "module" });

/** A worker started before anyone knew it would be needed (warmLayoutWorker). */
let spare: Worker | null = null;

/**
 * Starts the layout worker ahead of its first layout when a session of `thoughts` will need it: the session view calls
 * it while the outline is on its way, so the worker's code is fetched and evaluated meanwhile. Fetched after the
 * outline, it waited ~400 ms behind the server's next requests in a 20,000-thought load (bench:ui trace).
 */
export function warmLayoutWorker(thoughts: number): void {
  if (thoughts > WORKER_THRESHOLD && typeof Worker !== "undefined") spare ??= newWorker();
}

export function useLayout(thoughts: readonly LayoutThought[]): Layout | null {
  const big = thoughts.length > WORKER_THRESHOLD;
  const inline = useMemo(() => (big ? null : layoutThoughts(thoughts)), [big, thoughts]);
  const [fromWorker, setFromWorker] = useState<Layout | null>(null);
  const worker = useRef<Worker | null>(null);
  const request = useRef(0);

  useEffect(() => {
    if (!big) return;
    if (!worker.current) {
      worker.current = spare ?? newWorker();
      spare = null;
    }
    const w = worker.current;
    const id = ++request.current;
    const onMessage = (e: MessageEvent<WorkerReply>) => {
      if (e.data.id !== request.current) return; // a newer request is on its way
      setFromWorker({ nodes: e.data.nodes, edges: e.data.edges, lanes: new Map(e.data.lanes), rows: e.data.rows });
    };
    w.addEventListener("message", onMessage);
    w.postMessage({
      id,
      thoughts: thoughts.map((t) => ({
        id: t.id,
        seq: t.seq,
        branchId: t.branchId,
        branchFromThoughtId: t.branchFromThoughtId,
        revisesThoughtId: t.revisesThoughtId,
      })),
    });
    return () => w.removeEventListener("message", onMessage);
  }, [big, thoughts]);

  useEffect(
    () => () => {
      worker.current?.terminate();
      // A session that turned out small leaves its warmed worker unused.
      spare?.terminate();
      spare = null;
    },
    [],
  );
  return big ? fromWorker : inline;
}
