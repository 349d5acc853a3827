"use client";
// The review screen of a queue: claims the next item (or resumes the one I hold), renews the lease every minute while
// open, and shows the item's session as a transcript beside the selected thought (or the whole session) with its
// score forms and comments. Driven by the keyboard; the legend lists the keys. Scores and comments go through the
// scores and comments routers, like everywhere else in the dashboard.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CircleCheck, SkipForward } from "lucide-react";
import Link from "next/link";
import { useEffect, useState, type ReactNode } from "react";
import { HEARTBEAT_MS } from "@/lib/contracts/zod-free";
import { countOf, formatCount } from "@/lib/words/count-of";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { BackLink } from "@/components/ui/BackLink";
import { Button } from "@/components/ui/Button";
import { errorText } from "@/components/ui/error-text";
import { Kbd } from "@/components/ui/Kbd";
import { preloadMarkdown } from "@/components/ui/Markdown";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { ItemReview } from "./ItemReview";
import { ProgressBar } from "./ProgressBar";

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

  // Claim (or resume) once on opening the screen; the server answers a repeated claim with the same item. The
  // item's text renders as markdown, whose code loads on demand: fetch it beside the claim.
  useEffect(() => claimNext({ queueId }), [claimNext, queueId]);
  useEffect(preloadMarkdown, []);
  // Renew the 5-minute lease every minute while the item is open.
  useEffect(() => {
    if (itemId === null) return;
    const timer = setInterval(() => renew({ itemId }), HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [itemId, renew]);

  const now = useClock();
  if (queue.isError) return <Centered alert>Could not load this queue: {queue.error.message}</Centered>;
  if (claim.isError) {
    return (
      <Centered alert>
        Could not claim an item: {errorText(claim.error)}{" "}
        <Link className="font-medium text-primary hover:underline" href={`/queues/${queueId}`}>
          Back to the queue
        </Link>
      </Centered>
    );
  }
  if (!queue.data || !claim.data) return <SkeletonRows rows={8} className="p-6" label="Claiming the next item" />;
  const progress = claim.data.progress;
  if (!item) {
    return (
      <section
        aria-label="Queue finished"
        className="mx-auto flex max-w-md flex-col items-center gap-3 py-20 text-center"
      >
        <span className="flex size-12 items-center justify-center rounded-full bg-success/12 text-success">
          <CircleCheck className="size-6" aria-hidden />
        </span>
        <h1 className="text-xl font-semibold">{queue.data.name}</h1>
        <p data-testid="queue-all-done" className="text-base text-muted-foreground">
          All done — {countOf(progress.complete, "item")} complete ({formatCount(progress.mine)} by you, of{" "}
          {formatCount(progress.total)}).
        </p>
        <Button asChild variant="outline">
          <Link href={`/queues/${queueId}`}>Back to the queue</Link>
        </Button>
      </section>
    );
  }
  const leaseLeft = lease ? new Date(lease).getTime() - now : 0;
  const actionError = finish.error ?? skip.error ?? beat.error;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {/* One row: the title truncates so the actions never wrap under it. */}
      <header className="flex shrink-0 items-center justify-between gap-x-6 border-b px-4 py-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <BackLink href={`/queues/${queueId}`}>{queue.data.name}</BackLink>
          <h1 className="truncate text-xl font-semibold tracking-tight">
            <Link href={`/sessions/${item.sessionId}`} className="hover:underline">
              {item.sessionTitle ?? "Untitled session"}
            </Link>
          </h1>
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="review-progress">
            Item {formatCount(item.position)} of {formatCount(item.total)} · {formatCount(progress.mine)} done by you ·{" "}
            {leaseLeft > 0 ? `lease ends in ${countdown(leaseLeft)}` : "lease ran out (finish still works if free)"}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-3">
          {/* From 1024 px: narrower beside the actions until 1280 px, where the title has room to spare. */}
          <div className="hidden w-32 lg:block xl:w-56">
            <ProgressBar progress={progress} label="Queue progress" compact />
          </div>
          <Button
            variant="outline"
            title="Skip this item and take the next (x)"
            disabled={skip.isPending}
            onClick={() => skip.mutate({ itemId: item.itemId })}
          >
            <SkipForward aria-hidden />
            Skip <Kbd aria-hidden>x</Kbd>
          </Button>
          <Button
            title="Finish this item and take the next (f)"
            disabled={finish.isPending}
            onClick={() => finish.mutate({ itemId: item.itemId })}
          >
            <CircleCheck aria-hidden />
            Finish and next{" "}
            <Kbd aria-hidden className="border-primary-foreground/30 bg-primary-foreground/15 text-primary-foreground">
              f
            </Kbd>
          </Button>
        </div>
      </header>
      {actionError ? (
        <p
          role="alert"
          className="flex shrink-0 items-center gap-2 border-b bg-destructive/5 px-4 py-2 text-sm text-destructive"
        >
          {errorText(actionError)}
          <Button variant="link" size="sm" onClick={takeNext}>
            Take the next item
          </Button>
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

function Centered({ children, alert }: { children: ReactNode; alert?: boolean }) {
  return (
    <div className="mx-auto max-w-lg px-6 py-16 text-center">
      <p role={alert ? "alert" : undefined} className="text-base text-destructive">
        {children}
      </p>
    </div>
  );
}
