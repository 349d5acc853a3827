"use client";
// Graph nodes, declared at module scope and memoized (React Flow re-renders a node only when its props change).
import { Handle, Position, type Node, type NodeProps } from "@xyflow/react";
import { memo } from "react";

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
}

export interface FoldNodeData extends Record<string, unknown> {
  label: string;
  count: number;
}

export type ThoughtFlowNode = Node<ThoughtNodeData, "thought">;
export type FoldFlowNode = Node<FoldNodeData, "fold">;

export const NODE_WIDTH = 220;
export const NODE_HEIGHT = 76;

export const ThoughtNode = memo(function ThoughtNode({ data, selected }: NodeProps<ThoughtFlowNode>) {
  const classes = [
    "tg-node",
    selected ? "is-selected" : "",
    data.flags > 0 ? "is-flagged" : "",
    data.isRevision ? "is-revision" : "",
  ];
  return (
    <div className={classes.join(" ")} title={data.preview} data-testid="graph-node" data-thought-id={data.id}>
      <Handle type="target" position={Position.Top} isConnectable={false} />
      <div className="tg-node-head">
        <span className="tg-node-num">
          {data.number}/{data.total}
        </span>
        {data.branch ? <span className="tg-chip">{data.branch}</span> : null}
        {data.isRevision ? <span className="tg-chip tg-chip-rev">rev</span> : null}
        {data.stage ? <span className="tg-chip">{data.stage}</span> : null}
        {data.flags > 0 ? (
          <span className="tg-chip tg-chip-flag" aria-label={`${data.flags} flags`}>
            ⚠ {data.flags}
          </span>
        ) : null}
        {data.score !== null ? (
          <span className="tg-chip" title="Agent's self-score">
            {data.score.toFixed(2)}
          </span>
        ) : null}
        {data.reviews !== null ? (
          <span
            className="tg-chip tg-chip-score"
            title={data.reviewsTitle ?? undefined}
            aria-label={`Review scores: ${data.reviewsTitle ?? data.reviews}`}
            data-testid="score-chip"
          >
            {data.reviews}
          </span>
        ) : null}
      </div>
      <div className="tg-node-text">{data.preview}</div>
      <Handle type="source" position={Position.Bottom} isConnectable={false} />
      {/* Revision edges leave and enter on the left, so they curve beside the lane instead of over its edges. */}
      <Handle type="source" id="rev-out" position={Position.Left} isConnectable={false} className="tg-rev-handle" />
      <Handle type="target" id="rev-in" position={Position.Left} isConnectable={false} className="tg-rev-handle" />
    </div>
  );
});

export const FoldNode = memo(function FoldNode({ data, selected }: NodeProps<FoldFlowNode>) {
  return (
    <div className={`tg-node tg-fold${selected ? " is-selected" : ""}`} data-testid="graph-fold">
      <Handle type="target" position={Position.Top} isConnectable={false} />
      <div className="tg-node-text">
        {data.label} · {data.count} thoughts
      </div>
      <Handle type="source" position={Position.Bottom} isConnectable={false} />
    </div>
  );
});

export const NODE_TYPES = { thought: ThoughtNode, fold: FoldNode };
