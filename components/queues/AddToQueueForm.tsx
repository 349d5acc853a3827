"use client";
// The same sessions as the new-queue form (a selection, or the sessions list's filter), added to a queue that already
// exists. Sessions it already holds are skipped and counted: a session is never queued twice.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { errorText } from "@/components/ui/error-text";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { sourceOf } from "./NewQueueForm";

export function AddToQueueForm({ params }: { params: URLSearchParams }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const queues = useQuery(trpc.queues.list.queryOptions());
  const add = useMutation(
    trpc.queues.addItems.mutationOptions({
      onSuccess: async (result, input) => {
        await queryClient.invalidateQueries({ queryKey: trpc.queues.pathKey() });
        router.push(`/queues/${input.queueId}?added=${result.added}&already=${result.alreadyQueued}`);
      },
    }),
  );
  const open = (queues.data ?? []).filter((q) => q.archivedAt === null);
  if (open.length === 0) return null;
  const source = sourceOf(new URLSearchParams(params.toString()));
  return (
    <form
      className="tg-queue-form"
      aria-label="Add to a queue"
      onSubmit={(e) => {
        e.preventDefault();
        const queueId = new FormData(e.currentTarget).get("queue");
        if (typeof queueId !== "string" || queueId === "") return;
        add.mutate({
          queueId,
          ...(source.kind === "selection" ? { sessionIds: source.sessionIds } : { filter: source.filter }),
        });
      }}
    >
      <h2>…or add them to a queue</h2>
      <label>
        Queue{" "}
        <select name="queue" required defaultValue="">
          <option value="" disabled>
            Choose a queue
          </option>
          {open.map((q) => (
            <option key={q.id} value={q.id}>
              {q.name}
            </option>
          ))}
        </select>
      </label>{" "}
      <button type="submit" disabled={add.isPending}>
        Add to queue
      </button>
      {add.error ? <p role="alert">{errorText(add.error)}</p> : null}
    </form>
  );
}
