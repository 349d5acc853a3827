"use client";
// Everything about the selected thought: full text, metadata, flags in words, its links, and its revision chain (the
// thoughts it revises or that revise it and the versions revise_thought kept) with a block diff per step.
import { useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { describeFlag } from "@/lib/domain/flags";
import type { CommentAnchor } from "@/lib/contracts/comments";
import { AnchoredMarkdown } from "@/components/comments/AnchoredMarkdown";
import { CommentsSection } from "@/components/comments/CommentsSection";
import { ScoresSection } from "@/components/scoring/ScoresSection";
import { RevisionHistory } from "@/components/diff/RevisionHistory";
import { ThoughtAssessments } from "@/components/reasoning/ThoughtAssessments";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { ChevronRight } from "lucide-react";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/Collapsible";
import { LongText } from "@/components/ui/LongText";
import { Markdown } from "@/components/ui/Markdown";
import { RelativeTime } from "@/components/ui/RelativeTime";
import { Skeleton } from "@/components/ui/Skeleton";
import { detailLine, KindChip } from "@/components/transcript/ThoughtKind";
import type { OutlineThought } from "@/lib/contracts/dashboard";
import { ToolCallResults } from "./ToolCallResults";

/** `scoring`: the dashboard's own user may score and comment (not a share-link visitor). */
export function DetailPanel({
  thoughtId,
  onSelect,
  scoring = false,
  results,
  anchors,
}: {
  thoughtId: string | null;
  onSelect: (id: string) => void;
  scoring?: boolean;
  /** A tool call's results, folded into it (components/session/useSessionFolds.ts). */
  results?: readonly OutlineThought[];
  /** Per thought id, the phrases of open comment threads: highlighted here as in the transcript. */
  anchors?: ReadonlyMap<string, readonly CommentAnchor[]>;
}) {
  const trpc = useTRPC();
  const detail = useQuery({
    ...trpc.sessions.thoughtDetail.queryOptions({ id: thoughtId ?? "" }),
    enabled: thoughtId !== null,
  });
  const textRef = useRef<HTMLDivElement>(null);

  if (thoughtId === null) {
    return (
      <aside className={PANEL} aria-label="Thought detail" tabIndex={-1} id="thought-detail">
        <p className="text-sm text-muted-foreground">
          Select a thought in the graph or the transcript (j/k or arrow keys move, Enter opens).
        </p>
      </aside>
    );
  }
  if (detail.isPending) {
    return (
      <aside className={PANEL} aria-label="Thought detail" aria-busy="true" tabIndex={-1} id="thought-detail">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-16 w-full" />
      </aside>
    );
  }
  if (detail.isError) {
    return (
      <aside className={PANEL} aria-label="Thought detail" tabIndex={-1} id="thought-detail">
        <p role="alert" className="text-sm text-destructive">
          Could not load this thought: {detail.error.message}
        </p>
      </aside>
    );
  }
  const { thought: t, revisedBy, versions } = detail.data;
  // A revision, a revised thought or one edited by revise_thought: its chain of texts, what changed first.
  const history = t.revisesThoughtId !== null || revisedBy.length > 0 || versions.length > 0;
  const related = t.revisesThoughtId !== null || t.branchFromThoughtId !== null || revisedBy.length > 0;
  return (
    <aside className={PANEL} aria-label="Thought detail" tabIndex={-1} id="thought-detail">
      <header className="flex flex-col gap-1.5">
        <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
          Thought {t.thoughtNumber}/{t.totalThoughts}
          {t.branchId ? (
            // A sub-agent's branch id runs to 40 characters: cut inside the panel, whole in the title.
            <Badge variant="secondary" className="block max-w-full min-w-0 shrink truncate" title={t.branchId}>
              branch {t.branchId}
            </Badge>
          ) : null}
          {t.stage ? <Badge variant="outline">{t.stage}</Badge> : null}
          {t.version > 1 ? <Badge variant="outline">edited · v{t.version}</Badge> : null}
          {t.kind ? <KindChip kind={t.kind} className="text-xs" /> : null}
        </h2>
        <p className="text-xs text-muted-foreground">
          #{t.seq} · <RelativeTime at={t.createdAt} /> · {t.source}
          {t.score !== null ? ` · self-score ${t.score}` : ""}
          {t.detail ? detailLine(t.detail as Record<string, unknown>) : ""}
        </p>
        {related ? (
          <nav className="flex flex-wrap gap-1.5" aria-label="Related thoughts">
            {t.revisesThoughtId ? (
              <Button variant="outline" size="sm" onClick={() => onSelect(t.revisesThoughtId!)}>
                Revises thought {t.revisesThought}
              </Button>
            ) : null}
            {t.branchFromThoughtId ? (
              <Button variant="outline" size="sm" onClick={() => onSelect(t.branchFromThoughtId!)}>
                Branches from thought {t.branchFromThought}
              </Button>
            ) : null}
            {revisedBy.map((r) => (
              <Button key={r.id} variant="outline" size="sm" onClick={() => onSelect(r.id)}>
                Revised by thought {r.thoughtNumber} (#{r.seq})
              </Button>
            ))}
          </nav>
        ) : null}
      </header>
      {t.flags.length > 0 ? (
        <ul
          className="flex flex-col gap-1 rounded-md border border-graph-node-flagged/50 bg-graph-node-flagged/10 px-3 py-2 text-sm"
          aria-label="Flags"
        >
          {t.flags.map((f) => (
            <li key={f}>⚠ {describeFlag(f)}</li>
          ))}
        </ul>
      ) : null}
      <ThoughtAssessments sessionId={t.sessionId} thoughtId={t.id} />
      {/* For a revision or an edited thought, what changed comes first. */}
      {history ? <RevisionHistory thoughtId={t.id} onSelect={onSelect} /> : null}
      <section className="flex flex-col gap-2">
        <h3 className={H3}>Text</h3>
        <div ref={textRef} data-testid="thought-text">
          <LongText
            id={t.id}
            text={t.text}
            scroll
            render={(text) =>
              anchors?.has(t.id) ? (
                <AnchoredMarkdown text={text} anchors={anchors.get(t.id)!} />
              ) : (
                <Markdown text={text} />
              )
            }
          />
        </div>
      </section>
      {t.kind === "tool_call" ? <ToolCallResults results={results ?? []} /> : null}
      {scoring ? <ScoresSection sessionId={t.sessionId} thoughtId={t.id} /> : null}
      {scoring ? <CommentsSection sessionId={t.sessionId} thoughtId={t.id} textRef={textRef} text={t.text} /> : null}
      <Collapsible className="flex flex-col gap-2">
        <CollapsibleTrigger className="group flex cursor-pointer items-center gap-1 self-start rounded-sm text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50">
          <ChevronRight className="size-4 transition-transform group-data-[state=open]:rotate-90" aria-hidden />
          Details
        </CollapsibleTrigger>
        <CollapsibleContent className="flex flex-col gap-2">
          <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Arrived</dt>
            <dd>
              #{t.seq} at <time dateTime={t.createdAt}>{t.createdAt.replace("T", " ").slice(0, 19)}</time>
            </dd>
            {t.tags.length > 0 ? (
              <>
                <dt className="text-muted-foreground">Tags</dt>
                <dd>{t.tags.join(", ")}</dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">Next thought needed</dt>
            <dd>{t.nextThoughtNeeded ? "yes" : "no"}</dd>
            <dt className="text-muted-foreground">Source</dt>
            <dd>
              {t.source}
              {t.version > 1 ? ` · edited, version ${t.version}` : ""}
            </dd>
          </dl>
          {t.metadata ? (
            <>
              <h3 className={H3}>Metadata</h3>
              <pre className="tg-code overflow-x-auto rounded-md bg-muted px-3 py-2 font-mono text-xs">
                {JSON.stringify(t.metadata, null, 2)}
              </pre>
            </>
          ) : null}
        </CollapsibleContent>
      </Collapsible>
    </aside>
  );
}

const PANEL = "tg-detail flex flex-col gap-4 p-4 outline-none";
const H3 = "text-sm font-semibold text-muted-foreground";
