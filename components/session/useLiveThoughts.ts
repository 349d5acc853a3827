"use client";
// A session's thoughts as they stand: the outline, then the thoughts the live feed (tRPC subscription over SSE)
// appends, deduplicated by seq so a resumed stream never shows one twice; and the feed's state in words.
import { useSubscription } from "@trpc/tanstack-react-query";
import { useMemo, useRef, useState } from "react";
import type { OutlineThought, SessionOutline } from "@/lib/contracts/dashboard";

/** What the feed needs of the outline (the tRPC answer's inferred type, not SessionOutline itself). */
type LoadedOutline = { session: Pick<SessionOutline["session"], "id">; thoughts: readonly OutlineThought[] };
import { isServerLiveStatus, liveStateOf, type LiveState, type ServerLiveStatus } from "@/lib/graph/live-status";
import { toOutline } from "@/lib/graph/outline";
import { useTRPC } from "@/components/trpc/TrpcProvider";

export function useLiveThoughts(
  sessionId: string,
  outline: LoadedOutline | undefined,
  /** Called with each new thought as it arrives (follow mode selects it). */
  onArrive: (thought: OutlineThought) => void,
): { thoughts: readonly OutlineThought[]; liveState: LiveState } {
  const trpc = useTRPC();
  const [liveThoughts, setLive] = useState<OutlineThought[]>([]);
  const [serverStatus, setServerStatus] = useState<ServerLiveStatus["liveStatus"] | null>(null);
  const everConnected = useRef(false);
  const arrive = useRef(onArrive);
  arrive.current = onArrive;
  const loadedSeq = outline ? (outline.thoughts.at(-1)?.seq ?? 0) : null;

  const subscription = useSubscription(
    trpc.sessions.onThought.subscriptionOptions(
      { sessionId: outline?.session.id ?? sessionId, lastEventId: String(loadedSeq ?? 0) },
      {
        enabled: loadedSeq !== null,
        onData: (event) => {
          if (isServerLiveStatus(event.data)) {
            setServerStatus(event.data.liveStatus);
            return;
          }
          setServerStatus(null);
          const t = toOutline(event.data);
          setLive((prev) => (prev.some((p) => p.seq === t.seq) ? prev : [...prev, t]));
          arrive.current(t);
        },
      },
    ),
  );
  if (subscription.status === "pending") everConnected.current = true;

  const thoughts = useMemo(() => {
    const base = outline?.thoughts ?? [];
    const last = base.at(-1)?.seq ?? 0;
    const extra = liveThoughts.filter((t) => t.seq > last).sort((a, b) => a.seq - b.seq);
    return extra.length > 0 ? [...base, ...extra] : base;
  }, [outline, liveThoughts]);

  return { thoughts, liveState: liveStateOf(subscription.status, everConnected.current, serverStatus) };
}
