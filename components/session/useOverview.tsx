"use client";
// The session overview's data and jumps: the overview model (lib/graph/overview.ts) from the layout, the health marks
// of reasoning.session and the low review scores (a mean in the lowest third of its config's range); the strip itself
// mounts a task after the graph (it is not part of the first view's work) and only for sessions of OVERVIEW_AT or more.
import { useQuery } from "@tanstack/react-query";
import { useMemo, useRef, type ReactNode } from "react";
import type { OutlineThought } from "@/lib/contracts/dashboard";
import type { ThoughtScoreChips } from "@/lib/contracts/scores";
import type { Folded } from "@/lib/graph/collapse";
import type { Layout } from "@/lib/graph/layout";
import { jumpTargets, nextIn, overviewModel, thoughtNumbered, type JumpKind } from "@/lib/graph/overview";
import { SessionOverview } from "@/components/overview/SessionOverview";
import { ViewRowsStore } from "@/components/overview/view-rows";
import { useSessionReasoning } from "@/components/reasoning/useSessionReasoning";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { useNextTask } from "@/components/ui/next-task";
import type { Selection } from "./useSelection";

/** Sessions smaller than this open whole in the graph: a strip would only repeat it. */
export const OVERVIEW_AT = 40;
const NONE = new Set<never>();

export function useOverview({
  sessionId,
  thoughts,
  layout,
  folded,
  selection,
  chips,
  enabled,
}: {
  sessionId: string | undefined;
  thoughts: readonly OutlineThought[];
  layout: Layout;
  folded: Folded;
  selection: Selection;
  chips: ThoughtScoreChips | undefined;
  enabled: boolean;
}): { element: ReactNode; viewRows: ViewRowsStore; jump: (kind: JumpKind, direction: 1 | -1) => void } {
  const trpc = useTRPC();
  const viewRows = useRef(new ViewRowsStore()).current;
  const reasoning = useSessionReasoning(sessionId ?? "", thoughts.length);
  const configs = useQuery({
    ...trpc.scores.configs.queryOptions(),
    enabled: chips !== undefined && chips.meanOf !== null,
  });
  const marks = useMemo(() => {
    const m = sessionId ? reasoning.data?.marks : undefined;
    const lowScores = new Set<string>();
    const config = configs.data?.find((c) => c.id === chips?.meanOf?.id);
    if (chips && config && config.min !== null && config.max !== null && config.max > config.min) {
      const low = config.min + (config.max - config.min) / 3;
      for (const c of chips.chips) if (c.mean !== null && c.mean <= low) lowScores.add(c.thoughtId);
    }
    return {
      loops: m ? new Set(m.loops) : NONE,
      stalls: m ? new Set(m.stalls) : NONE,
      abandonedBranches: m ? new Set(m.abandonedBranches) : NONE,
      lowScores,
    };
  }, [sessionId, reasoning.data, configs.data, chips]);
  const big = thoughts.length >= OVERVIEW_AT;
  const model = useMemo(
    () => (big && enabled ? overviewModel(layout, thoughts, marks) : null),
    [big, enabled, layout, thoughts, marks],
  );
  const targets = useMemo(() => jumpTargets(layout, thoughts, marks), [layout, thoughts, marks]);
  const later = useNextTask(model !== null);
  const pick = (id: string) => selection.select(id, "keyboard");
  const jump = (kind: JumpKind, direction: 1 | -1) => {
    const id = nextIn(thoughts, selection.current(), targets[kind], direction);
    if (id) pick(id);
  };
  const element =
    model && later ? (
      <SessionOverview
        model={model}
        layout={layout}
        folded={folded}
        selectedId={selection.selectedId}
        viewRows={viewRows}
        onPick={pick}
        onJump={jump}
        onGoTo={(n) => {
          const id = thoughtNumbered(thoughts, n);
          if (id) pick(id);
          return id !== null;
        }}
      />
    ) : null;
  return { element, viewRows, jump };
}
