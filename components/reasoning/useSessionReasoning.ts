"use client";
// The session's reasoning health and stored metacognitive results, one query shared by the header and the detail
// panel. `upTo` (the thoughts the header's view holds) is part of the key, so the figures follow a live session.
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/TrpcProvider";

/** `enabled`: false until the caller knows the session (no request for an id it does not have yet). */
export function useSessionReasoning(sessionId: string, upTo?: number, enabled = true) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.reasoning.session.queryOptions(upTo === undefined ? { sessionId } : { sessionId, upTo }),
    enabled,
    // Keep the last figures on screen while the next count's are fetched, instead of flashing empty.
    placeholderData: (previous) => previous,
  });
}
