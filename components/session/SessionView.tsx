"use client";
// The session review screen: the outline and its live thoughts, laid out for the graph, the transcript beside it and
// the side panel; the selection lives in the URL (?thought=, useSelection). The parts: SessionHeader (title, health,
// actions), useLiveThoughts (the live feed), useSelection, session-keys.ts (the keyboard), SidePanel (the tabs).
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { OutlineThought } from "@/lib/contracts/dashboard";
import { COLLAPSE_AT, foldGraph } from "@/lib/graph/collapse";
import { foldBranches } from "@/lib/graph/fold-branches";
import { useGraphReasoning } from "@/components/reasoning/useGraphReasoning";
import { LazyThoughtGraph, preloadGraph } from "@/components/graph/LazyThoughtGraph";
import { MAIN, togglePicked } from "@/lib/graph/compare-paths";
import { Transcript } from "@/components/transcript/Transcript";
import { chipOf } from "@/components/scoring/score-format";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { BackLink } from "@/components/ui/BackLink";
import { preloadMarkdown } from "@/components/ui/Markdown";
import { useNextTask } from "@/components/ui/next-task";
import { OVERVIEW_WIDTH } from "@/components/overview/SessionOverview";
import { retryUnlessNotFound } from "./retry-unless-not-found";
import { onSessionKey } from "./session-keys";
import { SessionHeader } from "./SessionHeader";
import { SessionPanes } from "./SessionPanes";
import { SessionSkeleton } from "./SessionSkeleton";
import { SidePanel, type SideTab } from "./SidePanel";
import { useCommentAnchors } from "./useCommentAnchors";
import { useLayout } from "./useLayout";
import { useLiveThoughts } from "./useLiveThoughts";
import { useSelection } from "./useSelection";
import { useSessionFolds } from "./useSessionFolds";
import { useOverview } from "./useOverview";

/** The compare view's address for two lines of a session. */
const compareHref = (sessionId: string) => (left: string, right: string) =>
  `/sessions/${encodeURIComponent(sessionId)}/compare?left=${encodeURIComponent(left)}&right=${encodeURIComponent(right)}`;

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
  const outline = useQuery(
    trpc.sessions.outline.queryOptions(
      { id: sessionId },
      { staleTime: Infinity, retry: retryUnlessNotFound, meta: { quietErrors: true } },
    ),
  );
  const resolvedId = outline.data?.session.id ?? sessionId;
  // Review scores per thought for the node chips: a small query of its own, so saving a score refetches this and
  // not the outline (which holds every thought).
  const chipQuery = useQuery({
    ...trpc.scores.chips.queryOptions({ sessionId: resolvedId }),
    enabled: !readOnly && outline.data !== undefined,
  });
  const scoreChips = useMemo(() => {
    const data = chipQuery.data;
    return new Map((data?.chips ?? []).map((c) => [c.thoughtId, chipOf(c, data?.meanOf ?? null)]));
  }, [chipQuery.data]);
  // The phrases open comment threads are anchored to, highlighted in the transcript.
  const anchors = useCommentAnchors(resolvedId, !readOnly && outline.data !== undefined);

  const selection = useSelection();
  const { selectedId, select } = selection;
  const [follow, setFollow] = useState(false);
  const onArrive = useCallback(
    (t: OutlineThought) => {
      if (follow) select(t.id, "follow");
    },
    [follow, select],
  );
  const { thoughts, liveState } = useLiveThoughts(sessionId, outline.data, onArrive);
  // The minimap toggles from the View menu. Off by default: in its corner it covered nodes of the opening view (at
  // 1024×768 the top-right node), and it redraws every node the graph holds on each pan frame.
  const [minimap, setMinimap] = useState(false);
  // A link to a comment on the session itself (the Mentions page) opens the session's comments.
  const search = useSearchParams();
  const [tab, setTab] = useState<SideTab>(() =>
    search.has("comment") && !search.has("thought") ? "comments" : "detail",
  );

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
  // Tool results fold into their calls and the reader folds branches: the graph lays out the rows that are drawn.
  const folds = useSessionFolds(thoughts);
  const layout = useLayout(folds.rows);
  // An outline that arrives after hydration draws the graph first and the transcript in the next task: the two in
  // one render made the load's longest task 160-217 ms at 1,000-20,000 thoughts (bench:ui; the bound is
  // 200). Drawing the graph later instead cost its first node ~100 ms. An outline in the page's HTML (a small
  // session) keeps its server-rendered transcript.
  const [outlineInPage] = useState(() => outline.data !== undefined);
  const transcriptNow = useNextTask(thoughts.length > 0) || outlineInPage;
  const newestId = thoughts.at(-1)?.id ?? null;
  // Only a folded graph depends on the focus; below COLLAPSE_AT the selection must not rebuild the graph.
  const foldsByFocus = thoughts.length > COLLAPSE_AT;
  const focusA = foldsByFocus && selectedId ? folds.shownAs(selectedId) : null;
  const focusB = foldsByFocus && newestId ? folds.shownAs(newestId) : null;
  const { hidden, callOf } = folds;
  const folded = useMemo(() => {
    const laneOf = (id: string) => byId.get(id)?.branchId ?? "";
    const g = foldBranches(foldGraph(layout, byId, [focusA, focusB]), hidden, laneOf);
    if (callOf.size === 0) return g;
    // A folded result is shown by its call's node.
    const shownAs = new Map(g.shownAs);
    for (const [result, call] of callOf) {
      const node = shownAs.get(call);
      if (node !== undefined) shownAs.set(result, node);
    }
    return { ...g, shownAs };
  }, [layout, byId, focusA, focusB, hidden, callOf]);
  const graphReasoning = useGraphReasoning(outline.data?.session.id, thoughts.length);
  const [showOverview, setShowOverview] = useState(true);
  // Lines picked in the graph to compare: kept here, so they outlive any redraw of the graph's pane.
  const [picked, setPicked] = useState<string[]>([]);
  // One function per session: the graph's nodes read it from a context, and a new one re-rendered them all.
  const toCompare = useMemo(() => compareHref(resolvedId), [resolvedId]);
  const overview = useOverview({
    sessionId: outline.data?.session.id,
    thoughts: folds.rows,
    layout,
    folded,
    selection,
    chips: readOnly ? undefined : chipQuery.data,
    enabled: showOverview,
  });

  // Open on the thought in the URL, or else on the newest one, selected (the detail panel shows it at once), once the
  // first layout is ready. A reader opening a session wants where the agent got to, not an empty detail panel.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || layout.nodes.length === 0) return;
    opened.current = true;
    const target = selectedId && byId.has(selectedId) ? selectedId : newestId;
    if (target) selection.open(target);
  }, [layout, byId, selectedId, newestId, selection]);

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
  const selectByKeyboard = (id: string) => select(id, "keyboard");
  // b picks the line of the thought selected now, where the graph shows its picker (more than one lane drawn).
  const pickLine =
    readOnly || !folded.nodes.some((n) => n.lane > 0)
      ? undefined
      : (id: string) => setPicked((p) => togglePicked(p, byId.get(id)?.branchId ?? MAIN));

  return (
    <div
      // min-h: a frame that is not a fixed-height flex column (the share page) still gives the panes room.
      className="tg-session flex min-h-[30rem] flex-1 flex-col outline-none"
      onKeyDown={(e) =>
        onSessionKey(e, {
          step: folds.step,
          selection,
          tab,
          setTab,
          toggleFollow: () => setFollow((f) => !f),
          jump: overview.jump,
          readOnly,
          pickLine,
        })
      }
      tabIndex={0}
      aria-label="Session review"
    >
      <SessionHeader
        session={s}
        connector={outline.data.connector}
        thoughtCount={thoughts.length}
        resultsWithCalls={folds.callOf.size}
        branches={layout.lanes.size - 1}
        liveState={liveState}
        folded={folded.collapsed}
        follow={follow}
        onFollow={setFollow}
        minimap={minimap}
        onMinimap={setMinimap}
        overview={showOverview}
        onOverview={setShowOverview}
        readOnly={readOnly}
      />
      {thoughts.length === 0 ? (
        <p className="p-6 text-sm text-muted-foreground">
          This session has no thoughts yet; they appear here as the agent writes them.
        </p>
      ) : (
        <SessionPanes
          graph={
            <div className="relative h-full">
              <LazyThoughtGraph
                folded={folded}
                thoughts={byId}
                scoreChips={scoreChips}
                reasoning={graphReasoning}
                selectedId={selectedId}
                center={selection.center}
                onSelect={select}
                minimap={minimap}
                compareHref={readOnly ? undefined : toCompare}
                picked={picked}
                onPicked={setPicked}
                viewRows={overview.viewRows}
                overlayRight={overview.element ? OVERVIEW_WIDTH : 0}
                resultsOf={folds.resultsOf}
                branches={folds.branches}
                onToggleBranch={folds.toggleBranch}
              />
              {overview.element}
            </div>
          }
          transcript={
            transcriptNow ? (
              <Transcript
                sessionId={s.id}
                folds={folds}
                selectedId={selectedId}
                onSelect={select}
                scrollTo={selection.scrollTo}
                anchors={anchors}
              />
            ) : null
          }
          side={
            <SidePanel
              sessionId={s.id}
              tab={tab}
              onTab={setTab}
              selectedId={selectedId}
              onSelect={selectByKeyboard}
              layout={layout}
              thoughts={byId}
              readOnly={readOnly}
              anchors={anchors}
              results={selectedId ? folds.resultsOf.get(selectedId) : undefined}
            />
          }
        />
      )}
    </div>
  );
}
