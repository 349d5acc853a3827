"use client";
// A new annotation queue: its name, the score configs it collects, N (reviewers per item), who reviews, and its
// sessions — the selection in ?sessions=id1,id2, else every session matching the sessions-list filters in the URL.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { MAX_QUEUE_BATCH, MAX_REVIEWERS_PER_ITEM, type QueueFilter } from "@/lib/contracts/queues";
import { errorText } from "@/components/ui/error-text";
import { queryFrom } from "@/components/sessions/SessionsTable";
import { useTRPC } from "@/components/trpc/TrpcProvider";

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
  from: "active from",
  to: "active until",
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
      ...(source.kind === "selection" ? { sessionIds: source.sessionIds } : { filter: source.filter }),
    });
  };

  const count = source.kind === "selection" ? source.sessionIds.length : matching.data?.total;
  return (
    <form className="tg-queue-form" onSubmit={onSubmit} aria-label="New queue">
      <h2>New queue</h2>
      <label>
        Name <input name="name" required maxLength={100} placeholder="Week 12 correctness review" />
      </label>
      <label>
        Description <input name="description" maxLength={2000} placeholder="What reviewers should look for" />
      </label>
      <fieldset>
        <legend>Score configs it collects</legend>
        {configs.data?.length === 0 ? (
          <p className="muted tg-small">No active score configs; create one on the Scores page first.</p>
        ) : null}
        {(configs.data ?? []).map((c, i) => (
          <label key={c.id} className="tg-check">
            <input type="checkbox" name="config" value={c.id} defaultChecked={i === 0} /> {c.name}{" "}
            <span className="muted tg-small">({c.type})</span>
          </label>
        ))}
      </fieldset>
      <label>
        Reviewers per item{" "}
        <input name="n" type="number" min={1} max={MAX_REVIEWERS_PER_ITEM} defaultValue={1} size={3} required />
      </label>
      <fieldset>
        <legend>Reviewers</legend>
        {members.data?.length === 0 ? (
          <p className="muted tg-small">No annotators yet; admins and owners can review any queue.</p>
        ) : null}
        {(members.data ?? []).map((m) => (
          <label key={m.userId} className="tg-check">
            <input type="checkbox" name="member" value={m.userId} /> {m.name}{" "}
            <span className="muted tg-small">({m.role})</span>
          </label>
        ))}
      </fieldset>
      <p data-testid="queue-source">
        Sessions: {source.kind === "selection" ? "the selected sessions" : `all matching ${filterWords(source.filter)}`}
        {count !== undefined ? ` — ${count} session${count === 1 ? "" : "s"}` : ""}
        {count !== undefined && count > MAX_QUEUE_BATCH ? ` (at most ${MAX_QUEUE_BATCH}; narrow the filter)` : ""}
      </p>
      <div className="tg-comment-actions">
        <button type="submit" disabled={create.isPending}>
          Create queue
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {create.error ? <p role="alert">{errorText(create.error)}</p> : null}
    </form>
  );
}
