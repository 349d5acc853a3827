"use client";
// One claimed item on the review screen: the session's transcript, the selected thought's detail (score forms,
// comments anchored to a selected phrase) or the whole session's, the queue's configs with my current value, and the
// keys. Number keys score the active config on the target through scores.upsertMine; `c` uses the comment box of
// components/comments (on the selected phrase when there is one). Layout: the transcript on the left and a side
// column with the queue's brief (its description, each config's description, keys and my value) above the detail;
// each column scrolls inside itself so the header's buttons stay in the window.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Keyboard } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import type { ClaimedItem, QueueDetail } from "@/lib/contracts/queues";
import { keyHint, scoreForKey } from "@/lib/queues/review-keys";
import { COMMENT_ON_SELECTION_ID, CommentsSection } from "@/components/comments/CommentsSection";
import { scoreValueText } from "@/components/scoring/score-format";
import { errorText } from "@/components/ui/error-text";
import { ScoresSection } from "@/components/scoring/ScoresSection";
import { DetailPanel } from "@/components/session/DetailPanel";
import { useCommentAnchors } from "@/components/session/useCommentAnchors";
import { useSessionFolds } from "@/components/session/useSessionFolds";
import { Transcript } from "@/components/transcript/Transcript";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { cn } from "@/components/ui/cn";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/Collapsible";
import { Kbd } from "@/components/ui/Kbd";
import { ownsKeys } from "@/components/ui/own-keys";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { ToggleGroup, ToggleGroupItem } from "@/components/ui/ToggleGroup";

type Target = "thought" | "session";

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
  const folds = useSessionFolds(thoughts);
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
      if (ownsKeys(e.target, e.key) || e.metaKey || e.ctrlKey || e.altKey) return;
      // Through the transcript's rows: a call with its folded results is one row, a folded branch another.
      const move = (delta: number) => {
        const next = folds.step(selectedId, delta);
        if (next) select(next);
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

  if (outline.isError) {
    return (
      <p role="alert" className="p-6 text-base text-destructive">
        Could not load this session: {outline.error.message}
      </p>
    );
  }
  if (!outline.data) return <SkeletonRows rows={8} className="p-6" label="Loading session" />;
  return (
    <div className="grid min-h-0 flex-1 grid-cols-1 md:grid-cols-[minmax(0,1fr)_minmax(360px,440px)]">
      <div className="min-h-0 overflow-hidden border-r [&>section]:h-full [&>section]:overflow-y-auto">
        {thoughts.length === 0 ? (
          <p className="p-6 text-sm text-muted-foreground">
            This session has no thoughts; score the session itself (s).
          </p>
        ) : (
          <Transcript
            sessionId={sessionId}
            folds={folds}
            selectedId={selectedId}
            onSelect={select}
            scrollTo={scrollTo}
            anchors={anchors}
          />
        )}
      </div>
      <div className="flex min-h-0 flex-col overflow-y-auto" tabIndex={0} role="region" aria-label="Scoring and detail">
        <section className="flex flex-col gap-3 border-b bg-muted/30 p-4" aria-label="Score configs of this queue">
          {queue.description ? (
            <p className="text-sm text-muted-foreground" data-testid="queue-description">
              {queue.description}
            </p>
          ) : null}
          <div className="flex items-center justify-between gap-2">
            <span className="text-sm text-muted-foreground">
              Scoring{" "}
              <strong className="font-medium text-foreground" data-testid="review-target">
                {targetWords}
              </strong>
            </span>
            <ToggleGroup
              type="single"
              size="sm"
              aria-label="Score target (s)"
              value={target}
              onValueChange={(v) => (v === "thought" || v === "session") && setTarget(v)}
            >
              <ToggleGroupItem value="thought">Thought</ToggleGroupItem>
              <ToggleGroupItem value="session">Session</ToggleGroupItem>
            </ToggleGroup>
          </div>
          <ul className="flex flex-col gap-1.5">
            {configs.map((c, i) => {
              const score = mine.get(c.id);
              const active = c.id === config?.id;
              return (
                <li
                  key={c.id}
                  data-testid="review-config"
                  data-active={active ? "true" : "false"}
                  className={cn(
                    "rounded-md border bg-background px-3 py-2 transition-colors",
                    active && "border-primary ring-2 ring-primary/20",
                  )}
                >
                  <div className="flex items-center gap-2">
                    <button
                      type="button"
                      className="cursor-pointer truncate text-left text-base font-medium outline-none hover:text-primary focus-visible:underline"
                      onClick={() => setConfigIndex(i)}
                      aria-pressed={active}
                    >
                      {c.name}
                    </button>
                    <span className="flex-1" />
                    <strong
                      data-testid="review-config-value"
                      className={cn("text-base tabular-nums", !score && "font-normal text-muted-foreground")}
                    >
                      {score ? scoreValueText(score) : "—"}
                    </strong>
                  </div>
                  {c.description ? <p className="mt-0.5 text-sm text-muted-foreground">{c.description}</p> : null}
                  <p className="mt-1 font-mono text-xs text-muted-foreground">{keyHint(c)}</p>
                </li>
              );
            })}
          </ul>
          {save.error ? (
            <p role="alert" className="text-sm text-destructive">
              {errorText(save.error)}
            </p>
          ) : null}
          {notice ? (
            <p role="status" className="text-sm" data-testid="review-notice">
              {notice}
            </p>
          ) : null}
          <Collapsible defaultOpen>
            <CollapsibleTrigger className="flex cursor-pointer items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground">
              <Keyboard className="size-4" aria-hidden />
              Keys
            </CollapsibleTrigger>
            <CollapsibleContent>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
                <dt className="flex gap-1">
                  <Kbd>j</Kbd>
                  <Kbd>k</Kbd>
                </dt>
                <dd className="text-muted-foreground">next, previous thought (or ↓ ↑)</dd>
                <dt className="flex gap-1">
                  <Kbd>1</Kbd>–<Kbd>9</Kbd>
                  <Kbd>0</Kbd>
                </dt>
                <dd className="text-muted-foreground">
                  score the active config on the target; <Kbd>[</Kbd> <Kbd>]</Kbd> switch config, <Kbd>s</Kbd> the
                  target
                </dd>
                <dt>
                  <Kbd>c</Kbd>
                </dt>
                <dd className="text-muted-foreground">comment on the selected phrase, else on the thought</dd>
                <dt>
                  <Kbd>f</Kbd>
                </dt>
                <dd className="text-muted-foreground">finish this item and take the next</dd>
                <dt>
                  <Kbd>x</Kbd>
                </dt>
                <dd className="text-muted-foreground">skip it (you will not get it again)</dd>
              </dl>
            </CollapsibleContent>
          </Collapsible>
        </section>
        <div className="min-w-0 flex-1">
          {target === "thought" && selectedId !== null ? (
            <DetailPanel thoughtId={selectedId} onSelect={select} scoring anchors={anchors} />
          ) : (
            <aside className="flex flex-col gap-4 p-4" aria-label="Session review">
              <ScoresSection sessionId={sessionId} thoughtId={null} />
              <CommentsSection sessionId={sessionId} thoughtId={null} />
            </aside>
          )}
        </div>
      </div>
    </div>
  );
}
