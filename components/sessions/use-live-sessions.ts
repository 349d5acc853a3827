"use client";
// The sessions list kept live: any session of the project changing refetches the list (coalesced), and on the
// first-run page the first thought to arrive opens its session.
import { useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { useRouter } from "next/navigation";
import { useRef } from "react";
import { useTRPC } from "@/components/trpc/TrpcProvider";

/** Live refreshes are coalesced: at most one refetch per this many milliseconds while agents write. */
const REFRESH_MS = 1_000;

export function useLiveSessions(emptyProject: boolean) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Read inside the subscription's callback, which is created once.
  const emptyRef = useRef(emptyProject);
  emptyRef.current = emptyProject;
  return useSubscription(
    trpc.sessions.onActivity.subscriptionOptions(undefined, {
      onData: (events) => {
        const first = events[0];
        if (emptyRef.current && first) {
          // The first-run page was waiting for this: open the session the first thought started.
          router.push(`/sessions/${first.sessionId}`);
          return;
        }
        pending.current ??= setTimeout(() => {
          pending.current = null;
          void queryClient.invalidateQueries({ queryKey: trpc.sessions.table.queryKey() });
        }, REFRESH_MS);
      },
    }),
  );
}
