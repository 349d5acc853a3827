"use client";
// The same sessions as the new-queue form (a selection, or the sessions list's filter), added to a queue that already
// exists. Sessions it already holds are skipped and counted: a session is never queued twice.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { MutationError } from "@/components/ui/MutationError";
import { NativeSelect } from "@/components/ui/Select";
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
      className="flex flex-col gap-3 rounded-lg border border-dashed p-5"
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
      <h2 className="text-base font-semibold">…or add them to a queue</h2>
      <div className="flex flex-wrap items-end gap-3">
        <Field label="Queue">
          <NativeSelect name="queue" required defaultValue="" className="w-72">
            <option value="" disabled>
              Choose a queue
            </option>
            {open.map((q) => (
              <option key={q.id} value={q.id}>
                {q.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Button type="submit" variant="secondary" disabled={add.isPending}>
          Add to queue
        </Button>
      </div>
      <MutationError error={add.error} />
    </form>
  );
}
