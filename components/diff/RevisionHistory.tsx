"use client";
// A thought's revision chain (sessions.revisionChain) as a stepper: every text it went through, v1 → v2 → v3 by
// revise_thought and on through the thoughts that revise it, with the block diff of one step to the next. [ and ]
// (or the buttons) step through the chain; the diff shows unified in the side panel and side by side when opened wide.
import { useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, Maximize2 } from "lucide-react";
import { useState } from "react";
import type { RevisionChain } from "@/lib/contracts/dashboard";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Button } from "@/components/ui/Button";
import { cn } from "@/components/ui/cn";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/Dialog";
import { Skeleton } from "@/components/ui/Skeleton";
import { ToggleGroup, ToggleGroupItem } from "@/components/ui/ToggleGroup";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/Tooltip";
import { BlockDiff, type DiffMode } from "./BlockDiff";

/** Ids of the step buttons: the session view's [ and ] keys press them. */
export const EARLIER_STEP_ID = "revision-earlier";
export const LATER_STEP_ID = "revision-later";

type Step = RevisionChain["steps"][number];

export function stepLabel(s: Step): string {
  return `#${s.thoughtNumber}${s.branchId ? ` (${s.branchId})` : ""} v${s.version}`;
}

export function RevisionHistory({ thoughtId, onSelect }: { thoughtId: string; onSelect: (id: string) => void }) {
  const trpc = useTRPC();
  const chain = useQuery(trpc.sessions.revisionChain.queryOptions({ id: thoughtId }));
  if (chain.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load the revisions: {chain.error.message}
      </p>
    );
  }
  if (!chain.data) return <Skeleton className="h-24 w-full" />;
  if (chain.data.steps.length < 2) return null;
  // Keyed by the thought: a new selection starts on its own change.
  return <Stepper key={thoughtId} chain={chain.data} onSelect={onSelect} />;
}

function Stepper({ chain, onSelect }: { chain: RevisionChain; onSelect: (id: string) => void }) {
  const { steps } = chain;
  // The pair shown is (to - 1, to): opening on the change that made the selected thought's text.
  const [to, setTo] = useState(Math.max(1, chain.at));
  const [mode, setMode] = useState<DiffMode>("unified");
  const [wide, setWide] = useState(false);
  const from = steps[to - 1]!;
  const target = steps[to]!;
  const step = (delta: number) => setTo((t) => Math.min(steps.length - 1, Math.max(1, t + delta)));
  const pair = (m: DiffMode) => (
    <BlockDiff
      before={from.text}
      after={target.text}
      mode={m}
      labels={{ before: stepLabel(from), after: stepLabel(target) }}
    />
  );
  return (
    <section className="flex flex-col gap-2" aria-label="Revisions" data-testid="revision-history">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-muted-foreground">
          Revisions <span className="font-normal">· {steps.length} texts</span>
        </h3>
        <div className="flex items-center gap-1">
          <StepButton
            id={EARLIER_STEP_ID}
            label="Earlier change"
            keyName="["
            disabled={to <= 1}
            onClick={() => step(-1)}
          >
            <ChevronLeft aria-hidden />
          </StepButton>
          <StepButton
            id={LATER_STEP_ID}
            label="Later change"
            keyName="]"
            disabled={to >= steps.length - 1}
            onClick={() => step(1)}
          >
            <ChevronRight aria-hidden />
          </StepButton>
          <Tooltip>
            <TooltipTrigger asChild>
              <Button variant="ghost" size="icon-sm" aria-label="Open the diff wide" onClick={() => setWide(true)}>
                <Maximize2 aria-hidden />
              </Button>
            </TooltipTrigger>
            <TooltipContent>Open the diff wide, side by side</TooltipContent>
          </Tooltip>
        </div>
      </div>
      <ol className="flex flex-wrap items-center gap-1 text-xs" aria-label="Revision chain">
        {steps.map((s, i) => (
          <li key={`${s.thoughtId}:${s.version}`} className="flex items-center gap-1">
            {i > 0 ? (
              <span aria-hidden className="text-muted-foreground">
                →
              </span>
            ) : null}
            <button
              type="button"
              className={cn(
                "cursor-pointer rounded-sm border px-1.5 py-0.5 tabular-nums outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
                i === to && "border-primary bg-primary/10 font-medium",
                i === to - 1 && "border-dashed border-primary/60",
                i === chain.at && "underline underline-offset-2",
              )}
              aria-current={i === to ? "step" : undefined}
              title={
                s.current
                  ? `Thought ${s.thoughtNumber} as it is now`
                  : `Thought ${s.thoughtNumber} before edit ${s.version + 1}`
              }
              onClick={() => (i === 0 ? setTo(1) : setTo(i))}
              onDoubleClick={() => onSelect(s.thoughtId)}
            >
              {stepLabel(s)}
            </button>
          </li>
        ))}
      </ol>
      <p className="text-xs text-muted-foreground" data-testid="revision-pair">
        {stepLabel(from)} → {stepLabel(target)}
        {chain.alternatives > 0
          ? ` · ${chain.alternatives} other revision${chain.alternatives === 1 ? "" : "s"} not on this chain`
          : ""}
      </p>
      {pair(mode)}
      <ToggleGroup
        type="single"
        size="sm"
        value={mode}
        onValueChange={(v) => (v === "unified" || v === "split") && setMode(v)}
        aria-label="Diff layout"
        className="self-start"
      >
        <ToggleGroupItem value="unified">Unified</ToggleGroupItem>
        <ToggleGroupItem value="split">Side by side</ToggleGroupItem>
      </ToggleGroup>
      <Dialog open={wide} onOpenChange={setWide}>
        <DialogContent
          className="w-[min(96vw,110rem)] max-w-none sm:max-w-none"
          onKeyDown={(e) => {
            if (e.key === "[") step(-1);
            else if (e.key === "]") step(1);
          }}
        >
          <DialogTitle>
            Revisions: {stepLabel(from)} → {stepLabel(target)}
          </DialogTitle>
          <DialogDescription>[ and ] step through the chain; Escape closes.</DialogDescription>
          {pair("split")}
        </DialogContent>
      </Dialog>
    </section>
  );
}

function StepButton({
  id,
  label,
  keyName,
  disabled,
  onClick,
  children,
}: {
  id: string;
  label: string;
  keyName: string;
  disabled: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button id={id} variant="outline" size="icon-sm" aria-label={label} disabled={disabled} onClick={onClick}>
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>
        {label} ({keyName})
      </TooltipContent>
    </Tooltip>
  );
}
