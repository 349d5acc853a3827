"use client";
// Score configs (rubrics) of the project: create numeric, categorical, boolean or text configs, archive them. A
// config is never edited in place once used: its scores keep the meaning they were given under.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { ScoreType } from "@/lib/contracts/scores";
import { describeScoreRule, SCORE_TYPES } from "@/lib/contracts/zod-free";
import { useCan } from "@/components/auth/useCan";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { ChoiceField } from "@/components/ui/ChoiceField";
import { ConfirmButton } from "@/components/ui/ConfirmButton";
import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import { MutationError } from "@/components/ui/MutationError";
import { RelativeTime } from "@/components/ui/RelativeTime";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/Table";
import { formatCount } from "@/lib/words/count-of";

const card = "flex min-w-0 flex-col gap-4 rounded-lg border bg-card p-5 shadow-xs";

const numberOrUndefined = (v: FormDataEntryValue | null) =>
  typeof v === "string" && v.trim() !== "" ? Number(v) : undefined;
const textOrUndefined = (v: FormDataEntryValue | null) =>
  typeof v === "string" && v.trim() !== "" ? v.trim() : undefined;

/** Admins and owners manage score configs; everyone else is told who can. */
export function ConfigManager() {
  if (!useCan("configs.manage")) {
    return (
      <section aria-labelledby="configs-heading" id="configs" className={card}>
        <h2 id="configs-heading" className="text-lg font-semibold">
          Score configs
        </h2>
        <p className="text-sm text-muted-foreground">Admins and owners create and archive score configs.</p>
      </section>
    );
  }
  return <ConfigEditor />;
}

function ConfigEditor() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const configs = useQuery(trpc.scores.configs.queryOptions({ includeArchived: true }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.scores.pathKey() });
  const create = useMutation(trpc.scores.createConfig.mutationOptions({ onSuccess: refresh }));
  const archive = useMutation(trpc.scores.archiveConfig.mutationOptions({ onSuccess: refresh }));
  const [type, setType] = useState<ScoreType>("numeric");

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const name = textOrUndefined(data.get("name")) ?? "";
    const description = textOrUndefined(data.get("description"));
    const common = { name, ...(description !== undefined ? { description } : {}) };
    const input =
      type === "numeric"
        ? {
            ...common,
            type,
            min: numberOrUndefined(data.get("min")),
            max: numberOrUndefined(data.get("max")),
            step: numberOrUndefined(data.get("step")),
          }
        : type === "categorical"
          ? {
              ...common,
              type,
              categories: withMeanings(
                (textOrUndefined(data.get("categories")) ?? "")
                  .split(",")
                  .map((l) => l.trim())
                  .filter((l) => l !== ""),
                textOrUndefined(data.get("meanings")) ?? "",
              ),
            }
          : { ...common, type };
    create.mutate(input, { onSuccess: () => form.reset() });
  };

  return (
    <section aria-labelledby="configs-heading" id="configs" className={card}>
      <div className="flex flex-col gap-1">
        <h2 id="configs-heading" className="text-lg font-semibold">
          Score configs
        </h2>
        <p className="max-w-3xl text-sm text-muted-foreground">
          A config that has scores is never edited: the scores keep the meaning they were given under. To change one,
          archive it and create a new version (e.g. &quot;correctness v2&quot;); archived configs take no new scores and
          keep their old ones.
        </p>
      </div>
      <form className="flex flex-wrap items-end gap-3" onSubmit={onSubmit} aria-label="New score config">
        <Field label="Name" className="w-48">
          <Input name="name" required maxLength={100} placeholder="correctness" />
        </Field>
        <ChoiceField label="Type" name="type" value={type} choices={SCORE_TYPES} onChange={setType} className="w-36" />
        {type === "numeric" ? (
          <>
            <Field label="Min" className="w-20">
              <Input name="min" type="number" step="any" defaultValue={1} />
            </Field>
            <Field label="Max" className="w-20">
              <Input name="max" type="number" step="any" defaultValue={5} />
            </Field>
            <Field label="Step" className="w-20">
              <Input name="step" type="number" step="any" min={0} defaultValue={1} />
            </Field>
          </>
        ) : null}
        {type === "categorical" ? (
          <Field label="Labels (comma-separated, in order)" className="w-64">
            <Input name="categories" placeholder="bad, ok, good" required />
          </Field>
        ) : null}
        {type === "categorical" ? (
          <Field label="What each label means (one a line: label: meaning)" className="min-w-64 flex-1">
            <textarea
              name="meanings"
              rows={2}
              placeholder={"good: right and complete\nok: right, with gaps"}
              className="w-full rounded-md border border-input bg-background px-2 py-1.5 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            />
          </Field>
        ) : null}
        <Field label="Description" className="min-w-48 flex-1">
          <Input name="description" placeholder="What the reviewer judges" maxLength={2000} />
        </Field>
        <Button type="submit" disabled={create.isPending}>
          Create config
        </Button>
      </form>
      <MutationError error={create.error} />
      {configs.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load configs: {configs.error.message}
        </p>
      ) : null}
      <MutationError error={archive.error} />
      {!configs.data ? (
        <SkeletonRows rows={3} label="Loading score configs" />
      ) : (
        <div className="overflow-hidden rounded-md border">
          <Table aria-label="Score configs">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Name</TableHead>
                <TableHead>Type</TableHead>
                <TableHead>Takes</TableHead>
                <TableHead className="text-right">Scores</TableHead>
                <TableHead className="text-right">State</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {configs.data.map((c) => (
                <TableRow
                  key={c.id}
                  data-testid="config-row"
                  className={c.archivedAt ? "text-muted-foreground" : undefined}
                >
                  <TableCell className="max-w-80">
                    <div className="font-medium">{c.name}</div>
                    {c.description ? <div className="text-xs text-muted-foreground">{c.description}</div> : null}
                  </TableCell>
                  <TableCell>
                    <Badge variant="secondary">{c.type}</Badge>
                  </TableCell>
                  <TableCell>{describeScoreRule(c)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatCount(c.scoreCount)}</TableCell>
                  <TableCell className="text-right">
                    {c.archivedAt ? (
                      <span className="text-sm">
                        archived <RelativeTime at={c.archivedAt} />
                      </span>
                    ) : (
                      <span className="inline-flex items-center gap-2">
                        <span className="text-xs text-muted-foreground">
                          {c.scoreCount > 0 ? "in use: archive to change it" : "active"}
                        </span>
                        <ConfirmButton
                          variant="ghost"
                          disabled={archive.isPending}
                          aria-label={`Archive ${c.name}`}
                          title={`Archive "${c.name}"?`}
                          description="It takes no new scores; the scores it has keep their meaning."
                          confirmLabel="Archive config"
                          onConfirm={() => archive.mutate({ id: c.id })}
                        >
                          Archive
                        </ConfirmButton>
                      </span>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}

/** Labels with the meanings written as "label: meaning" lines (labels without a line have none). */
function withMeanings(labels: string[], lines: string): (string | { label: string; description: string })[] {
  const meaning = new Map<string, string>();
  for (const line of lines.split("\n")) {
    const at = line.indexOf(":");
    if (at > 0) meaning.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim());
  }
  return labels.map((label) => {
    const description = meaning.get(label.toLowerCase());
    return description ? { label, description } : label;
  });
}
