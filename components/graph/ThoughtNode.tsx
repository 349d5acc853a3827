"use client";
// Graph nodes, declared at module scope and memoized (React Flow re-renders a node only when its props change).
import { Handle, Position, type Node, type NodeHandle, type NodeProps } from "@xyflow/react";
import { ArrowLeftRight, ChevronsDownUp, ChevronsUpDown } from "lucide-react";
import Link from "next/link";
import { memo } from "react";
import { cn } from "@/components/ui/cn";
import { NodeBadges } from "@/components/reasoning/NodeBadges";
import { KindChip } from "@/components/transcript/ThoughtKind";
import { MAIN } from "@/lib/graph/compare-paths";
import type { NodeBadge } from "@/lib/graph/node-badges";
import { useBranchFold } from "./branch-fold-context";
import { useCompareHref } from "./compare-context";

export interface ThoughtNodeData extends Record<string, unknown> {
  id: string;
  number: number;
  total: number;
  stage: string | null;
  flags: number;
  score: number | null;
  preview: string;
  isRevision: boolean;
  branch: string | null;
  /** Review scores: the chip's text ("★ 4.5", "★ 3") and its words; null when the thought has none. */
  reviews: string | null;
  reviewsTitle: string | null;
  /** Metacognition results stored on the thought (bias, confidence); null when it has none. */
  badge: NodeBadge | null;
  /** An imported thought's kind (lib/normalised/model.ts); null for an agent's own thought. */
  kind: string | null;
  /** A tool call's tool name, and its folded result in words ("result", "error", "no result yet"). */
  tool: string | null;
  result: string | null;
  /** The first thought of a branch: what the branch is in words (sub-agent, rewind, branch); it can be folded. */
  startsBranch: string | null;
}

export interface FoldNodeData extends Record<string, unknown> {
  label: string;
  count: number;
  /** A branch the reader folded: a click unfolds it (else the click selects its first thought). */
  branchKey: string | null;
}

export type ThoughtFlowNode = Node<ThoughtNodeData, "thought">;
export type FoldFlowNode = Node<FoldNodeData, "fold">;

import { NODE_HEIGHT, NODE_WIDTH } from "@/lib/graph/geometry";

export { NODE_HEIGHT, NODE_WIDTH };

const CHIP = "inline-flex h-[18px] shrink-0 items-center rounded px-1 text-xs leading-none font-medium";
/** A chip whose text may be longer than the row (a branch id, a stage, a tool name): it shrinks and ends in an
 *  ellipsis. A block, not a flex box: text-overflow draws no ellipsis in a flex container, it only clips. */
const CUT_CHIP = "block min-w-0 shrink truncate leading-[18px]";
const HANDLE = "!size-1.5 !min-h-0 !min-w-0 !border-0 !bg-graph-edge";
/** Revision edges leave and enter on the left, so they curve beside the lane instead of over its edges. */
const REV_HANDLE = "!size-0 !min-h-0 !min-w-0 !border-0 !opacity-0";

/**
 * Where the <Handle>s below sit (node-relative px, as React Flow would measure them: 6 px HANDLE dots centred on the
 * top and bottom edges, zero-size REV_HANDLEs mid-left). Given on every node together with its size, they let React
 * Flow skip its first-render measurement: without them it mounts every node once, even off-screen, to read its
 * handles, and a 1,000-thought session spent a 905 ms task laying out 16,000 DOM objects (bench:ui, Chromium trace).
 * The unnamed handles come first: an edge without a handle id takes the first of its type.
 */
const H = 6;
const TOP: NodeHandle = {
  type: "target",
  position: Position.Top,
  x: NODE_WIDTH / 2 - H / 2,
  y: -H / 2,
  width: H,
  height: H,
};
const BOTTOM: NodeHandle = {
  type: "source",
  position: Position.Bottom,
  x: NODE_WIDTH / 2 - H / 2,
  y: NODE_HEIGHT - H / 2,
  width: H,
  height: H,
};
const REV = { position: Position.Left, x: 0, y: NODE_HEIGHT / 2, width: 0, height: 0 } as const;
export const THOUGHT_HANDLES: NodeHandle[] = [
  TOP,
  BOTTOM,
  { ...REV, type: "source", id: "rev-out" },
  { ...REV, type: "target", id: "rev-in" },
];
export const FOLD_HANDLES: NodeHandle[] = [TOP, BOTTOM];

export const ThoughtNode = memo(function ThoughtNode({ data, selected }: NodeProps<ThoughtFlowNode>) {
  const fold = useBranchFold();
  const compareHref = useCompareHref();
  return (
    <div
      className={cn(
        "tg-node relative flex h-full w-full flex-col gap-1 overflow-hidden rounded-lg border bg-graph-node px-2.5 py-2 text-left text-foreground shadow-xs transition-[border-color,box-shadow]",
        data.flags > 0
          ? "border-graph-node-flagged"
          : data.isRevision
            ? "border-graph-node-revision"
            : "border-graph-node-border",
        selected && "is-selected border-graph-node-selected ring-2 ring-graph-node-selected/40",
        data.flags > 0 && "is-flagged",
        data.isRevision && "is-revision",
        data.kind === "placeholder" && "border-dashed",
      )}
      title={data.preview}
      data-testid="graph-node"
      data-thought-id={data.id}
    >
      <Handle type="target" position={Position.Top} isConnectable={false} className={HANDLE} />
      <div className="flex min-w-0 items-center gap-1 overflow-hidden">
        <span className="tg-node-num shrink-0 text-xs font-semibold tabular-nums text-muted-foreground">
          {data.number}/{data.total}
        </span>
        {data.kind ? (
          // The kind's word stays whole (a tool's name is cut at 7 rem); a branch id beside it gives way.
          <KindChip
            kind={data.kind}
            className={cn(CHIP, CUT_CHIP, "max-w-28 shrink-0")}
            label={data.tool ?? undefined}
          />
        ) : null}
        {data.result ? (
          <span className={cn(CHIP, "shrink-0 bg-muted text-foreground")} data-testid="node-result">
            → {data.result}
          </span>
        ) : null}
        {data.branch ? (
          <span className={cn(CHIP, CUT_CHIP, "bg-graph-edge-branch/15 text-foreground")} title={data.branch}>
            {data.branch}
          </span>
        ) : null}
        {data.isRevision ? <span className={cn(CHIP, "bg-graph-node-revision/15 text-foreground")}>rev</span> : null}
        {data.stage ? (
          <span className={cn(CHIP, CUT_CHIP, "bg-muted text-muted-foreground")} title={data.stage}>
            {data.stage}
          </span>
        ) : null}
        <span className="ml-auto flex shrink-0 items-center gap-1">
          {/* In the node, not beside it: a toolbar to the right of a branch's node lay under the transcript at
              1024 px, where the branch column reaches the graph pane's right edge. */}
          {selected && data.branch && compareHref ? (
            <Link
              href={compareHref(MAIN, data.branch)}
              prefetch={false}
              className={cn(
                CHIP,
                "nodrag nopan gap-0.5 border border-border bg-background text-primary outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
              )}
              title={`Compare ${data.branch} with main`}
              aria-label={`Compare ${data.branch} with main`}
              data-testid="node-compare-with-main"
            >
              <ArrowLeftRight aria-hidden className="size-3" />
              main
            </Link>
          ) : null}
          <NodeBadges badge={data.badge} />
          {data.flags > 0 ? (
            <span className={cn(CHIP, "bg-graph-node-flagged/20 text-foreground")} aria-label={`${data.flags} flags`}>
              ⚠ {data.flags}
            </span>
          ) : null}
          {data.score !== null ? (
            <span className={cn(CHIP, "bg-muted text-muted-foreground")} title="Agent's self-score">
              {data.score.toFixed(2)}
            </span>
          ) : null}
          {data.reviews !== null ? (
            <span
              className={cn(CHIP, "tg-chip-score bg-primary/10 text-primary")}
              title={data.reviewsTitle ?? undefined}
              aria-label={`Review scores: ${data.reviewsTitle ?? data.reviews}`}
              data-testid="score-chip"
            >
              {data.reviews}
            </span>
          ) : null}
        </span>
      </div>
      {data.startsBranch && fold ? (
        <button
          type="button"
          className="nodrag nopan absolute right-1 bottom-1 flex size-5 cursor-pointer items-center justify-center rounded text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50"
          aria-label={`Fold ${data.startsBranch} ${data.branch ?? ""}`.trim()}
          title={`Fold this ${data.startsBranch}`}
          data-testid="fold-branch"
          onClick={(event) => {
            event.stopPropagation();
            fold(data.branch!);
          }}
        >
          <ChevronsDownUp className="size-3.5" aria-hidden />
        </button>
      ) : null}
      <div
        className={cn(
          "line-clamp-2 text-sm leading-snug break-words",
          data.kind === "placeholder" && "italic",
          data.startsBranch && "pr-5",
        )}
      >
        {data.preview}
      </div>
      <Handle type="source" position={Position.Bottom} isConnectable={false} className={HANDLE} />
      <Handle type="source" id="rev-out" position={Position.Left} isConnectable={false} className={REV_HANDLE} />
      <Handle type="target" id="rev-in" position={Position.Left} isConnectable={false} className={REV_HANDLE} />
    </div>
  );
});

/** A folded run or branch: says what it holds and opens on click (ThoughtGraph selects its first thought). */
export const FoldNode = memo(function FoldNode({ data, selected }: NodeProps<FoldFlowNode>) {
  return (
    <div
      className={cn(
        "tg-fold flex h-full w-full cursor-pointer flex-col items-start justify-center gap-0.5 rounded-lg border border-dashed border-graph-node-border bg-graph-canvas px-2.5 text-left hover:border-graph-node-selected",
        selected && "is-selected border-graph-node-selected",
      )}
      data-testid="graph-fold"
      data-branch={data.branchKey ?? undefined}
      title={`${data.branchKey !== null ? "Unfold" : "Open"}: ${data.count} ${data.count === 1 ? "thought" : "thoughts"}`}
    >
      <Handle type="target" position={Position.Top} isConnectable={false} className={HANDLE} />
      <div className="text-sm font-medium">
        … {data.count.toLocaleString("en-US")} {data.count === 1 ? "thought" : "thoughts"}
      </div>
      <div className="flex max-w-full items-center gap-1 text-xs text-muted-foreground">
        {data.branchKey !== null ? <ChevronsUpDown className="size-3 shrink-0" aria-hidden /> : null}
        <span className="truncate">
          {data.label} · click to {data.branchKey !== null ? "unfold" : "open"}
        </span>
      </div>
      <Handle type="source" position={Position.Bottom} isConnectable={false} className={HANDLE} />
    </div>
  );
});

export const NODE_TYPES = { thought: ThoughtNode, fold: FoldNode };
