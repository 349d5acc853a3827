"use client";
// What the graph and the transcript fold of a session, shared by both: tool results into their calls
// (lib/graph/tool-results.ts), and the branches the reader folds (lib/graph/fold-branches.ts), with the rows the
// keyboard moves through.
import { useCallback, useMemo, useState } from "react";
import type { OutlineThought } from "@/lib/contracts/dashboard";
import { describeBranches, hiddenLanes, transcriptEntries } from "@/lib/graph/fold-branches";
import { foldToolResults } from "@/lib/graph/tool-results";
import type { TranscriptFolds } from "@/components/transcript/Transcript";

export interface SessionFolds extends TranscriptFolds {
  /** The thoughts drawn: all but the results folded into their calls. */
  rows: readonly OutlineThought[];
  /** Each hidden branch with the folded branch it is hidden under. */
  hidden: ReadonlyMap<string, string>;
  /** The thought a selection shows as: a folded result's call, or the thought itself. */
  shownAs: (id: string) => string;
  /** The thought `delta` rows away from `id` in the transcript's rows (a folded branch counts as one row). */
  step: (id: string | null, delta: number) => string | null;
}

const NONE: ReadonlySet<string> = new Set();

export function useSessionFolds(thoughts: readonly OutlineThought[]): SessionFolds {
  const tools = useMemo(() => foldToolResults(thoughts), [thoughts]);
  const [folded, setFolded] = useState<ReadonlySet<string>>(NONE);
  const toggleBranch = useCallback((key: string) => {
    setFolded((prev) => {
      const next = new Set(prev);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }, []);
  const branches = useMemo(() => describeBranches(tools.rows), [tools.rows]);
  const hidden = useMemo(() => hiddenLanes(tools.rows, folded), [tools.rows, folded]);
  const { entries, indexOf } = useMemo(() => {
    const t = transcriptEntries(tools.rows, hidden);
    // A folded result is shown on its call's row.
    for (const [result, call] of tools.callOf) {
      const at = t.indexOf.get(call);
      if (at !== undefined) t.indexOf.set(result, at);
    }
    return t;
  }, [tools, hidden]);
  const shownAs = useCallback((id: string) => tools.callOf.get(id) ?? id, [tools.callOf]);
  const step = useCallback(
    (id: string | null, delta: number) => {
      const at = id === null ? -1 : (indexOf.get(id) ?? -1);
      const next = entries[Math.min(entries.length - 1, Math.max(0, at < 0 ? 0 : at + delta))];
      if (!next) return null;
      return next.type === "thought" ? next.thought.id : next.first.id;
    },
    [entries, indexOf],
  );
  return {
    rows: tools.rows,
    resultsOf: tools.resultsOf,
    callOf: tools.callOf,
    entries,
    indexOf,
    branches,
    hidden,
    toggleBranch,
    shownAs,
    step,
  };
}
