"use client";
// Full thoughts for the seqs on screen, fetched a page of PAGE seqs at a time (the outline carries previews only):
// the transcript's rows and the comparison's cells.
import { useQueries } from "@tanstack/react-query";
import { useMemo } from "react";
import type { ThoughtView } from "@/lib/contracts/session";
import { useTRPC } from "@/components/trpc/TrpcProvider";

export const PAGE = 100;

export function useFullThoughts(sessionId: string, seqs: readonly number[]): ReadonlyMap<number, ThoughtView> {
  const trpc = useTRPC();
  const pages = useMemo(() => [...new Set(seqs.map((s) => Math.floor((s - 1) / PAGE)))].sort((a, b) => a - b), [seqs]);
  const results = useQueries({
    queries: pages.map((p) =>
      trpc.sessions.thoughtsBySeq.queryOptions(
        { sessionId, fromSeq: p * PAGE + 1, toSeq: (p + 1) * PAGE },
        { staleTime: 60_000 },
      ),
    ),
  });
  const full = new Map<number, ThoughtView>();
  for (const r of results) for (const t of (r.data ?? []) as ThoughtView[]) full.set(t.seq, t);
  return full;
}
