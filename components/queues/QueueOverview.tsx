"use client";
// One queue: progress (items complete of all, mine), who reviews and how far each got, the configs it collects, and
// "Start reviewing". Admins and owners may archive it.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useCan } from "@/components/auth/useCan";
import { errorText } from "@/components/ui/error-text";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { ProgressBar } from "./ProgressBar";
import { keyHint } from "@/lib/queues/review-keys";

export function QueueOverview({ queueId }: { queueId: string }) {
  const trpc = useTRPC();
  const params = useSearchParams();
  const queryClient = useQueryClient();
  const queue = useQuery(trpc.queues.byId.queryOptions({ queueId }));
  const canManage = useCan("queues.manage");
  const archive = useMutation(
    trpc.queues.archive.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.queues.pathKey() }),
    }),
  );

  if (queue.isPending) return <p className="muted">Loading queue…</p>;
  if (queue.isError) return <p role="alert">Could not load this queue: {queue.error.message}</p>;
  const q = queue.data;
  const added = params.get("added");
  return (
    <>
      <h1>{q.name}</h1>
      {q.description ? <p>{q.description}</p> : null}
      {added !== null ? (
        <p role="status" data-testid="queue-added">
          {added} added, {params.get("already") ?? 0} already queued.
        </p>
      ) : null}
      {q.archivedAt ? <p className="muted">Archived on {q.archivedAt.slice(0, 10)}: no more claims.</p> : null}
      <ProgressBar progress={q.progress} label="Queue progress" />
      <p className="muted tg-small">
        {q.reviewersPerItem} reviewer{q.reviewersPerItem === 1 ? "" : "s"} per item; an item is complete when that many
        have finished it. Opening an item holds it for 5 minutes, renewed while the review screen is open.
      </p>
      {q.archivedAt === null && (q.assigned || canManage) ? (
        <p>
          <Link className="tg-button" href={`/queues/${q.id}/review`}>
            Start reviewing
          </Link>
        </p>
      ) : null}
      <h2>Score configs</h2>
      <ul aria-label="Score configs">
        {q.configs.map((c) => (
          <li key={c.id}>
            <strong>{c.name}</strong>{" "}
            <span className="muted tg-small">
              ({c.type}; keys {keyHint(c)})
            </span>
            {c.archivedAt ? <span className="muted"> · archived</span> : null}
          </li>
        ))}
      </ul>
      <h2>Reviewers</h2>
      {q.members.length === 0 ? (
        <p className="muted">Nobody is assigned; admins and owners can review any queue.</p>
      ) : (
        <table aria-label="Reviewers">
          <thead>
            <tr>
              <th>Reviewer</th>
              <th>Done</th>
              <th>Skipped</th>
              <th>Reviewing now</th>
            </tr>
          </thead>
          <tbody>
            {q.members.map((m) => (
              <tr key={m.userId}>
                <td title={m.email}>
                  {m.name}
                  {m.assigned ? "" : " (not assigned)"}
                </td>
                <td>{m.done}</td>
                <td>{m.skipped}</td>
                <td>{m.leased > 0 ? "yes" : ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {canManage && q.archivedAt === null ? (
        <ReviewersEditor queueId={q.id} assigned={q.members.filter((m) => m.assigned).map((m) => m.userId)} />
      ) : null}
      {canManage && q.archivedAt === null ? (
        <p>
          <button type="button" disabled={archive.isPending} onClick={() => archive.mutate({ queueId: q.id })}>
            Archive queue
          </button>
          {archive.error ? <span role="alert"> {errorText(archive.error)}</span> : null}
        </p>
      ) : null}
    </>
  );
}

/** Admins and owners change who is assigned; reviews already done keep their authors. */
function ReviewersEditor({ queueId, assigned }: { queueId: string; assigned: string[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const people = useQuery(trpc.queues.assignableMembers.queryOptions());
  const save = useMutation(
    trpc.queues.setMembers.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.queues.pathKey() }),
    }),
  );
  return (
    <form
      className="tg-queue-form"
      aria-label="Assign reviewers"
      // Keyed by the saved assignment, so the boxes show it again after every save.
      key={assigned.join(",")}
      onSubmit={(e) => {
        e.preventDefault();
        const memberIds = new FormData(e.currentTarget).getAll("member").map(String);
        save.mutate({ queueId, memberIds });
      }}
    >
      <fieldset>
        <legend>Assigned reviewers</legend>
        {(people.data ?? []).map((m) => (
          <label key={m.userId} className="tg-check">
            <input type="checkbox" name="member" value={m.userId} defaultChecked={assigned.includes(m.userId)} />{" "}
            {m.name} <span className="muted tg-small">({m.role})</span>
          </label>
        ))}
      </fieldset>
      <div>
        <button type="submit" disabled={save.isPending}>
          Save reviewers
        </button>
        {save.error ? <span role="alert"> {errorText(save.error)}</span> : null}
      </div>
    </form>
  );
}
