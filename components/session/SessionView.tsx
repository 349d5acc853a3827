"use client";
// The session review screen: graph and transcript side by side, the detail panel, branch comparison, live updates
// with follow mode, keyboard navigation, and exports. The selected thought lives in the URL (?thought=).
import { useQuery } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { ReactFlowProvider } from "@xyflow/react";
import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { OutlineThought } from "@/lib/contracts/dashboard";
import type { ThoughtView } from "@/lib/contracts/session";
import { COLLAPSE_AT, foldGraph } from "@/lib/graph/collapse";
import { toOutline } from "@/lib/graph/outline";
import { ThoughtGraph } from "@/components/graph/ThoughtGraph";
import { Transcript } from "@/components/transcript/Transcript";
import { COMMENT_ON_SELECTION_ID, CommentsSection } from "@/components/comments/CommentsSection";
import { chipOf } from "@/components/scoring/score-format";
import { ScoresSection } from "@/components/scoring/ScoresSection";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { LIVE_WORDS } from "@/components/ui/live-words";
import { BranchCompare } from "./BranchCompare";
import { DetailPanel } from "./DetailPanel";
import { ExportMenu } from "./ExportMenu";
import { ShareMenu } from "./ShareMenu";
import { useCommentAnchors } from "./useCommentAnchors";
import { useLayout } from "./useLayout";

/** `readOnly`: the share page — no exports of the data and no share management. */
export function SessionView({ sessionId, readOnly = false }: { sessionId: string; readOnly?: boolean }) {
  const trpc = useTRPC();
  const pathname = usePathname();
  const search = useSearchParams();
  const selectedId = search.get("thought");
  const outline = useQuery(trpc.sessions.outline.queryOptions({ id: sessionId }, { staleTime: Infinity }));
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
  const [live, setLive] = useState<OutlineThought[]>([]);
  const [unsure, setUnsure] = useState(false);
  const loadedSeq = outline.data ? (outline.data.thoughts.at(-1)?.seq ?? 0) : null;
  const [follow, setFollow] = useState(false);
  const [center, setCenter] = useState<{ id: string; key: number } | null>(null);
  const [scrollTo, setScrollTo] = useState<{ id: string; key: number } | null>(null);
  const followRef = useRef(follow);
  followRef.current = follow;

  // The selection lives in the URL. history.replaceState (which Next keeps in step with useSearchParams) rather than
  // router.replace: the latter made a server round trip per keypress (100-500 ms measured by bench:ui).
  const select = useCallback(
    (id: string, how: "pointer" | "keyboard" | "follow" = "pointer") => {
      const params = new URLSearchParams(window.location.search);
      params.set("thought", id);
      window.history.replaceState(null, "", `${pathname}?${params.toString()}`);
      if (how !== "pointer") setCenter({ id, key: Date.now() });
      setScrollTo({ id, key: Date.now() });
    },
    [pathname],
  );

  const subscription = useSubscription(
    trpc.sessions.onThought.subscriptionOptions(
      { sessionId: outline.data?.session.id ?? sessionId, lastEventId: String(loadedSeq ?? 0) },
      {
        enabled: loadedSeq !== null,
        onData: (event) => {
          // Between thoughts the server may say it cannot be sure it is up to date (its database link is down).
          if ("liveStatus" in event.data) return setUnsure(event.data.liveStatus === "reconnecting");
          const t = toOutline(event.data as ThoughtView);
          setLive((prev) => (prev.some((p) => p.seq === t.seq) ? prev : [...prev, t]));
          if (followRef.current) select(t.id, "follow");
        },
      },
    ),
  );

  const thoughts = useMemo(() => {
    const base = outline.data?.thoughts ?? [];
    const last = base.at(-1)?.seq ?? 0;
    const extra = live.filter((t) => t.seq > last).sort((a, b) => a.seq - b.seq);
    return extra.length > 0 ? [...base, ...extra] : base;
  }, [outline.data, live]);
  const byId = useMemo(() => new Map(thoughts.map((t) => [t.id, t])), [thoughts]);
  const layout = useLayout(thoughts);
  const newestId = thoughts.at(-1)?.id ?? null;
  // Only a folded graph depends on the focus; below COLLAPSE_AT the selection must not rebuild the graph.
  const foldsByFocus = thoughts.length > COLLAPSE_AT;
  const focusA = foldsByFocus ? selectedId : null;
  const focusB = foldsByFocus ? newestId : null;
  const folded = useMemo(
    () => (layout ? foldGraph(layout, byId, [focusA, focusB]) : null),
    [layout, byId, focusA, focusB],
  );

  // Open on the thought in the URL, or on the newest one, once the first layout is ready.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !layout || layout.nodes.length === 0) return;
    opened.current = true;
    const target = selectedId && byId.has(selectedId) ? selectedId : newestId;
    if (target) {
      setCenter({ id: target, key: Date.now() });
      setScrollTo({ id: target, key: Date.now() });
    }
  }, [layout, byId, selectedId, newestId]);

  const [tab, setTab] = useState<"detail" | "compare" | "session" | "comments">("detail");
  const onKeyDown = (e: React.KeyboardEvent) => {
    const target = e.target as HTMLElement;
    if (target.closest("input, select, textarea")) return;
    // Enter on a button or link (e.g. a score form's Save) activates it rather than jumping to the detail panel.
    if (e.key === "Enter" && target.closest("button, a")) return;
    const index = selectedId ? thoughts.findIndex((t) => t.id === selectedId) : -1;
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
    } else if (e.key === "f") setFollow((f) => !f);
    else if (e.key === "c" && !readOnly && selectedId && !e.metaKey && !e.ctrlKey && !e.altKey) {
      // Comment on the phrase selected in the detail panel's text (or just open the comment box).
      e.preventDefault();
      if (tab !== "detail") setTab("detail");
      else document.getElementById(COMMENT_ON_SELECTION_ID)?.click();
    }
  };

  if (outline.isPending)
    return (
      <p className="muted" aria-busy="true">
        Loading session…
      </p>
    );
  if (outline.isError) return <p role="alert">Could not load this session: {outline.error.message}</p>;
  const s = outline.data.session;

  return (
    <div className="tg-session" onKeyDown={onKeyDown} tabIndex={0} aria-label="Session review">
      <header className="tg-session-head">
        <div>
          <h1>{s.title ?? "Untitled session"}</h1>
          <p className="muted">
            <span data-testid="session-status">{s.status}</span> · {s.agent ?? "unknown agent"}
            {s.model ? ` · ${s.model}` : ""} · <span data-testid="thought-count">{thoughts.length}</span> thoughts ·{" "}
            {layout ? layout.lanes.size - 1 : 0} branches · live:{" "}
            <span data-testid="live-status">{unsure ? "reconnecting…" : LIVE_WORDS[subscription.status]}</span>
            {folded?.collapsed ? " · large session: quiet runs and inactive branches are folded" : ""}
          </p>
        </div>
        <div className="tg-toolbar">
          <label title="Keep the newest thought selected and in view (f)">
            <input type="checkbox" checked={follow} onChange={(e) => setFollow(e.target.checked)} /> Follow
          </label>
          <ExportMenu sessionId={s.id} imagesOnly={readOnly} />
          {readOnly ? null : <ShareMenu sessionId={s.id} />}
        </div>
      </header>
      {thoughts.length === 0 ? (
        <p className="muted">This session has no thoughts yet; they appear here as the agent writes them.</p>
      ) : (
        <div className="tg-panes">
          <ReactFlowProvider>
            {folded ? (
              <ThoughtGraph
                folded={folded}
                thoughts={byId}
                scoreChips={scoreChips}
                selectedId={selectedId}
                center={center}
                onSelect={select}
              />
            ) : (
              <div className="tg-graph muted">Laying out {thoughts.length} thoughts…</div>
            )}
          </ReactFlowProvider>
          <Transcript
            sessionId={s.id}
            thoughts={thoughts}
            selectedId={selectedId}
            onSelect={select}
            scrollTo={scrollTo}
            anchors={anchors}
          />
          <div className="tg-side">
            <div role="tablist" aria-label="Side panel">
              <button type="button" role="tab" aria-selected={tab === "detail"} onClick={() => setTab("detail")}>
                Detail
              </button>
              <button type="button" role="tab" aria-selected={tab === "compare"} onClick={() => setTab("compare")}>
                Compare branches
              </button>
              {readOnly ? null : (
                <button type="button" role="tab" aria-selected={tab === "session"} onClick={() => setTab("session")}>
                  Session scores
                </button>
              )}
              {readOnly ? null : (
                <button type="button" role="tab" aria-selected={tab === "comments"} onClick={() => setTab("comments")}>
                  Session comments
                </button>
              )}
            </div>
            {tab === "detail" ? (
              <DetailPanel thoughtId={selectedId} onSelect={(id) => select(id, "keyboard")} scoring={!readOnly} />
            ) : tab === "session" ? (
              <aside className="tg-detail" aria-label="Session scores">
                <ScoresSection sessionId={s.id} thoughtId={null} />
              </aside>
            ) : tab === "comments" ? (
              <aside className="tg-detail" aria-label="Session comments">
                <CommentsSection sessionId={s.id} thoughtId={null} />
              </aside>
            ) : layout ? (
              <BranchCompare layout={layout} thoughts={byId} onSelect={(id) => select(id, "keyboard")} />
            ) : null}
          </div>
        </div>
      )}
    </div>
  );
}
