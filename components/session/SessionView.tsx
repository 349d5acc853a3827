"use client";
// The session review screen: graph and transcript side by side, the detail panel, branch comparison, live updates
// with follow mode, keyboard navigation, and exports. The selected thought lives in the URL (?thought=).
import { useQuery } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { OutlineThought } from "@/lib/contracts/dashboard";
import { COLLAPSE_AT, foldGraph } from "@/lib/graph/collapse";
import { toOutline } from "@/lib/graph/outline";
import { HealthSummary } from "@/components/reasoning/HealthSummary";
import { useGraphReasoning } from "@/components/reasoning/useGraphReasoning";
import { LazyThoughtGraph, preloadGraph } from "@/components/graph/LazyThoughtGraph";
import { Transcript } from "@/components/transcript/Transcript";
import { COMMENT_ON_SELECTION_ID, CommentsSection } from "@/components/comments/CommentsSection";
import { chipOf } from "@/components/scoring/score-format";
import { ScoresSection } from "@/components/scoring/ScoresSection";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { BackLink } from "@/components/ui/BackLink";
import { cn } from "@/components/ui/cn";
import { Label } from "@/components/ui/Label";
import { preloadMarkdown } from "@/components/ui/Markdown";
import { ownsKeys } from "@/components/ui/own-keys";
import { Skeleton, SkeletonRows } from "@/components/ui/Skeleton";
import { Switch } from "@/components/ui/Switch";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/Tabs";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/Tooltip";
import { useNextTask } from "@/components/ui/next-task";
import {
  isServerLiveStatus,
  LIVE_STATE_WORDS,
  liveStateOf,
  type LiveState,
  type ServerLiveStatus,
} from "@/lib/graph/live-status";
import { BranchCompare } from "./BranchCompare";
import { DetailPanel } from "./DetailPanel";
import { SessionMemoriesLink } from "@/components/memories/SessionMemoriesLink";
import { ExportMenu } from "./ExportMenu";
import { SessionPanes } from "./SessionPanes";
import { ShareMenu } from "./ShareMenu";
import { RunJudgeMenu } from "@/components/judges/RunJudgeMenu";
import { useCommentAnchors } from "./useCommentAnchors";
import { useLayout } from "./useLayout";
import { ViewMenu } from "./ViewMenu";

/** A session that does not exist answers at once: NOT_FOUND is final, other errors retry twice. */
const retryUnlessNotFound = (failures: number, error: { data?: { code?: string } | null }) =>
  error.data?.code !== "NOT_FOUND" && failures < 2;

/** `readOnly`: the share page — no exports of the data and no share management. */
export function SessionView({
  sessionId,
  readOnly = false,
  thoughtCount,
}: {
  sessionId: string;
  readOnly?: boolean;
  /** The session's size as the page's server read it, when it did: a session with thoughts fetches the graph's code
   *  during hydration. */
  thoughtCount?: number;
}) {
  const trpc = useTRPC();
  const pathname = usePathname();
  const search = useSearchParams();
  const selectedId = search.get("thought");
  const outline = useQuery(
    trpc.sessions.outline.queryOptions(
      { id: sessionId },
      { staleTime: Infinity, retry: retryUnlessNotFound, meta: { quietErrors: true } },
    ),
  );
  // Review scores per thought for the node chips: a small query of its own, so saving a score refetches this and
  // not the outline (which holds every thought).
  const chipQuery = useQuery({
    ...trpc.scores.chips.queryOptions({ sessionId: outline.data?.session.id ?? sessionId }),
    enabled: !readOnly && outline.data !== undefined,
  });
  const scoreChips = useMemo(() => {
    const data = chipQuery.data;
    return new Map((data?.chips ?? []).map((c) => [c.thoughtId, chipOf(c, data?.meanOf ?? null)]));
  }, [chipQuery.data]);
  // The phrases open comment threads are anchored to, highlighted in the transcript.
  const anchors = useCommentAnchors(outline.data?.session.id ?? sessionId, !readOnly && outline.data !== undefined);

  // Live thoughts, appended after the outline; deduplicated by seq so a resumed stream never shows one twice.
  const [liveThoughts, setLive] = useState<OutlineThought[]>([]);
  const loadedSeq = outline.data ? (outline.data.thoughts.at(-1)?.seq ?? 0) : null;
  const [follow, setFollow] = useState(false);
  const [center, setCenter] = useState<{ id: string; key: number; open?: boolean } | null>(null);
  const [scrollTo, setScrollTo] = useState<{ id: string; key: number } | null>(null);
  const followRef = useRef(follow);
  followRef.current = follow;

  // The selection lives in the URL. history.replaceState (which Next keeps in step with useSearchParams) rather than
  // router.replace: the latter made a server round trip per keypress (100-500 ms measured by bench:ui).
  const selectInUrl = useCallback(
    (id: string) => {
      const params = new URLSearchParams(window.location.search);
      params.set("thought", id);
      window.history.replaceState(null, "", `${pathname}?${params.toString()}`);
    },
    [pathname],
  );
  const select = useCallback(
    (id: string, how: "pointer" | "keyboard" | "follow" = "pointer") => {
      selectInUrl(id);
      if (how !== "pointer") setCenter({ id, key: Date.now() });
      setScrollTo({ id, key: Date.now() });
    },
    [selectInUrl],
  );

  const [serverStatus, setServerStatus] = useState<ServerLiveStatus["liveStatus"] | null>(null);
  const everConnected = useRef(false);
  const subscription = useSubscription(
    trpc.sessions.onThought.subscriptionOptions(
      { sessionId: outline.data?.session.id ?? sessionId, lastEventId: String(loadedSeq ?? 0) },
      {
        enabled: loadedSeq !== null,
        onData: (event) => {
          if (isServerLiveStatus(event.data)) {
            setServerStatus(event.data.liveStatus);
            return;
          }
          setServerStatus(null);
          const t = toOutline(event.data);
          setLive((prev) => (prev.some((p) => p.seq === t.seq) ? prev : [...prev, t]));
          if (followRef.current) select(t.id, "follow");
        },
      },
    ),
  );

  if (subscription.status === "pending") everConnected.current = true;
  const live = { state: liveStateOf(subscription.status, everConnected.current, serverStatus) };

  // The minimap toggles from the View menu. Off by default: in its corner it covered nodes of the opening view (at
  // 1024×768 the top-right node), and it redraws every node the graph holds on each pan frame.
  const [minimap, setMinimap] = useState(false);

  const thoughts = useMemo(() => {
    const base = outline.data?.thoughts ?? [];
    const last = base.at(-1)?.seq ?? 0;
    const extra = liveThoughts.filter((t) => t.seq > last).sort((a, b) => a.seq - b.seq);
    return extra.length > 0 ? [...base, ...extra] : base;
  }, [outline.data, liveThoughts]);
  // The graph and markdown code load on demand (LazyThoughtGraph, Markdown); fetch both beside the outline, unless the
  // session is known to be empty: in an empty session's load their ~110 KB arrived and compiled before its text
  // showed (Chromium trace of the bench:ui baseline). When the page's server counted thoughts, they are requested
  // during this first render (hydration): from the effect, which covers the rest (the share page, a live first
  // thought), they left ~150 ms later and the graph waited for its code (bench:ui trace, 1,000 thoughts). Both
  // preloads are idempotent module fetches.
  if (typeof window !== "undefined" && thoughtCount !== undefined && thoughtCount > 0) {
    preloadGraph();
    preloadMarkdown();
  }
  const mayDraw = outline.isPending || thoughts.length > 0;
  useEffect(() => {
    if (!mayDraw) return;
    preloadGraph();
    preloadMarkdown();
  }, [mayDraw]);
  const byId = useMemo(() => new Map(thoughts.map((t) => [t.id, t])), [thoughts]);
  const layout = useLayout(thoughts);
  // An outline that arrives after hydration draws the graph first and the transcript in the next task: the two in
  // one render made the load's longest task 160-217 ms at 1,000-20,000 thoughts (bench:ui; the bound is
  // 200). Drawing the graph later instead cost its first node ~100 ms. An outline in the page's HTML (a small
  // session) keeps its server-rendered transcript.
  const [outlineInPage] = useState(() => outline.data !== undefined);
  const transcriptNow = useNextTask(thoughts.length > 0) || outlineInPage;
  const newestId = thoughts.at(-1)?.id ?? null;
  // Only a folded graph depends on the focus; below COLLAPSE_AT the selection must not rebuild the graph.
  const foldsByFocus = thoughts.length > COLLAPSE_AT;
  const focusA = foldsByFocus ? selectedId : null;
  const focusB = foldsByFocus ? newestId : null;
  const folded = useMemo(() => foldGraph(layout, byId, [focusA, focusB]), [layout, byId, focusA, focusB]);
  const graphReasoning = useGraphReasoning(outline.data?.session.id, thoughts.length);

  // Open on the thought in the URL, or else on the newest one, selected (the detail panel shows it at once), once the
  // first layout is ready. A reader opening a session wants where the agent got to, not an empty detail panel.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || layout.nodes.length === 0) return;
    opened.current = true;
    const target = selectedId && byId.has(selectedId) ? selectedId : newestId;
    if (!target) return;
    if (target !== selectedId) selectInUrl(target);
    setCenter({ id: target, key: Date.now(), open: true });
    setScrollTo({ id: target, key: Date.now() });
  }, [layout, byId, selectedId, newestId, selectInUrl]);

  const [tab, setTab] = useState<SideTab>("detail");
  const onKeyDown = (e: React.KeyboardEvent) => {
    const target = e.target as HTMLElement;
    if (ownsKeys(target, e.key)) return;
    // Enter on a button or link (e.g. a score form's Save) activates it rather than jumping to the detail panel.
    if (e.key === "Enter" && target.closest("button, a")) return;
    // From the URL as it is now: useSearchParams follows replaceState a render later, so a key pressed in between
    // (a held or quickly repeated j/k) read the previous selection and moved to where the last key already had.
    const current = new URLSearchParams(window.location.search).get("thought") ?? selectedId;
    const index = current ? thoughts.findIndex((t) => t.id === current) : -1;
    const move = (delta: number) => {
      const next = thoughts[Math.min(thoughts.length - 1, Math.max(0, index + delta))];
      if (next) {
        e.preventDefault();
        select(next.id, "keyboard");
      }
    };
    if (e.key === "j" || e.key === "ArrowDown" || e.key === "ArrowRight") move(index < 0 ? 1 : 1);
    else if (e.key === "k" || e.key === "ArrowUp" || e.key === "ArrowLeft") move(index < 0 ? 1 : -1);
    else if (e.key === "Enter" && selectedId) {
      e.preventDefault();
      setTab("detail");
      document.getElementById("thought-detail")?.focus();
    } else if (e.key === "f" && !target.closest('[role="switch"]')) setFollow((f) => !f);
    else if (e.key === "c" && !readOnly && selectedId && !e.metaKey && !e.ctrlKey && !e.altKey) {
      // Comment on the phrase selected in the detail panel's text (or just open the comment box).
      e.preventDefault();
      if (tab !== "detail") setTab("detail");
      else document.getElementById(COMMENT_ON_SELECTION_ID)?.click();
    }
  };

  if (outline.isPending) return <SessionSkeleton />;
  if (outline.isError) {
    const notFound = outline.error.data?.code === "NOT_FOUND";
    return (
      <div className="flex flex-col gap-3 p-6" role="alert">
        <BackLink href="/">Sessions</BackLink>
        <h1 className="text-xl font-semibold">{notFound ? "Session not found" : "Could not load this session"}</h1>
        <p className="text-sm text-muted-foreground">
          {notFound
            ? "It may have been deleted, or the link is mistyped."
            : `${outline.error.message} Reload the page to try again.`}
        </p>
      </div>
    );
  }
  const s = outline.data.session;
  const branches = layout.lanes.size - 1;

  return (
    <div
      // min-h: a frame that is not a fixed-height flex column (the share page) still gives the panes room.
      className="tg-session flex min-h-[30rem] flex-1 flex-col outline-none"
      onKeyDown={onKeyDown}
      tabIndex={0}
      aria-label="Session review"
    >
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
            {s.model ? (
              <>
                <span aria-hidden>·</span>
                <span className="truncate">{s.model}</span>
              </>
            ) : null}
            <SourcePlace metadata={s.metadata} />
            <span aria-hidden>·</span>
            <span>
              <span data-testid="thought-count">{thoughts.length}</span>{" "}
              {thoughts.length === 1 ? "thought" : "thoughts"}
            </span>
            <span aria-hidden>·</span>
            <span>
              {branches} {branches === 1 ? "branch" : "branches"}
            </span>
            <span aria-hidden>·</span>
            <LiveIndicator state={live.state} />
            {folded.collapsed ? (
              <>
                <span aria-hidden>·</span>
                <span>large session: quiet runs and inactive branches are folded</span>
              </>
            ) : null}
          </p>
          <HealthSummary sessionId={s.id} upTo={thoughts.length} />
        </div>
        <div role="toolbar" aria-label="Session actions" className="flex shrink-0 items-center gap-2">
          <Tooltip>
            <TooltipTrigger asChild>
              <div className="flex h-8 items-center gap-2 rounded-md border border-input px-2.5 shadow-xs">
                <Switch id="follow" checked={follow} onCheckedChange={setFollow} />
                <Label htmlFor="follow" className="cursor-pointer text-sm">
                  Follow
                </Label>
              </div>
            </TooltipTrigger>
            <TooltipContent>Keep the newest thought selected and in view (f)</TooltipContent>
          </Tooltip>
          {readOnly ? null : <SessionMemoriesLink sessionId={s.id} />}
          <ViewMenu minimap={minimap} onMinimap={setMinimap} />
          <ExportMenu sessionId={s.id} imagesOnly={readOnly} />
          {readOnly ? null : <ShareMenu sessionId={s.id} />}
          {readOnly ? null : <RunJudgeMenu target={{ sessionId: s.id }} />}
        </div>
      </header>
      {thoughts.length === 0 ? (
        <p className="p-6 text-sm text-muted-foreground">
          This session has no thoughts yet; they appear here as the agent writes them.
        </p>
      ) : (
        <SessionPanes
          graph={
            <LazyThoughtGraph
              folded={folded}
              thoughts={byId}
              scoreChips={scoreChips}
              reasoning={graphReasoning}
              selectedId={selectedId}
              center={center}
              onSelect={select}
              minimap={minimap}
            />
          }
          transcript={
            transcriptNow ? (
              <Transcript
                sessionId={s.id}
                thoughts={thoughts}
                selectedId={selectedId}
                onSelect={select}
                scrollTo={scrollTo}
                anchors={anchors}
              />
            ) : null
          }
          side={
            <Tabs
              value={tab}
              onValueChange={(v) => setTab(v as SideTab)}
              className="h-full min-h-0 gap-0"
              aria-label="Side panel"
            >
              <div className="shrink-0 overflow-x-auto border-b border-border px-3 py-2">
                {/* Full width with equal triggers: four tabs fit a 240 px pane without wrapping or scrolling. */}
                <TabsList aria-label="Side panel" className="w-full [&>button]:px-1.5">
                  <TabsTrigger value="detail">Detail</TabsTrigger>
                  <TabsTrigger value="compare" aria-label="Compare branches">
                    Compare
                  </TabsTrigger>
                  {readOnly ? null : (
                    <TabsTrigger value="session" aria-label="Session scores">
                      Scores
                    </TabsTrigger>
                  )}
                  {readOnly ? null : (
                    <TabsTrigger value="comments" aria-label="Session comments">
                      Comments
                    </TabsTrigger>
                  )}
                </TabsList>
              </div>
              <TabsContent value="detail" className={SIDE_CONTENT}>
                <DetailPanel thoughtId={selectedId} onSelect={(id) => select(id, "keyboard")} scoring={!readOnly} />
              </TabsContent>
              <TabsContent value="compare" className={SIDE_CONTENT}>
                <BranchCompare layout={layout} thoughts={byId} onSelect={(id) => select(id, "keyboard")} />
              </TabsContent>
              {readOnly ? null : (
                <TabsContent value="session" className={SIDE_CONTENT}>
                  <aside className="tg-detail flex flex-col gap-4 p-4" aria-label="Session scores">
                    <ScoresSection sessionId={s.id} thoughtId={null} />
                  </aside>
                </TabsContent>
              )}
              {readOnly ? null : (
                <TabsContent value="comments" className={SIDE_CONTENT}>
                  <aside className="tg-detail flex flex-col gap-4 p-4" aria-label="Session comments">
                    <CommentsSection sessionId={s.id} thoughtId={null} />
                  </aside>
                </TabsContent>
              )}
            </Tabs>
          }
        />
      )}
    </div>
  );
}

type SideTab = "detail" | "compare" | "session" | "comments";
/** Each side tab scrolls inside the pane. */
const SIDE_CONTENT = "min-h-0 flex-1 overflow-y-auto";

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

function SessionSkeleton() {
  return (
    <div className="flex min-h-0 flex-1 flex-col" aria-busy="true" aria-label="Loading session">
      <div className="flex shrink-0 flex-col gap-2 border-b border-border px-4 py-3">
        <Skeleton className="h-3 w-20" />
        <Skeleton className="h-5 w-80 max-w-full" />
        <Skeleton className="h-3 w-96 max-w-full" />
      </div>
      <div className="flex min-h-0 flex-1 flex-col gap-px min-[900px]:flex-row">
        <div className="flex-[42] bg-graph-canvas p-6">
          <Skeleton className="mx-auto h-20 w-64" />
        </div>
        <div className="flex flex-[30] flex-col gap-3 border-border p-4 min-[900px]:border-l">
          <SkeletonRows rows={6} />
        </div>
        <div className="flex flex-[28] flex-col gap-3 border-border p-4 min-[900px]:border-l">
          <SkeletonRows rows={4} />
        </div>
      </div>
    </div>
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
