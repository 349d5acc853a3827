"use client";
// The project's annotation queues with their progress, and the new-queue form (opened by "New queue", or by the
// sessions list's "Queue these" link, which arrives with ?new=1 and its filters). Each queue starts reviewing in one
// click.
import { useQuery } from "@tanstack/react-query";
import { ListChecks, Play, Plus } from "lucide-react";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { useCan } from "@/components/auth/useCan";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { countOf, formatCount } from "@/lib/words/count-of";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { AddToQueueForm } from "./AddToQueueForm";
import { NewQueueForm } from "./NewQueueForm";
import { ProgressBar } from "./ProgressBar";

export function QueueList() {
  const trpc = useTRPC();
  const params = useSearchParams();
  const queues = useQuery(trpc.queues.list.queryOptions());
  const canManage = useCan("queues.manage");
  const [open, setOpen] = useState(params.get("new") === "1");

  return (
    <>
      {canManage ? (
        open ? (
          <>
            <NewQueueForm params={params} onCancel={() => setOpen(false)} />
            <AddToQueueForm params={params} />
          </>
        ) : (
          <div>
            <Button onClick={() => setOpen(true)}>
              <Plus aria-hidden />
              New queue
            </Button>
          </div>
        )
      ) : (
        <p className="text-sm text-muted-foreground">
          Admins and owners create queues; you review the ones you are assigned to.
        </p>
      )}
      {queues.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load queues: {queues.error.message}
        </p>
      ) : null}
      {queues.isPending ? <SkeletonRows rows={4} label="Loading queues" /> : null}
      {queues.data?.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-6 py-12 text-center">
          <ListChecks className="size-6 text-muted-foreground" aria-hidden />
          <p className="text-base font-medium">No queues yet</p>
          <p className="text-sm text-muted-foreground">
            Filter the{" "}
            <Link href="/" className="font-medium text-primary hover:underline">
              sessions list
            </Link>{" "}
            and choose “Queue these” to make one.
          </p>
        </div>
      ) : null}
      {queues.data && queues.data.length > 0 ? (
        <ul className="flex flex-col divide-y rounded-lg border bg-card" aria-label="Queues">
          {queues.data.map((q) => (
            // Three columns of the same width on every row (name and words, progress, action), so the bars line up:
            // as a wrapping flex row each bar started wherever its row's text ended.
            <li
              key={q.id}
              data-testid="queue-row"
              className="grid grid-cols-1 items-center gap-x-6 gap-y-3 px-4 py-4 md:grid-cols-[minmax(0,1fr)_16rem_10rem]"
            >
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <div className="flex items-center gap-2">
                  <Link
                    href={`/queues/${q.id}`}
                    className="truncate text-lg font-semibold hover:underline"
                    title={q.name}
                  >
                    {q.name}
                  </Link>
                  {q.archivedAt ? <Badge variant="outline">archived</Badge> : null}
                  {q.assigned ? <Badge variant="accent">assigned to you</Badge> : null}
                </div>
                {q.description ? <p className="line-clamp-2 text-sm text-muted-foreground">{q.description}</p> : null}
                <p className="text-xs text-muted-foreground">
                  {countOf(q.reviewersPerItem, "reviewer")} per item · {formatCount(q.memberCount)} assigned
                </p>
              </div>
              <ProgressBar progress={q.progress} label={`${q.name} progress`} compact byYou />
              {q.archivedAt === null && (q.assigned || canManage) ? (
                <Button asChild size="sm" className="md:justify-self-end">
                  <Link href={`/queues/${q.id}/review`} aria-label={`Start reviewing ${q.name}`}>
                    <Play aria-hidden />
                    Start reviewing
                  </Link>
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
