"use client";
// What the graph draws from the session's reasoning: node badges and breakdown dependency edges, from the
// same query the header's health line makes (same key: one request), built once per answer so the graph's node cache
// sees stable objects and each node costs one map lookup.
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import type { DependencyEdge } from "@/lib/graph/dependency-edges";
import { nodeBadges, type NodeBadge } from "@/lib/graph/node-badges";

export interface GraphReasoning {
  badges: ReadonlyMap<string, NodeBadge>;
  dependencies: readonly DependencyEdge[];
}

export const NO_GRAPH_REASONING: GraphReasoning = { badges: new Map(), dependencies: [] };

/** `sessionId` is undefined until the outline has loaded (the header's query is keyed by the session's id). */
export function useGraphReasoning(sessionId: string | undefined, upTo: number): GraphReasoning {
  const trpc = useTRPC();
  const { data } = useQuery({
    ...trpc.reasoning.session.queryOptions({ sessionId: sessionId ?? "", upTo }),
    enabled: sessionId !== undefined,
    placeholderData: (previous) => previous,
  });
  return useMemo(
    () => (data ? { badges: nodeBadges(data.assessments), dependencies: data.dependencies } : NO_GRAPH_REASONING),
    [data],
  );
}
