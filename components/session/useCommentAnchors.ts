"use client";
// The phrases a session's open comment threads are anchored to, by thought id, for the transcript to highlight. A
// thread counts while it is unresolved and its anchor still matches the thought's current text.
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { CommentAnchor } from "@/lib/contracts/comments";
import { useTRPC } from "@/components/trpc/TrpcProvider";

export function useCommentAnchors(sessionId: string, enabled = true): Map<string, CommentAnchor[]> {
  const trpc = useTRPC();
  const comments = useQuery({ ...trpc.comments.ofSession.queryOptions({ sessionId }), enabled });
  return useMemo(() => {
    const map = new Map<string, CommentAnchor[]>();
    for (const [thoughtId, threads] of Object.entries(comments.data?.thoughts ?? {})) {
      const open = threads.flatMap((t) => (t.anchor && t.anchorValid && t.resolvedAt === null ? [t.anchor] : []));
      if (open.length > 0) map.set(thoughtId, open);
    }
    return map;
  }, [comments.data]);
}
