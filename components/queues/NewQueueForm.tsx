"use client";
// A new annotation queue: its name, the score configs it collects, N (reviewers per item), who reviews, and its
// sessions — the selection in ?sessions=id1,id2, else every session matching the sessions-list filters in the URL.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { QueueFilter } from "@/lib/contracts/queues";
import { MAX_QUEUE_BATCH, MAX_REVIEWERS_PER_ITEM } from "@/lib/contracts/zod-free";
import { countOf } from "@/lib/words/count-of";
import { queryFrom } from "@/lib/sessions/table-url";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Button } from "@/components/ui/Button";
import { CheckboxField } from "@/components/ui/Checkbox";
import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import { MutationError } from "@/components/ui/MutationError";

type Source = { kind: "selection"; sessionIds: string[] } | { kind: "filter"; filter: QueueFilter };

/** The sessions a queue form is about: the selection in ?sessions=, else the sessions list's filters in the URL. */
export function sourceOf(params: URLSearchParams): Source {
  const selection = (params.get("sessions") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  if (selection.length > 0) return { kind: "selection", sessionIds: [...new Set(selection)] };
  // The sessions list's own URL parsing, without its sort and page.
  const { sort: _sort, order: _order, page: _page, pageSize: _size, ...filter } = queryFrom(params);
  return { kind: "filter", filter };
}

const FILTER_WORDS: Record<keyof QueueFilter, string> = {
  q: "text",
  status: "status",
  agent: "agent",
  flagged: "flagged",
  tag: "tag",
  scoreConfigId: "score config",
  scored: "scored",
  scoredBy: "scored by",
  from: "active from",
  to: "active until",
  loops: "loops",
  healthBelow: "health below",
};

function filterWords(filter: QueueFilter): string {
  const parts = Object.entries(filter).map(
    ([k, v]) => `${FILTER_WORDS[k as keyof QueueFilter]}: ${typeof v === "boolean" ? (v ? "yes" : "no") : String(v)}`,
  );
  return parts.length > 0 ? parts.join(" · ") : "no filter (every session)";
}

export function NewQueueForm({ params, onCancel }: { params: URLSearchParams; onCancel: () => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const source = sourceOf(new URLSearchParams(params.toString()));
  const configs = useQuery(trpc.scores.configs.queryOptions());
  const members = useQuery(trpc.queues.assignableMembers.queryOptions());
  const matching = useQuery({
    ...trpc.sessions.table.queryOptions({ ...(source.kind === "filter" ? source.filter : {}), pageSize: 1 }),
    enabled: source.kind === "filter",
  });
  const create = useMutation(
    trpc.queues.create.mutationOptions({
      onSuccess: async (result) => {
        await queryClient.invalidateQueries({ queryKey: trpc.queues.pathKey() });
        router.push(`/queues/${result.id}?added=${result.added}&already=${result.alreadyQueued}`);
      },
    }),
  );

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const text = (v: FormDataEntryValue | null) => (typeof v === "string" ? v.trim() : "");
    const description = text(data.get("description"));
    create.mutate({
      name: text(data.get("name")),
      ...(description !== "" ? { description } : {}),
      scoreConfigIds: data.getAll("config").map(String),
      reviewersPerItem: Number(text(data.get("n")) || 1),
      memberIds: data.getAll("member").map(String),
      uncertainFirst: data.get("uncertainFirst") === "on",
      ...(source.kind === "selection" ? { sessionIds: source.sessionIds } : { filter: source.filter }),
    });
  };

  const count = source.kind === "selection" ? source.sessionIds.length : matching.data?.total;
  return (
    <form
      className="flex flex-col gap-5 rounded-lg border bg-card p-5 shadow-xs"
      onSubmit={onSubmit}
      aria-label="New queue"
    >
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold">New queue</h2>
        <p data-testid="queue-source" className="text-sm text-muted-foreground">
          Sessions:{" "}
          {source.kind === "selection" ? "the selected sessions" : `all matching ${filterWords(source.filter)}`}
          {count !== undefined ? ` — ${countOf(count, "session")}` : ""}
          {count !== undefined && count > MAX_QUEUE_BATCH ? ` (at most ${MAX_QUEUE_BATCH}; narrow the filter)` : ""}
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto]">
        <Field label="Name">
          <Input name="name" required maxLength={100} placeholder="Week 12 correctness review" />
        </Field>
        <Field label="Description">
          <Input name="description" maxLength={2000} placeholder="What reviewers should look for" />
        </Field>
        <Field label="Reviewers per item">
          <Input
            name="n"
            type="number"
            min={1}
            max={MAX_REVIEWERS_PER_ITEM}
            defaultValue={1}
            required
            className="w-24"
          />
        </Field>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">Score configs it collects</legend>
          {configs.data?.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No active score configs; create one on the Agreement page first.
            </p>
          ) : null}
          {(configs.data ?? []).map((c, i) => (
            <CheckboxField
              key={c.id}
              name="config"
              value={c.id}
              defaultChecked={i === 0}
              label={c.name}
              note={`(${c.type})`}
            />
          ))}
        </fieldset>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">Reviewers</legend>
          {members.data?.length === 0 ? (
            <p className="text-sm text-muted-foreground">No annotators yet; admins and owners can review any queue.</p>
          ) : null}
          {(members.data ?? []).map((m) => (
            <CheckboxField key={m.userId} name="member" value={m.userId} label={m.name} note={`(${m.role})`} />
          ))}
        </fieldset>
      </div>
      <CheckboxField
        name="uncertainFirst"
        label="Items a judge was unsure about first"
        note="(low confidence, or judges that disagree, on these configs)"
      />
      <MutationError error={create.error} />
      <div className="flex gap-2">
        <Button type="submit" disabled={create.isPending}>
          Create queue
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
