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

export function useLayout(thoughts: readonly LayoutThought[]): Layout | null {
  const big = thoughts.length > WORKER_THRESHOLD;
  const inline = useMemo(() => (big ? null : layoutThoughts(thoughts)), [big, thoughts]);
  const [fromWorker, setFromWorker] = useState<Layout | null>(null);
  const worker = useRef<Worker | null>(null);
  const request = useRef(0);

  useEffect(() => {
    if (!big) return;
    worker.current ??= new Worker(new URL("../../lib/graph/layout.worker.ts", import.meta.url), { type: "module" });
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

  useEffect(() => () => worker.current?.terminate(), []);
  return big ? fromWorker : inline;
}
