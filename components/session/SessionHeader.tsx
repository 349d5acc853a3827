"use client";
// The session view's header: title, agent (and who recorded it, when a connector did) and model, counts, the live
// feed's state, the reasoning-health line, and the actions (follow mode, memories, view, export, share).
import type { SessionOutline } from "@/lib/contracts/dashboard";
import { RecordedBy } from "@/components/oauth/RecordedBy";
import { LIVE_STATE_WORDS, type LiveState } from "@/lib/graph/live-status";
import { SessionMemoriesLink } from "@/components/memories/SessionMemoriesLink";
import { HealthSummary } from "@/components/reasoning/HealthSummary";
import { SessionUsage } from "@/components/usage/SessionUsage";
import { BackLink } from "@/components/ui/BackLink";
import { cn } from "@/components/ui/cn";
import { Label } from "@/components/ui/Label";
import { Switch } from "@/components/ui/Switch";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/Tooltip";
import { ExportMenu } from "./ExportMenu";
import { ShareMenu } from "./ShareMenu";
import { RunJudgeMenu } from "@/components/judges/RunJudgeMenu";
import { ViewMenu } from "./ViewMenu";

export function SessionHeader({
  session: s,
  connector,
  thoughtCount,
  resultsWithCalls = 0,
  branches,
  liveState,
  folded,
  follow,
  onFollow,
  minimap,
  onMinimap,
  overview,
  onOverview,
  readOnly,
}: {
  session: Pick<SessionOutline["session"], "id" | "title" | "status" | "agent" | "model"> & { metadata?: unknown };
  connector?: SessionOutline["connector"];
  thoughtCount: number;
  /** How many of the thoughts are tool results shown with their calls (components/session/useSessionFolds.ts). */
  resultsWithCalls?: number;
  branches: number;
  liveState: LiveState;
  /** The graph folds quiet runs and inactive branches (a large session). */
  folded: boolean;
  follow: boolean;
  onFollow: (on: boolean) => void;
  minimap: boolean;
  onMinimap: (on: boolean) => void;
  overview: boolean;
  onOverview: (on: boolean) => void;
  readOnly: boolean;
}) {
  return (
    <header className="tg-session-head flex shrink-0 items-center gap-4 border-b border-border px-4 py-2">
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        {readOnly ? null : (
          <BackLink href="/" className="text-xs">
            Sessions
          </BackLink>
        )}
        <h1 className="truncate text-lg font-semibold tracking-tight" title={s.title ?? undefined}>
          {s.title ?? "Untitled session"}
        </h1>
        <p className="flex min-w-0 flex-wrap items-center gap-x-1.5 text-xs text-muted-foreground">
          <span data-testid="session-status">{s.status}</span>
          <span aria-hidden>·</span>
          <span className="truncate">{s.agent ?? "unknown agent"}</span>
          {connector ? <RecordedBy connector={connector} /> : null}
          {s.model ? (
            <>
              <span aria-hidden>·</span>
              <span className="truncate">{s.model}</span>
            </>
          ) : null}
          <SourcePlace metadata={s.metadata} />
          <span aria-hidden>·</span>
          <span>
            <span data-testid="thought-count">{thoughtCount}</span> {thoughtCount === 1 ? "thought" : "thoughts"}
            {resultsWithCalls > 0 ? (
              <span title="Each tool result is shown with the call it answers, in the graph and the transcript">
                {" "}
                ({resultsWithCalls} {resultsWithCalls === 1 ? "tool result" : "tool results"} with their calls)
              </span>
            ) : null}
          </span>
          <span aria-hidden>·</span>
          <span>
            {branches} {branches === 1 ? "branch" : "branches"}
          </span>
          <SessionUsage sessionId={s.id} upTo={thoughtCount} />
          <span aria-hidden>·</span>
          <LiveIndicator state={liveState} />
          {folded ? (
            <>
              <span aria-hidden>·</span>
              <span>large session: quiet runs and inactive branches are folded</span>
            </>
          ) : null}
        </p>
        <HealthSummary sessionId={s.id} upTo={thoughtCount} />
      </div>
      <div role="toolbar" aria-label="Session actions" className="flex shrink-0 items-center gap-2">
        <Tooltip>
          <TooltipTrigger asChild>
            <div className="flex h-8 items-center gap-2 rounded-md border border-input px-2.5 shadow-xs">
              <Switch id="follow" checked={follow} onCheckedChange={onFollow} />
              <Label htmlFor="follow" className="cursor-pointer text-sm">
                Follow
              </Label>
            </div>
          </TooltipTrigger>
          <TooltipContent>Keep the newest thought selected and in view (f)</TooltipContent>
        </Tooltip>
        {readOnly ? null : <SessionMemoriesLink sessionId={s.id} />}
        <ViewMenu minimap={minimap} onMinimap={onMinimap} overview={overview} onOverview={onOverview} />
        <ExportMenu sessionId={s.id} imagesOnly={readOnly} />
        {readOnly ? null : <ShareMenu sessionId={s.id} />}
        {readOnly ? null : <RunJudgeMenu target={{ sessionId: s.id }} />}
      </div>
    </header>
  );
}

const LIVE_DOT: Record<LiveState, string> = {
  off: "bg-muted-foreground",
  connecting: "bg-muted-foreground animate-pulse",
  live: "bg-emerald-500",
  reconnecting: "bg-amber-500 animate-pulse",
  offline: "bg-destructive",
};

function LiveIndicator({ state }: { state: LiveState }) {
  return (
    <span className="inline-flex items-center gap-1" aria-live="polite">
      <span className={cn("inline-block size-1.5 rounded-full", LIVE_DOT[state])} aria-hidden />
      live: <span data-testid="live-status">{LIVE_STATE_WORDS[state]}</span>
    </span>
  );
}

/** An imported session's working directory and git branch (its first thought's metadata). */
function SourcePlace({ metadata }: { metadata: unknown }) {
  const m = (metadata ?? {}) as { cwd?: unknown; gitBranch?: unknown };
  const cwd = typeof m.cwd === "string" ? m.cwd : null;
  const branch = typeof m.gitBranch === "string" ? m.gitBranch : null;
  if (!cwd && !branch) return null;
  return (
    <>
      <span aria-hidden>·</span>
      <span className="truncate font-mono" data-testid="session-place" title={cwd ?? undefined}>
        {cwd}
        {branch ? ` @ ${branch}` : ""}
      </span>
    </>
  );
}
