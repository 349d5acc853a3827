"use client";
// The thoughts of a session as plain text (React escapes it: thought text is never HTML), appended live from the
// tRPC subscription, which resumes after the last seq shown.
import { useSubscription } from "@trpc/tanstack-react-query";
import { useMemo, useState } from "react";
import type { ThoughtView } from "@/lib/contracts/session";
import { describeFlag } from "@/lib/domain/flags";
import { useTRPC } from "@/components/trpc/TrpcProvider";

export function LiveTranscript({ sessionId, initial }: { sessionId: string; initial: ThoughtView[] }) {
  const trpc = useTRPC();
  const [live, setLive] = useState<ThoughtView[]>([]);
  const lastSeq = initial.length > 0 ? initial[initial.length - 1]!.seq : 0;
  const subscription = useSubscription(
    trpc.sessions.onThought.subscriptionOptions(
      { sessionId, lastEventId: String(lastSeq) },
      {
        onData: (event) => {
          const thought = event.data as ThoughtView;
          setLive((prev) => (prev.some((t) => t.seq === thought.seq) ? prev : [...prev, thought]));
        },
      },
    ),
  );
  const thoughts = useMemo(() => [...initial, ...live.filter((t) => t.seq > lastSeq)], [initial, live, lastSeq]);
  return (
    <section aria-label="Transcript" data-live-status={subscription.status}>
      <p className="muted" aria-live="polite">
        {thoughts.length} thoughts · live: {subscription.status}
      </p>
      {thoughts.map((t) => (
        <article key={t.id} className="thought" data-testid="thought" data-seq={t.seq}>
          <header>
            #{t.thoughtNumber}/{t.totalThoughts}
            {t.branchId ? ` · branch ${t.branchId}` : ""}
            {t.isRevision ? ` · revises ${t.revisesThought ?? "?"}` : ""}
            {t.stage ? ` · ${t.stage}` : ""}
          </header>
          <pre>{t.text}</pre>
          {t.flags.map((f) => (
            <div key={f} className="flag">
              ⚠ {describeFlag(f)}
            </div>
          ))}
        </article>
      ))}
    </section>
  );
}
