"use client";
// One claimed item on the review screen: the session's transcript, the selected thought's detail (score forms,
// comments anchored to a selected phrase) or the whole session's, the queue's configs with my current value, and the
// keys. Number keys score the active config on the target through scores.upsertMine; `c` uses the comment box of
// components/comments (on the selected phrase when there is one).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import type { ClaimedItem, QueueDetail } from "@/lib/contracts/queues";
import { keyHint, scoreForKey } from "@/lib/queues/review-keys";
import { COMMENT_ON_SELECTION_ID, CommentsSection } from "@/components/comments/CommentsSection";
import { scoreValueText } from "@/components/scoring/score-format";
import { errorText } from "@/components/ui/error-text";
import { ScoresSection } from "@/components/scoring/ScoresSection";
import { DetailPanel } from "@/components/session/DetailPanel";
import { useCommentAnchors } from "@/components/session/useCommentAnchors";
import { Transcript } from "@/components/transcript/Transcript";
import { useTRPC } from "@/components/trpc/TrpcProvider";

type Target = "thought" | "session";

const isTyping = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || el.closest("input, textarea, select") !== null);

export function ItemReview({
  item,
  queue,
  onFinish,
  onSkip,
}: {
  item: ClaimedItem;
  queue: QueueDetail;
  onFinish: () => void;
  onSkip: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sessionId = item.sessionId;
  const outline = useQuery(trpc.sessions.outline.queryOptions({ id: sessionId }, { staleTime: Infinity }));
  const scores = useQuery(trpc.scores.ofSession.queryOptions({ sessionId }));
  const anchors = useCommentAnchors(sessionId);
  const save = useMutation(
    trpc.scores.upsertMine.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.scores.pathKey() }),
    }),
  );
  const [picked, setPicked] = useState<string | null>(null);
  const [scrollTo, setScrollTo] = useState<{ id: string; key: number } | null>(null);
  const [target, setTarget] = useState<Target>("thought");
  const [configIndex, setConfigIndex] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);

  const thoughts = useMemo(() => outline.data?.thoughts ?? [], [outline.data]);
  const selectedId = picked ?? thoughts[0]?.id ?? null;
  const configs = queue.configs.filter((c) => c.archivedAt === null);
  const config = configs[configIndex % Math.max(1, configs.length)];
  const onTarget = target === "session" ? null : selectedId;
  const mine = new Map(
    (scores.data?.scores ?? []).filter((s) => s.mine && s.thoughtId === onTarget).map((s) => [s.configId, s]),
  );
  const selectedNumber = thoughts.find((t) => t.id === selectedId)?.thoughtNumber;
  const targetWords = target === "session" ? "the session" : `thought ${selectedNumber ?? "?"}`;

  const select = (id: string) => {
    setPicked(id);
    setScrollTo({ id, key: Date.now() });
  };

  const scoreWith = (digit: number) => {
    if (!config) return;
    const got = scoreForKey(config, digit);
    if (!got.ok) return setNotice(got.message);
    const on = target === "session" || selectedId === null ? { sessionId } : { thoughtId: selectedId };
    save.mutate(
      { ...on, configId: config.id, value: got.value },
      { onSuccess: () => setNotice(`${config.name}: ${got.words} on ${targetWords}.`) },
    );
  };

  // Keys work anywhere on the screen except while typing in a field.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target) || e.metaKey || e.ctrlKey || e.altKey) return;
      const index = selectedId ? thoughts.findIndex((t) => t.id === selectedId) : -1;
      const move = (delta: number) => {
        const next = thoughts[Math.min(thoughts.length - 1, Math.max(0, index + delta))];
        if (next) select(next.id);
      };
      const handled = (() => {
        if (e.key === "j" || e.key === "ArrowDown") move(1);
        else if (e.key === "k" || e.key === "ArrowUp") move(-1);
        else if (/^[0-9]$/.test(e.key)) scoreWith(Number(e.key));
        else if (e.key === "]") setConfigIndex((i) => (i + 1) % Math.max(1, configs.length));
        else if (e.key === "[") setConfigIndex((i) => (i - 1 + configs.length) % Math.max(1, configs.length));
        else if (e.key === "s") setTarget((t) => (t === "thought" ? "session" : "thought"));
        else if (e.key === "c") {
          // On a thought: the comment box takes the phrase selected in its text (or the whole thought).
          if (target === "thought") document.getElementById(COMMENT_ON_SELECTION_ID)?.click();
          else document.getElementById("comment-box-session")?.focus();
        } else if (e.key === "f") onFinish();
        else if (e.key === "x") onSkip();
        else return false;
        return true;
      })();
      if (handled) e.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  });

  if (outline.isError) return <p role="alert">Could not load this session: {outline.error.message}</p>;
  if (!outline.data) return <p className="muted">Loading session…</p>;
  return (
    <>
      <div className="tg-review-configs" aria-label="Score configs of this queue">
        <span className="muted tg-small">
          Scoring <strong data-testid="review-target">{targetWords}</strong> (s switches):
        </span>
        {configs.map((c, i) => {
          const score = mine.get(c.id);
          return (
            <span
              key={c.id}
              className={`tg-review-config${c.id === config?.id ? " is-active" : ""}`}
              data-testid="review-config"
              data-active={c.id === config?.id ? "true" : "false"}
            >
              <button type="button" className="tg-link" onClick={() => setConfigIndex(i)}>
                {c.name}
              </button>{" "}
              <span className="muted tg-small">{keyHint(c)}</span>{" "}
              <strong data-testid="review-config-value">{score ? scoreValueText(score) : "—"}</strong>
            </span>
          );
        })}
      </div>
      {save.error ? <p role="alert">{errorText(save.error)}</p> : null}
      {notice ? (
        <p role="status" className="tg-small" data-testid="review-notice">
          {notice}
        </p>
      ) : null}
      <div className="tg-review-panes">
        {thoughts.length === 0 ? (
          <p className="muted">This session has no thoughts; score the session itself (s).</p>
        ) : (
          <Transcript
            sessionId={sessionId}
            thoughts={thoughts}
            selectedId={selectedId}
            onSelect={select}
            scrollTo={scrollTo}
            anchors={anchors}
          />
        )}
        <div className="tg-side">
          {target === "thought" && selectedId !== null ? (
            <DetailPanel thoughtId={selectedId} onSelect={select} scoring />
          ) : (
            <aside className="tg-detail" aria-label="Session review">
              <ScoresSection sessionId={sessionId} thoughtId={null} />
              <CommentsSection sessionId={sessionId} thoughtId={null} />
            </aside>
          )}
        </div>
      </div>
      <details className="tg-review-keys" open>
        <summary>Keys</summary>
        <dl>
          <dt>j / ↓, k / ↑</dt>
          <dd>next, previous thought</dd>
          <dt>1–9, 0</dt>
          <dd>score the active config ([ and ] switch it) on the thought, or the session (s switches)</dd>
          <dt>c</dt>
          <dd>comment: on the phrase selected in the thought&apos;s text, else on the thought</dd>
          <dt>f</dt>
          <dd>finish this item and take the next</dd>
          <dt>x</dt>
          <dd>skip it (you will not get it again)</dd>
        </dl>
      </details>
    </>
  );
}
