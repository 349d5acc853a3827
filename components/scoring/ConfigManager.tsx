"use client";
// Score configs (rubrics) of the project: create numeric, categorical, boolean or text configs, archive them. A
// config is never edited in place once used: its scores keep the meaning they were given under.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { describeScoreRule, SCORE_TYPES, type ScoreType } from "@/lib/contracts/scores";
import { useCan } from "@/components/auth/useCan";
import { MutationError } from "@/components/ui/MutationError";
import { useTRPC } from "@/components/trpc/TrpcProvider";

const numberOrUndefined = (v: FormDataEntryValue | null) =>
  typeof v === "string" && v.trim() !== "" ? Number(v) : undefined;
const textOrUndefined = (v: FormDataEntryValue | null) =>
  typeof v === "string" && v.trim() !== "" ? v.trim() : undefined;

/** Admins and owners manage score configs; everyone else is told who can. */
export function ConfigManager() {
  if (!useCan("configs.manage")) {
    return (
      <section aria-labelledby="configs-heading" id="configs" className="tg-configs">
        <h2 id="configs-heading">Score configs</h2>
        <p className="muted tg-small">Admins and owners create and archive score configs.</p>
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
              categories: (textOrUndefined(data.get("categories")) ?? "")
                .split(",")
                .map((l) => l.trim())
                .filter((l) => l !== ""),
            }
          : { ...common, type };
    create.mutate(input, { onSuccess: () => form.reset() });
  };

  return (
    <section aria-labelledby="configs-heading" id="configs" className="tg-configs">
      <h2 id="configs-heading">Score configs</h2>
      <p className="muted tg-small">
        A config that has scores is never edited: the scores keep the meaning they were given under. To change one,
        archive it and create a new version (e.g. &quot;correctness v2&quot;); archived configs take no new scores and
        keep their old ones.
      </p>
      <form className="tg-config-form" onSubmit={onSubmit} aria-label="New score config">
        <label>
          Name <input name="name" required maxLength={100} placeholder="correctness" />
        </label>
        <label>
          Type{" "}
          <select name="type" value={type} onChange={(e) => setType(e.target.value as ScoreType)}>
            {SCORE_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        {type === "numeric" ? (
          <>
            <label>
              Min <input name="min" type="number" step="any" size={5} defaultValue={1} />
            </label>
            <label>
              Max <input name="max" type="number" step="any" size={5} defaultValue={5} />
            </label>
            <label>
              Step <input name="step" type="number" step="any" min={0} size={5} defaultValue={1} />
            </label>
          </>
        ) : null}
        {type === "categorical" ? (
          <label>
            Labels (comma-separated, in order) <input name="categories" placeholder="bad, ok, good" required />
          </label>
        ) : null}
        <label>
          Description <input name="description" placeholder="What the reviewer judges" maxLength={2000} />
        </label>
        <button type="submit" disabled={create.isPending}>
          Create config
        </button>
        <MutationError error={create.error} />
      </form>
      {configs.isError ? <p role="alert">Could not load configs: {configs.error.message}</p> : null}
      <MutationError error={archive.error} />
      <table aria-label="Score configs">
        <thead>
          <tr>
            <th>Name</th>
            <th>Type</th>
            <th>Takes</th>
            <th>Scores</th>
            <th>State</th>
          </tr>
        </thead>
        <tbody>
          {(configs.data ?? []).map((c) => (
            <tr key={c.id} data-testid="config-row">
              <td>
                {c.name}
                {c.description ? <div className="muted tg-small">{c.description}</div> : null}
              </td>
              <td>{c.type}</td>
              <td>{describeScoreRule(c)}</td>
              <td>{c.scoreCount}</td>
              <td>
                {c.archivedAt ? (
                  <span className="muted">archived {c.archivedAt.slice(0, 10)}</span>
                ) : (
                  <>
                    <span className="muted tg-small">
                      {c.scoreCount > 0 ? "in use: archive to change it" : "active"}{" "}
                    </span>
                    <button
                      type="button"
                      disabled={archive.isPending}
                      onClick={() => archive.mutate({ id: c.id })}
                      aria-label={`Archive ${c.name}`}
                    >
                      Archive
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
