"use client";
// My score for one config on one target (a thought or the whole session), as a compact widget that matches the
// config's type: segmented buttons for yes/no, for labels and for a bounded numeric config with at most
// MAX_STEP_BUTTONS values (1–5, or 0–1 in quarters); a slider for a bounded numeric config with more values; a number
// field when the range is open; a text box for text. Picking a segment or letting go of the slider saves at once (one
// action per score, like the review screen's number keys); the comment and a typed number save with Save/Enter. The
// server checks the value and its message is shown as given.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import type { ReviewScore, ScoreConfigView } from "@/lib/contracts/scores";
import { describeScoreRule } from "@/lib/contracts/zod-free";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Button } from "@/components/ui/Button";
import { cn } from "@/components/ui/cn";
import { errorText } from "@/components/ui/error-text";
import { Slider } from "@/components/ui/Slider";
import { ToggleGroup, ToggleGroupItem } from "@/components/ui/ToggleGroup";
import { shortNumber, stepValues } from "./score-format";

/** A native input or textarea styled like components/ui/Input. */
const FIELD =
  "rounded-md border border-input bg-background px-2 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50";
/** Labels longer than this in total read better in a list than in one row of segments. */
const MAX_SEGMENT_CHARS = 36;

export type ScoreTarget = { thoughtId: string } | { sessionId: string };

type Widget =
  | { kind: "segments"; options: { value: string; label: string }[] }
  | { kind: "slider"; min: number; max: number; step: number }
  | { kind: "number" }
  | { kind: "select"; options: { value: string; label: string }[] }
  | { kind: "text" };

function widgetOf(config: ScoreConfigView): Widget {
  switch (config.type) {
    case "boolean":
      return {
        kind: "segments",
        options: [
          { value: "true", label: "yes" },
          { value: "false", label: "no" },
        ],
      };
    case "categorical": {
      const options = (config.categories ?? []).map((c) => ({ value: c.label, label: c.label }));
      const chars = options.reduce((n, o) => n + o.label.length, 0);
      return options.length <= 6 && chars <= MAX_SEGMENT_CHARS
        ? { kind: "segments", options }
        : { kind: "select", options };
    }
    case "numeric": {
      const steps = stepValues(config);
      if (steps) return { kind: "segments", options: steps.map((v) => ({ value: String(v), label: shortNumber(v) })) };
      if (config.min !== null && config.max !== null && config.max > config.min) {
        return {
          kind: "slider",
          min: config.min,
          max: config.max,
          step: config.step ?? (config.max - config.min) / 100,
        };
      }
      return { kind: "number" };
    }
    case "text":
      return { kind: "text" };
  }
}

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
  const current = mine?.stringValue ?? (mine?.value !== undefined && mine.value !== null ? String(mine.value) : "");
  const state: SaveState = {
    submit: (value, comment) => {
      remove.reset();
      save.mutate({ ...target, configId: config.id, value, ...(comment ? { comment } : {}) });
    },
    remove: mine ? () => remove.mutate({ id: mine.id }) : null,
    pending: save.isPending || remove.isPending,
    error: save.error ?? remove.error,
    saved: save.isSuccess,
  };
  // The body is keyed by my score's last update, so the widget shows the saved score after every save (no state to
  // copy); the mutations live out here so "Saved." and the server's error outlast that remount.
  return <ScoreFormBody key={mine?.updatedAt ?? "none"} config={config} mine={mine} current={current} state={state} />;
}

interface SaveState {
  submit: (value: string, comment: string | null) => void;
  remove: (() => void) | null;
  pending: boolean;
  error: { message: string } | null;
  saved: boolean;
}

function ScoreFormBody({
  config,
  mine,
  current,
  state,
}: {
  config: ScoreConfigView;
  mine: ReviewScore | undefined;
  current: string;
  state: SaveState;
}) {
  const uid = useId();
  const inputId = `${uid}-value`;
  const labelId = `${uid}-label`;
  const errorId = `${uid}-error`;
  const error = state.error;
  const formRef = useRef<HTMLFormElement>(null);
  const [value, setValue] = useState(current);
  const widget = widgetOf(config);

  const submit = (raw: string) => {
    const comment = formRef.current ? new FormData(formRef.current).get("comment") : null;
    state.submit(raw, typeof comment === "string" && comment.trim() !== "" ? comment.trim() : null);
  };
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const raw = new FormData(e.currentTarget).get("value");
    submit(typeof raw === "string" ? raw : "");
  };
  /** A picked segment or a released slider: the value is the score, saved at once. */
  const pick = (v: string) => {
    if (v === "" || state.pending) return; // Radix sends "" when the pressed segment is pressed again: keep it
    setValue(v);
    submit(v);
  };

  const described = error ? errorId : undefined;
  let input: React.ReactNode;
  switch (widget.kind) {
    case "segments":
      input = (
        <>
          <ToggleGroup
            type="single"
            size="sm"
            value={value}
            onValueChange={pick}
            aria-labelledby={labelId}
            aria-describedby={described}
            className="w-full max-w-full"
            data-testid="score-segments"
          >
            {widget.options.map((o) => (
              <ToggleGroupItem
                key={o.value}
                value={o.value}
                className="px-1.5 tabular-nums data-[state=on]:bg-primary data-[state=on]:text-primary-foreground"
              >
                <span className="truncate">{o.label}</span>
              </ToggleGroupItem>
            ))}
          </ToggleGroup>
          <input type="hidden" name="value" value={value} />
        </>
      );
      break;
    case "slider": {
      const shown = value === "" ? null : Number(value);
      input = (
        <div className="flex w-full items-center gap-3">
          <Slider
            min={widget.min}
            max={widget.max}
            step={widget.step}
            value={[shown ?? widget.min]}
            onValueChange={([v]) => v !== undefined && setValue(String(Number(v.toFixed(10))))}
            onValueCommit={([v]) => v !== undefined && pick(String(Number(v.toFixed(10))))}
            thumbLabel={config.name}
            aria-describedby={described}
            className="flex-1"
          />
          {/* The thumb carries the value for assistive technology (aria-valuenow); this is the sighted readout. */}
          <span aria-hidden className="w-12 text-right text-sm tabular-nums">
            {shown === null ? "—" : shortNumber(shown)}
          </span>
          <input type="hidden" name="value" value={value} />
        </div>
      );
      break;
    }
    case "number":
      input = (
        <input
          className={cn("h-8 w-24", FIELD)}
          id={inputId}
          name="value"
          type="number"
          inputMode="decimal"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          {...(config.min !== null ? { min: config.min } : {})}
          {...(config.max !== null ? { max: config.max } : {})}
          step={config.step ?? "any"}
          aria-labelledby={labelId}
          aria-describedby={described}
          aria-invalid={error ? true : undefined}
          size={6}
        />
      );
      break;
    case "select":
      input = (
        <select
          className={cn("h-8", FIELD)}
          id={inputId}
          name="value"
          value={value}
          onChange={(e) => pick(e.target.value)}
          aria-labelledby={labelId}
          aria-describedby={described}
        >
          <option value="">Choose…</option>
          {widget.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
      break;
    case "text":
      input = (
        <textarea
          className={cn("w-full py-1.5", FIELD)}
          id={inputId}
          name="value"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          rows={3}
          aria-labelledby={labelId}
          aria-describedby={described}
        />
      );
      break;
  }

  const typed = widget.kind === "number" || widget.kind === "text";
  return (
    <form
      ref={formRef}
      className="flex flex-col gap-1.5"
      // The server checks the value and says what the config allows (the browser's own check would hide that).
      noValidate
      onSubmit={onSubmit}
      data-testid="score-form"
      data-config={config.name}
    >
      <span id={labelId} className="truncate text-sm font-medium" title={config.description ?? undefined}>
        {config.name}
      </span>
      {/* Segments show every value already; a field or a slider says what it takes. */}
      {widget.kind === "segments" ? null : (
        <span className="text-xs text-muted-foreground">{describeScoreRule(config)}</span>
      )}
      {input}
      <div className="flex items-center gap-2">
        <input
          className={cn("h-8 min-w-0 flex-1", FIELD)}
          name="comment"
          type="text"
          placeholder="Comment (optional)"
          aria-label={`Comment on ${config.name}`}
          defaultValue={mine?.comment ?? ""}
        />
        {/* Typed values save here; a picked segment saved already, so this saves its comment. */}
        <Button size="sm" type="submit" variant={typed ? "default" : "outline"} disabled={state.pending}>
          {mine ? "Update" : "Save"}
        </Button>
        {state.remove ? (
          <Button variant="ghost" size="sm" type="button" disabled={state.pending} onClick={state.remove}>
            Remove
          </Button>
        ) : null}
      </div>
      {error ? (
        <p role="alert" id={errorId} className="text-sm text-destructive">
          {errorText(error)}
        </p>
      ) : state.saved ? (
        <p role="status" className="text-xs text-muted-foreground">
          Saved.
        </p>
      ) : null}
    </form>
  );
}
