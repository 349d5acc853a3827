"use client";
// My score for one config on one target (a thought or the whole session), as a compact widget that matches the
// config's type: segmented buttons for yes/no, for labels and for a bounded numeric config with at most
// MAX_STEP_BUTTONS values (1–5, or 0–1 in quarters); a slider for a bounded numeric config with more values; a number
// field when the range is open; a text box for text. One save model: everything saves as it changes (a pick at once,
// typing and the comment SAVE_AFTER_MS after the last key, and on leaving the field), with the state in words beside
// it ("Saving…", "Saved", the server's message); there is no Save button. What is typed and not yet saved is kept
// per target and config for the page's life and sent when the form goes away (moving to another thought), so nothing
// typed is lost. The config's rubric (its description, each label's meaning) shows with the form.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import type { ReviewScore, ScoreConfigView } from "@/lib/contracts/scores";
import { describeScoreRule } from "@/lib/contracts/zod-free";
import { useTRPC, useTRPCClient } from "@/components/trpc/TrpcProvider";
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

/** Typing and the comment save this long after the last key (or at once on leaving the field, or Enter). */
export const SAVE_AFTER_MS = 800;

interface Draft {
  value: string;
  comment: string;
}

/** What is typed and not yet saved, per target and config, for the page's life: a form that goes away (another
 *  thought selected) sends its draft, and one that comes back shows it until the save lands. */
const drafts = new Map<string, Draft>();

const targetKey = (t: ScoreTarget) => ("thoughtId" in t ? `t:${t.thoughtId}` : `s:${t.sessionId}`);
const sameDraft = (a: Draft, b: Draft) => a.value === b.value && a.comment.trim() === b.comment.trim();

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
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.scores.pathKey() });
  const save = useMutation(trpc.scores.upsertMine.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.scores.deleteMine.mutationOptions({ onSuccess: refresh }));
  const key = `${targetKey(target)}:${config.id}`;
  const saved: Draft = {
    value: mine?.stringValue ?? (mine?.value !== undefined && mine.value !== null ? String(mine.value) : ""),
    comment: mine?.comment ?? "",
  };
  const [draft, setDraftState] = useState<Draft | null>(() => drafts.get(key) ?? null);
  const shown = draft ?? saved;
  const setDraft = (d: Draft | null) => {
    if (d) drafts.set(key, d);
    else drafts.delete(key);
    setDraftState(d);
  };
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [needsValue, setNeedsValue] = useState(false);

  const input = (d: Draft) => ({
    ...target,
    configId: config.id,
    value: d.value,
    ...(d.comment.trim() !== "" ? { comment: d.comment.trim() } : {}),
  });
  const send = (d: Draft) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (d.value === "") {
      setNeedsValue(d.comment.trim() !== "");
      return;
    }
    setNeedsValue(false);
    remove.reset();
    save.mutate(input(d), {
      onSuccess: () => {
        // Saved as typed: the draft is done (a newer one typed meanwhile stays).
        const now = drafts.get(key);
        if (now && sameDraft(now, d)) setDraft(null);
      },
    });
  };
  /** A change: kept as a draft, saved at once (`now`) or after a pause in typing. */
  const change = (patch: Partial<Draft>, now: boolean) => {
    const next = { ...shown, ...patch };
    setDraft(sameDraft(next, saved) ? null : next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (sameDraft(next, saved)) return;
    if (now) send(next);
    else timer.current = setTimeout(() => send(next), SAVE_AFTER_MS);
  };
  const flush = () => {
    if (draft && timer.current) send(draft);
  };

  // Going away (another thought selected, the tab changed) with a change not yet sent: send it now. The mutation's
  // observer goes with the form, so this calls the API client directly and refreshes the scores when it answers.
  const pendingRef = useRef<Draft | null>(null);
  pendingRef.current = draft && timer.current ? draft : null;
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      const pending = pendingRef.current;
      if (!pending || pending.value === "") return;
      void client.scores.upsertMine.mutate(input(pending)).then(
        () => {
          const now = drafts.get(key);
          if (now && sameDraft(now, pending)) drafts.delete(key);
          void refresh();
        },
        () => {
          // Kept as a draft: the form shows it, with the server's message, when it comes back.
        },
      );
    },
    // Only when the form goes away (the refs hold what is current then).
    [],
  );

  const status: Status =
    save.isPending || remove.isPending
      ? { kind: "saving" }
      : (save.error ?? remove.error)
        ? { kind: "error", error: (save.error ?? remove.error)! }
        : needsValue
          ? { kind: "needs-value" }
          : draft
            ? { kind: "editing" }
            : save.isSuccess
              ? { kind: "saved" }
              : { kind: mine ? "stored" : "empty" };
  return (
    <ScoreFormBody
      config={config}
      shown={shown}
      status={status}
      change={change}
      flush={flush}
      onRemove={
        mine
          ? () => {
              setDraft(null);
              remove.mutate({ id: mine.id });
            }
          : null
      }
    />
  );
}

type Status =
  | { kind: "saving" | "saved" | "stored" | "empty" | "editing" | "needs-value" }
  | { kind: "error"; error: { message: string } };

function ScoreFormBody({
  config,
  shown,
  status,
  change,
  flush,
  onRemove,
}: {
  config: ScoreConfigView;
  shown: Draft;
  status: Status;
  change: (patch: Partial<Draft>, now: boolean) => void;
  flush: () => void;
  onRemove: (() => void) | null;
}) {
  const uid = useId();
  const inputId = `${uid}-value`;
  const labelId = `${uid}-label`;
  const errorId = `${uid}-error`;
  const rubricId = `${uid}-rubric`;
  const error = status.kind === "error" ? status.error : null;
  const widget = widgetOf(config);
  const value = shown.value;
  /** A picked segment, option or released slider: the value is the score, saved at once. */
  const pick = (v: string) => {
    if (v === "") return; // Radix sends "" when the pressed segment is pressed again: keep it
    change({ value: v }, true);
  };
  const onEnter = (e: React.KeyboardEvent) => {
    if (e.key === "Enter" && !e.shiftKey) {
      e.preventDefault();
      change({}, true);
    }
  };

  const described = [error ? errorId : null, rubricId].filter(Boolean).join(" ");
  let input: React.ReactNode;
  switch (widget.kind) {
    case "segments":
      input = (
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
      );
      break;
    case "slider": {
      const at = value === "" ? null : Number(value);
      input = <SliderField widget={widget} at={at} name={config.name} described={described} onCommit={pick} />;
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
          onChange={(e) => change({ value: e.target.value }, false)}
          onBlur={flush}
          onKeyDown={onEnter}
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
          onChange={(e) => change({ value: e.target.value }, false)}
          onBlur={flush}
          rows={3}
          aria-labelledby={labelId}
          aria-describedby={described}
        />
      );
      break;
  }

  return (
    <form
      className="flex flex-col gap-1.5"
      // The server checks the value and says what the config allows (the browser's own check would hide that).
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        change({}, true);
      }}
      data-testid="score-form"
      data-config={config.name}
    >
      <div className="flex items-center justify-between gap-2">
        {/* A <label> for the native inputs: axe's label-title-only counts only <label>s, not aria-labelledby, once
            the input also has a description (the rubric). */}
        {widget.kind === "number" || widget.kind === "select" || widget.kind === "text" ? (
          <label id={labelId} htmlFor={inputId} className="truncate text-sm font-medium">
            {config.name}
          </label>
        ) : (
          <span id={labelId} className="truncate text-sm font-medium">
            {config.name}
          </span>
        )}
        <SaveState status={status} errorId={errorId} />
      </div>
      <Rubric config={config} id={rubricId} picked={value} />
      {input}
      <div className="flex items-center gap-2">
        <input
          className={cn("h-8 min-w-0 flex-1", FIELD)}
          name="comment"
          type="text"
          placeholder="Comment (optional)"
          aria-label={`Comment on ${config.name}`}
          value={shown.comment}
          onChange={(e) => change({ comment: e.target.value }, false)}
          onBlur={flush}
          onKeyDown={onEnter}
        />
        {onRemove ? (
          <Button variant="ghost" size="sm" type="button" disabled={status.kind === "saving"} onClick={onRemove}>
            Remove
          </Button>
        ) : null}
      </div>
      {error ? (
        <p role="alert" id={errorId} className="text-sm text-destructive">
          {errorText(error)}
        </p>
      ) : null}
    </form>
  );
}

/** The save state in words, where the eye expects it (beside the config's name). */
function SaveState({ status, errorId }: { status: Status; errorId: string }) {
  const words: Record<Status["kind"], string | null> = {
    saving: "Saving…",
    saved: "Saved.",
    stored: "Saved.",
    empty: null,
    editing: "Editing…",
    "needs-value": "Pick a value to save the comment.",
    error: "Not saved",
  };
  const text = words[status.kind];
  if (text === null) return null;
  return (
    <span
      role="status"
      aria-describedby={status.kind === "error" ? errorId : undefined}
      className={cn(
        "shrink-0 text-xs",
        status.kind === "error" || status.kind === "needs-value" ? "text-destructive" : "text-muted-foreground",
        status.kind === "saved" && "text-success",
      )}
      data-state={status.kind}
    >
      {text}
    </span>
  );
}

/** The config's rubric: what the reviewer judges, what the values are, and each label's meaning. */
function Rubric({ config, id, picked }: { config: ScoreConfigView; id: string; picked: string }) {
  const labels = config.type === "categorical" ? (config.categories ?? []).filter((c) => c.description) : [];
  const rule = widgetOf(config).kind === "segments" ? null : describeScoreRule(config);
  if (!config.description && labels.length === 0 && !rule) return <span id={id} hidden />;
  return (
    <div id={id} className="flex flex-col gap-1 text-xs text-muted-foreground" data-testid="score-rubric">
      {config.description ? <p className="text-foreground/80">{config.description}</p> : null}
      {rule ? <p>{rule}</p> : null}
      {labels.length > 0 ? (
        <dl className="grid grid-cols-[max-content_1fr] gap-x-2 gap-y-0.5">
          {labels.map((c) => (
            <div key={c.label} className={cn("contents", c.label === picked && "font-medium text-foreground")}>
              <dt>{c.label}</dt>
              <dd>{c.description}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

/** A slider: moves show the value, letting go saves it. */
function SliderField({
  widget,
  at,
  name,
  described,
  onCommit,
}: {
  widget: { min: number; max: number; step: number };
  at: number | null;
  name: string;
  described: string;
  onCommit: (v: string) => void;
}) {
  const [moving, setMoving] = useState<number | null>(null);
  const shown = moving ?? at;
  return (
    <div className="flex w-full items-center gap-3">
      <Slider
        min={widget.min}
        max={widget.max}
        step={widget.step}
        value={[shown ?? widget.min]}
        onValueChange={([v]) => v !== undefined && setMoving(Number(v.toFixed(10)))}
        onValueCommit={([v]) => {
          setMoving(null);
          if (v !== undefined) onCommit(String(Number(v.toFixed(10))));
        }}
        thumbLabel={name}
        aria-describedby={described}
        className="flex-1"
      />
      {/* The thumb carries the value for assistive technology (aria-valuenow); this is the sighted readout. */}
      <span aria-hidden className="w-12 text-right text-sm tabular-nums">
        {shown === null ? "—" : shortNumber(shown)}
      </span>
    </div>
  );
}
