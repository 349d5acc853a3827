"use client";
// One queue: progress (items complete of all, mine), who reviews and how far each got, the configs it collects, and
// "Start reviewing". Admins and owners may archive it.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Archive, Play } from "lucide-react";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { keyHint } from "@/lib/queues/review-keys";
import { countOf, formatCount } from "@/lib/words/count-of";
import { useCan } from "@/components/auth/useCan";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { CheckboxField } from "@/components/ui/Checkbox";
import { ConfirmButton } from "@/components/ui/ConfirmButton";
import { MutationError } from "@/components/ui/MutationError";
import { PageHeader } from "@/components/ui/Page";
import { RelativeTime } from "@/components/ui/RelativeTime";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/Table";
import { ProgressBar } from "./ProgressBar";
import { RunJudgeMenu } from "@/components/judges/RunJudgeMenu";

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

  if (queue.isPending) return <SkeletonRows rows={6} label="Loading queue" />;
  if (queue.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load this queue: {queue.error.message}
      </p>
    );
  }
  const q = queue.data;
  const added = params.get("added");
  const card = "flex flex-col gap-3 rounded-lg border bg-card p-5 shadow-xs";
  return (
    <>
      <PageHeader
        title={q.name}
        description={q.description ?? undefined}
        actions={
          <>
            {q.archivedAt === null ? <RunJudgeMenu target={{ queueId: q.id }} /> : null}
            {q.archivedAt === null && (q.assigned || canManage) ? (
              <Button asChild>
                <Link href={`/queues/${q.id}/review`}>
                  <Play aria-hidden />
                  Start reviewing
                </Link>
              </Button>
            ) : null}
          </>
        }
      />
      {added !== null ? (
        <p
          role="status"
          data-testid="queue-added"
          className="rounded-md border border-success/30 bg-success/8 px-3 py-2 text-sm"
        >
          {added} added, {params.get("already") ?? 0} already queued.
        </p>
      ) : null}
      {q.archivedAt ? (
        <p className="text-sm text-muted-foreground">
          Archived <RelativeTime at={q.archivedAt} />: no more claims.
        </p>
      ) : null}
      <section className={card} aria-labelledby="progress-heading">
        <h2 id="progress-heading" className="text-lg font-semibold">
          Progress
        </h2>
        <ProgressBar progress={q.progress} label="Queue progress" />
        <p className="text-sm text-muted-foreground">
          {countOf(q.reviewersPerItem, "reviewer")} per item; an item is complete when that many have finished it.
          Opening an item holds it for 5 minutes, renewed while the review screen is open.
          {q.uncertainFirst ? " Items a judge was unsure about come first." : ""}
        </p>
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <section className={card} aria-labelledby="configs-heading">
          <h2 id="configs-heading" className="text-lg font-semibold">
            Score configs
          </h2>
          <ul aria-label="Score configs" className="flex flex-col divide-y">
            {q.configs.map((c) => (
              <li key={c.id} className="flex flex-col gap-0.5 py-2 first:pt-0 last:pb-0">
                <div className="flex items-center gap-2">
                  <strong className="font-medium">{c.name}</strong>
                  <Badge variant="secondary">{c.type}</Badge>
                  {c.archivedAt ? <Badge variant="outline">archived</Badge> : null}
                </div>
                {c.description ? <p className="text-sm text-muted-foreground">{c.description}</p> : null}
                <p className="font-mono text-xs text-muted-foreground">keys {keyHint(c)}</p>
              </li>
            ))}
          </ul>
        </section>
        <section className={card} aria-labelledby="reviewers-heading">
          <h2 id="reviewers-heading" className="text-lg font-semibold">
            Reviewers
          </h2>
          {q.members.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nobody is assigned; admins and owners can review any queue.</p>
          ) : (
            <div className="overflow-hidden rounded-md border">
              <Table aria-label="Reviewers">
                <TableHeader>
                  <TableRow className="hover:bg-transparent">
                    <TableHead>Reviewer</TableHead>
                    <TableHead className="text-right">Done</TableHead>
                    <TableHead className="text-right">Skipped</TableHead>
                    <TableHead>Reviewing now</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {q.members.map((m) => (
                    <TableRow key={m.userId}>
                      <TableCell title={m.email} className="font-medium">
                        {m.name}
                        {m.assigned ? "" : <span className="font-normal text-muted-foreground"> (not assigned)</span>}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{formatCount(m.done)}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatCount(m.skipped)}</TableCell>
                      <TableCell>{m.leased > 0 ? <Badge variant="success">yes</Badge> : ""}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
          {canManage && q.archivedAt === null ? (
            <ReviewersEditor queueId={q.id} assigned={q.members.filter((m) => m.assigned).map((m) => m.userId)} />
          ) : null}
        </section>
      </div>
      {canManage && q.archivedAt === null ? (
        <div className="flex flex-col gap-2">
          <div>
            <ConfirmButton
              variant="outline"
              size="default"
              disabled={archive.isPending}
              title={`Archive "${q.name}"?`}
              description="Reviewers can no longer claim its items; the scores already given stay."
              confirmLabel="Archive queue"
              onConfirm={() => archive.mutate({ queueId: q.id })}
            >
              <Archive aria-hidden />
              Archive queue
            </ConfirmButton>
          </div>
          <MutationError error={archive.error} />
        </div>
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
      className="flex flex-col gap-3 border-t pt-3"
      aria-label="Assign reviewers"
      // Keyed by the saved assignment, so the boxes show it again after every save.
      key={assigned.join(",")}
      onSubmit={(e) => {
        e.preventDefault();
        const memberIds = new FormData(e.currentTarget).getAll("member").map(String);
        save.mutate({ queueId, memberIds });
      }}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Assigned reviewers</legend>
        {(people.data ?? []).map((m) => (
          <CheckboxField
            key={m.userId}
            name="member"
            value={m.userId}
            defaultChecked={assigned.includes(m.userId)}
            label={m.name}
            note={`(${m.role})`}
          />
        ))}
      </fieldset>
      <div>
        <Button type="submit" variant="secondary" size="sm" disabled={save.isPending}>
          Save reviewers
        </Button>
      </div>
      <MutationError error={save.error} />
    </form>
  );
}
