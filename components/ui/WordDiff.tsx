"use client";
// A word-level diff, before → after, as marked-up text (insertions and deletions are <ins>/<del> around plain text).
import { memo, useMemo } from "react";
import { wordDiff } from "@/lib/diff/word-diff";

export const WordDiff = memo(function WordDiff({ before, after }: { before: string; after: string }) {
  const parts = useMemo(() => wordDiff(before, after), [before, after]);
  const changed = parts.some((p) => p.op !== "equal");
  return (
    <div className="tg-diff" data-testid="word-diff">
      {changed ? null : <p className="muted">The texts are identical.</p>}
      {parts.map((p, i) =>
        p.op === "equal" ? (
          <span key={i}>{p.text}</span>
        ) : p.op === "insert" ? (
          <ins key={i}>{p.text}</ins>
        ) : (
          <del key={i}>{p.text}</del>
        ),
      )}
    </div>
  );
});
