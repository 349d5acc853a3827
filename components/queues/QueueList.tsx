"use client";
// The project's annotation queues with their progress, and the new-queue form (opened by "New queue", or by the
// sessions list's "Queue these" link, which arrives with ?new=1 and its filters).
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { useCan } from "@/components/auth/useCan";
import { useTRPC } from "@/components/trpc/TrpcProvider";
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
          <button type="button" onClick={() => setOpen(true)}>
            New queue
          </button>
        )
      ) : (
        <p className="muted tg-small">Admins and owners create queues; you review the ones you are assigned to.</p>
      )}
      {queues.isError ? <p role="alert">Could not load queues: {queues.error.message}</p> : null}
      {queues.data?.length === 0 ? (
        <p className="muted">
          No queues yet. Filter the <Link href="/">sessions list</Link> and choose “Queue these” to make one.
        </p>
      ) : null}
      <ul className="tg-queue-list" aria-label="Queues" aria-busy={queues.isPending}>
        {(queues.data ?? []).map((q) => (
          <li key={q.id} data-testid="queue-row">
            <div className="tg-queue-row-head">
              <Link href={`/queues/${q.id}`}>{q.name}</Link>
              <span className="muted tg-small">
                {q.reviewersPerItem} reviewer{q.reviewersPerItem === 1 ? "" : "s"} per item · {q.memberCount} assigned
                {q.assigned ? " · including you" : ""}
              </span>
              {q.assigned || canManage ? <Link href={`/queues/${q.id}/review`}>Review</Link> : null}
            </div>
            {q.description ? <p className="muted tg-small">{q.description}</p> : null}
            <ProgressBar progress={q.progress} label={`${q.name} progress`} />
          </li>
        ))}
      </ul>
    </>
  );
}
