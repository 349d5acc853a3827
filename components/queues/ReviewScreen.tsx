"use client";
// The review screen of a queue: claims the next item (or resumes the one I hold), renews the lease every minute while
// open, and shows the item's session as a transcript beside the selected thought (or the whole session) with its
// score forms and comments. Driven by the keyboard; the legend lists the keys. Scores and comments go through the
// scores and comments routers, like everywhere else in the dashboard.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useState } from "react";
import { HEARTBEAT_MS } from "@/lib/contracts/queues";
import { errorText } from "@/components/ui/error-text";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { ItemReview } from "./ItemReview";

function useClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function countdown(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export function ReviewScreen({ queueId }: { queueId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const queue = useQuery(trpc.queues.byId.queryOptions({ queueId }));
  const [lease, setLease] = useState<string | null>(null);
  const refreshQueues = () => queryClient.invalidateQueries({ queryKey: trpc.queues.pathKey() });
  const claim = useMutation(
    trpc.queues.claimNext.mutationOptions({ onSuccess: (r) => setLease(r.item?.leaseExpiresAt ?? null) }),
  );
  const { mutate: claimNext } = claim;
  const takeNext = () => {
    void refreshQueues();
    claimNext({ queueId });
  };
  const finish = useMutation(trpc.queues.finish.mutationOptions({ onSuccess: takeNext }));
  const skip = useMutation(trpc.queues.skip.mutationOptions({ onSuccess: takeNext }));
  const beat = useMutation(trpc.queues.heartbeat.mutationOptions({ onSuccess: (r) => setLease(r.leaseExpiresAt) }));
  const { mutate: renew } = beat;
  const item = claim.data?.item ?? null;
  const itemId = item?.itemId ?? null;

  // Claim (or resume) once on opening the screen; the server answers a repeated claim with the same item.
  useEffect(() => claimNext({ queueId }), [claimNext, queueId]);
  // Renew the 5-minute lease every minute while the item is open.
  useEffect(() => {
    if (itemId === null) return;
    const timer = setInterval(() => renew({ itemId }), HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [itemId, renew]);

  const now = useClock();
  if (queue.isError) return <p role="alert">Could not load this queue: {queue.error.message}</p>;
  if (claim.isError) {
    return (
      <p role="alert">
        Could not claim an item: {errorText(claim.error)} <Link href={`/queues/${queueId}`}>Back to the queue</Link>
      </p>
    );
  }
  if (!queue.data || !claim.data) return <p className="muted">Claiming the next item…</p>;
  const progress = claim.data.progress;
  if (!item) {
    return (
      <section className="tg-queue-done" aria-label="Queue finished">
        <h1>{queue.data.name}</h1>
        <p data-testid="queue-all-done">
          All done — {progress.complete} item{progress.complete === 1 ? "" : "s"} complete ({progress.mine} by you, of{" "}
          {progress.total}).
        </p>
        <Link href={`/queues/${queueId}`}>Back to the queue</Link>
      </section>
    );
  }
  const leaseLeft = lease ? new Date(lease).getTime() - now : 0;
  const actionError = finish.error ?? skip.error ?? beat.error;
  return (
    <div className="tg-review">
      <header className="tg-review-head">
        <div>
          <h1>
            <Link href={`/queues/${queueId}`}>{queue.data.name}</Link> ·{" "}
            <Link href={`/sessions/${item.sessionId}`}>{item.sessionTitle ?? "Untitled session"}</Link>
          </h1>
          <p className="muted" data-testid="review-progress">
            Item {item.position} of {item.total} · {progress.mine} done by you ·{" "}
            {leaseLeft > 0 ? `lease ends in ${countdown(leaseLeft)}` : "lease ran out (finish still works if free)"}
          </p>
        </div>
        <div className="tg-toolbar">
          <button type="button" disabled={finish.isPending} onClick={() => finish.mutate({ itemId: item.itemId })}>
            Finish and next (f)
          </button>
          <button type="button" disabled={skip.isPending} onClick={() => skip.mutate({ itemId: item.itemId })}>
            Skip (x)
          </button>
        </div>
      </header>
      {actionError ? (
        <p role="alert">
          {errorText(actionError)}{" "}
          <button type="button" className="tg-link" onClick={takeNext}>
            Take the next item
          </button>
        </p>
      ) : null}
      {/* Keyed by the item: selection, target and active config start fresh on every item. */}
      <ItemReview
        key={item.itemId}
        item={item}
        queue={queue.data}
        onFinish={() => finish.mutate({ itemId: item.itemId })}
        onSkip={() => skip.mutate({ itemId: item.itemId })}
      />
    </div>
  );
}
