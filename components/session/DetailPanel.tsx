"use client";
// Everything about the selected thought: full text, metadata, flags in words, its links, and word-level diffs
// against the thought it revises and between the versions revise_thought kept.
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { describeFlag } from "@/lib/domain/flags";
import { CommentsSection } from "@/components/comments/CommentsSection";
import { ScoresSection } from "@/components/scoring/ScoresSection";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Markdown } from "@/components/ui/Markdown";
import { WordDiff } from "@/components/ui/WordDiff";

/** `scoring`: the dashboard's own user may score and comment (not a share-link visitor). */
export function DetailPanel({
  thoughtId,
  onSelect,
  scoring = false,
}: {
  thoughtId: string | null;
  onSelect: (id: string) => void;
  scoring?: boolean;
}) {
  const trpc = useTRPC();
  const detail = useQuery({
    ...trpc.sessions.thoughtDetail.queryOptions({ id: thoughtId ?? "" }),
    enabled: thoughtId !== null,
  });
  const [versionA, setVersionA] = useState<number | null>(null);
  const textRef = useRef<HTMLDivElement>(null);

  if (thoughtId === null) {
    return (
      <aside className="tg-detail" aria-label="Thought detail" tabIndex={-1} id="thought-detail">
        <p className="muted">Select a thought in the graph or the transcript (j/k or arrow keys move, Enter opens).</p>
      </aside>
    );
  }
  if (detail.isPending) {
    return (
      <aside className="tg-detail" aria-label="Thought detail" aria-busy="true" tabIndex={-1} id="thought-detail">
        <p className="muted">Loading…</p>
      </aside>
    );
  }
  if (detail.isError) {
    return (
      <aside className="tg-detail" aria-label="Thought detail" tabIndex={-1} id="thought-detail">
        <p role="alert">Could not load this thought: {detail.error.message}</p>
      </aside>
    );
  }
  const { thought: t, revises, revisedBy, versions } = detail.data;
  const older = versions.find((v) => v.version === versionA) ?? versions[versions.length - 1];
  return (
    <aside className="tg-detail" aria-label="Thought detail" tabIndex={-1} id="thought-detail">
      <h2>
        Thought {t.thoughtNumber}/{t.totalThoughts}
        {t.branchId ? <span className="tg-chip">branch {t.branchId}</span> : null}
      </h2>
      <dl className="tg-meta">
        <dt>Arrived</dt>
        <dd>
          #{t.seq} at <time dateTime={t.createdAt}>{t.createdAt.replace("T", " ").slice(0, 19)}</time>
        </dd>
        {t.stage ? (
          <>
            <dt>Stage</dt>
            <dd>{t.stage}</dd>
          </>
        ) : null}
        {t.tags.length > 0 ? (
          <>
            <dt>Tags</dt>
            <dd>{t.tags.join(", ")}</dd>
          </>
        ) : null}
        {t.score !== null ? (
          <>
            <dt>Agent's self-score</dt>
            <dd>{t.score}</dd>
          </>
        ) : null}
        <dt>Next thought needed</dt>
        <dd>{t.nextThoughtNeeded ? "yes" : "no"}</dd>
        <dt>Source</dt>
        <dd>
          {t.source}
          {t.version > 1 ? ` · edited, version ${t.version}` : ""}
        </dd>
      </dl>
      {t.flags.length > 0 ? (
        <ul className="tg-flags" aria-label="Flags">
          {t.flags.map((f) => (
            <li key={f}>⚠ {describeFlag(f)}</li>
          ))}
        </ul>
      ) : null}
      <nav className="tg-links" aria-label="Related thoughts">
        {t.revisesThoughtId ? (
          <button type="button" onClick={() => onSelect(t.revisesThoughtId!)}>
            Revises thought {t.revisesThought}
          </button>
        ) : null}
        {t.branchFromThoughtId ? (
          <button type="button" onClick={() => onSelect(t.branchFromThoughtId!)}>
            Branches from thought {t.branchFromThought}
          </button>
        ) : null}
        {revisedBy.map((r) => (
          <button key={r.id} type="button" onClick={() => onSelect(r.id)}>
            Revised by thought {r.thoughtNumber} (#{r.seq})
          </button>
        ))}
      </nav>
      <h3>Text</h3>
      <div ref={textRef} data-testid="thought-text">
        <Markdown text={t.text} />
      </div>
      {scoring ? <ScoresSection sessionId={t.sessionId} thoughtId={t.id} /> : null}
      {scoring ? <CommentsSection sessionId={t.sessionId} thoughtId={t.id} textRef={textRef} text={t.text} /> : null}
      {t.metadata ? (
        <>
          <h3>Metadata</h3>
          <pre className="tg-code">{JSON.stringify(t.metadata, null, 2)}</pre>
        </>
      ) : null}
      {revises ? (
        <>
          <h3>Change from thought {revises.thoughtNumber}</h3>
          <WordDiff before={revises.text} after={t.text} />
        </>
      ) : null}
      {versions.length > 0 && older ? (
        <>
          <h3>Edits</h3>
          <label>
            Compare the current text with version{" "}
            <select
              value={older.version}
              onChange={(e) => setVersionA(Number(e.target.value))}
              aria-label="Earlier version"
            >
              {versions.map((v) => (
                <option key={v.version} value={v.version}>
                  {v.version} ({v.createdAt.slice(0, 19).replace("T", " ")})
                </option>
              ))}
            </select>
          </label>
          <WordDiff before={older.text} after={t.text} />
        </>
      ) : null}
    </aside>
  );
}
