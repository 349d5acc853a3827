"use client";
// My score for one config on one target (a thought or the whole session): the input matches the config's type,
// pre-filled with my score, saved on submit; the server checks the value and its message is shown as given.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { describeScoreRule, type ReviewScore, type ScoreConfigView } from "@/lib/contracts/scores";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Button } from "@/components/ui/Button";
import { cn } from "@/components/ui/cn";
import { errorText } from "@/components/ui/error-text";

/** A native input, select or textarea styled like components/ui/Input (a form field read through FormData). */
const FIELD =
  "rounded-md border border-input bg-background px-2 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50";

export type ScoreTarget = { thoughtId: string } | { sessionId: string };

export function ScoreForm({
  config,
  target,
  mine,
}: {
  config: ScoreConfigView;
  target: ScoreTarget;
  mine: ReviewScore | undefined;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.scores.pathKey() });
  const save = useMutation(trpc.scores.upsertMine.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.scores.deleteMine.mutationOptions({ onSuccess: refresh }));
  const uid = useId();
  const inputId = `${uid}-value`;
  const errorId = `${uid}-error`;
  const error = save.error ?? remove.error;

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const raw = form.get("value");
    const value = typeof raw === "string" ? raw : "";
    const comment = form.get("comment");
    remove.reset();
    save.mutate({
      ...target,
      configId: config.id,
      value,
      ...(typeof comment === "string" && comment.trim() !== "" ? { comment: comment.trim() } : {}),
    });
  };

  const described = error ? errorId : undefined;
  const current = mine?.stringValue ?? (mine?.value !== undefined && mine.value !== null ? String(mine.value) : "");
  let input: React.ReactNode;
  switch (config.type) {
    case "numeric":
      input = (
        <input
          className={cn("w-24 h-8", FIELD)}
          id={inputId}
          name="value"
          type="number"
          inputMode="decimal"
          defaultValue={current}
          {...(config.min !== null ? { min: config.min } : {})}
          {...(config.max !== null ? { max: config.max } : {})}
          step={config.step ?? "any"}
          aria-describedby={described}
          aria-invalid={error ? true : undefined}
          size={6}
        />
      );
      break;
    case "categorical":
      input = (
        <select
          className={cn("h-8", FIELD)}
          id={inputId}
          name="value"
          defaultValue={current}
          aria-describedby={described}
        >
          <option value="">Choose…</option>
          {(config.categories ?? []).map((c) => (
            <option key={c.label} value={c.label}>
              {c.label}
            </option>
          ))}
        </select>
      );
      break;
    case "boolean":
      input = (
        <select
          className={cn("h-8", FIELD)}
          id={inputId}
          name="value"
          defaultValue={current}
          aria-describedby={described}
        >
          <option value="">Choose…</option>
          <option value="true">yes</option>
          <option value="false">no</option>
        </select>
      );
      break;
    case "text":
      input = (
        <textarea
          className={cn("w-full py-1.5", FIELD)}
          id={inputId}
          name="value"
          defaultValue={current}
          rows={3}
          aria-describedby={described}
        />
      );
      break;
  }

  return (
    // Keyed by my score's last update, so the inputs show the saved score after every save (no state to copy).
    <form
      key={mine?.updatedAt ?? "none"}
      className="tg-score-form flex flex-col gap-1.5"
      // The server checks the value and says what the config allows (the browser's own check would hide that).
      noValidate
      onSubmit={onSubmit}
      data-testid="score-form"
      data-config={config.name}
    >
      <label htmlFor={inputId} className="text-sm font-medium" title={config.description ?? undefined}>
        {config.name}
      </label>
      <span className="text-xs text-muted-foreground">{describeScoreRule(config)}</span>
      <div className="flex flex-wrap items-center gap-2">
        {input}
        <input
          className={cn("min-w-0 flex-1 h-8", FIELD)}
          name="comment"
          type="text"
          placeholder="Comment (optional)"
          aria-label={`Comment on ${config.name}`}
          defaultValue={mine?.comment ?? ""}
        />
        <Button size="sm" type="submit" disabled={save.isPending}>
          {mine ? "Update" : "Save"}
        </Button>
        {mine ? (
          <Button
            variant="outline"
            size="sm"
            type="button"
            disabled={remove.isPending}
            onClick={() => remove.mutate({ id: mine.id })}
          >
            Remove
          </Button>
        ) : null}
      </div>
      {error ? (
        <p role="alert" id={errorId} className="text-sm text-destructive">
          {errorText(error)}
        </p>
      ) : save.isSuccess ? (
        <p role="status" className="text-xs text-muted-foreground">
          Saved.
        </p>
      ) : null}
    </form>
  );
}
