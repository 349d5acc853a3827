"use client";
// The session's thought graph (React Flow): lanes from lib/graph/layout.ts, folded past COLLAPSE_AT thoughts by
// lib/graph/collapse.ts. Revision edges are overlay curves; next and fork edges follow the lanes.
import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  useReactFlow,
  type Edge,
  type Node,
  type NodeMouseHandler,
} from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { useEffect, useMemo, useRef } from "react";
import type { OutlineThought } from "@/lib/contracts/dashboard";
import type { Folded } from "@/lib/graph/collapse";
import { NODE_HEIGHT, NODE_TYPES, NODE_WIDTH, type FoldNodeData, type ThoughtNodeData } from "./ThoughtNode";

const LANE_GAP = 60;
const ROW_GAP = 34;
/** Above this many nodes React Flow renders only what is in the viewport. */
const VISIBLE_ONLY_AT = 300;
/** Small graphs open fitted whole; larger ones open centred on the selected or newest thought (SessionView). */
const FIT_ALL_AT = 60;

export interface ThoughtGraphProps {
  folded: Folded;
  thoughts: ReadonlyMap<string, OutlineThought>;
  /** Review-score chips by thought id (components/scoring/score-format.ts chipOf); absent: no chip. */
  scoreChips?: ReadonlyMap<string, { text: string; title: string }>;
  selectedId: string | null;
  /** A request to bring a thought into view (follow mode, keyboard navigation); `key` changes per request. */
  center: { id: string; key: number } | null;
  onSelect: (thoughtId: string) => void;
}

const EDGE_STYLE = {
  next: { stroke: "var(--edge)" },
  fork: { stroke: "var(--accent)", strokeDasharray: "6 4" },
  revises: { stroke: "var(--revise)", strokeWidth: 1.5 },
} as const;

const NO_CHIPS: ReadonlyMap<string, { text: string; title: string }> = new Map();

export function ThoughtGraph({
  folded,
  thoughts,
  scoreChips = NO_CHIPS,
  selectedId,
  center,
  onSelect,
}: ThoughtGraphProps) {
  // Node objects are reused while their thought and position are unchanged, so a live thought or a refold re-renders
  // only the nodes that changed (memoized components compare props by identity).
  const cache = useRef(new Map<string, { key: unknown; pos: string; chip: string; node: Node }>());
  const base = useMemo<Node[]>(() => {
    const next = new Map<string, { key: unknown; pos: string; chip: string; node: Node }>();
    const nodes = folded.nodes.map((n) => {
      const position = { x: n.lane * (NODE_WIDTH + LANE_GAP), y: n.row * (NODE_HEIGHT + ROW_GAP) };
      const pos = `${position.x},${position.y}`;
      const key = n.kind === "thought" ? thoughts.get(n.id) : n.count;
      const scoreChip = n.kind === "thought" ? (scoreChips.get(n.id) ?? null) : null;
      // A chip compares by its text, so refetched chips re-render only the nodes whose chip changed.
      const chip = scoreChip ? `${scoreChip.text}|${scoreChip.title}` : "";
      const hit = cache.current.get(n.id);
      if (hit && hit.key === key && hit.pos === pos && hit.chip === chip) {
        next.set(n.id, hit);
        return hit.node;
      }
      let node: Node;
      if (n.kind === "thought") {
        const t = thoughts.get(n.id);
        const data: ThoughtNodeData = {
          id: n.id,
          number: t?.thoughtNumber ?? 0,
          total: t?.totalThoughts ?? 0,
          stage: t?.stage ?? null,
          flags: t?.flags.length ?? 0,
          score: t?.score ?? null,
          preview: (t?.preview ?? "").slice(0, 90),
          isRevision: t?.isRevision === true,
          branch: t?.branchId ?? null,
          reviews: scoreChip?.text ?? null,
          reviewsTitle: scoreChip?.title ?? null,
        };
        node = { id: n.id, type: "thought", position, data, width: NODE_WIDTH, height: NODE_HEIGHT };
      } else {
        const data: FoldNodeData = {
          label: n.kind === "branch" ? `branch ${n.branchKey}` : "folded run",
          count: n.count,
        };
        node = { id: n.id, type: "fold", position, data, width: NODE_WIDTH, height: NODE_HEIGHT };
      }
      next.set(n.id, { key, pos, chip, node });
      return node;
    });
    cache.current = next;
    return nodes;
  }, [folded, thoughts, scoreChips]);
  const selectedNode = selectedId ? (folded.shownAs.get(selectedId) ?? null) : null;
  // Only the selected node's object changes on selection, so memoized nodes elsewhere do not re-render.
  const nodes = useMemo(
    () => (selectedNode ? base.map((n) => (n.id === selectedNode ? { ...n, selected: true } : n)) : base),
    [base, selectedNode],
  );
  const edges = useMemo<Edge[]>(
    () =>
      folded.edges.map((e) => ({
        id: e.id,
        source: e.source,
        target: e.target,
        type: e.kind === "revises" ? "default" : "smoothstep",
        style: EDGE_STYLE[e.kind],
        className: `tg-edge-${e.kind}`,
        ...(e.kind === "revises"
          ? { label: "revises", labelStyle: { fontSize: 10 }, sourceHandle: "rev-out", targetHandle: "rev-in" }
          : {}),
      })),
    [folded],
  );

  const onNodeClick: NodeMouseHandler = (_, node) => {
    const n = folded.nodes.find((x) => x.id === node.id);
    if (!n) return;
    onSelect(n.kind === "thought" ? n.id : n.firstId);
  };

  return (
    <div className="tg-graph" aria-label="Thought graph" role="region">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        onNodeClick={onNodeClick}
        nodesDraggable={false}
        nodesConnectable={false}
        edgesFocusable={false}
        onlyRenderVisibleElements={nodes.length > VISIBLE_ONLY_AT}
        fitView={nodes.length <= FIT_ALL_AT}
        fitViewOptions={{ maxZoom: 1, padding: 0.2 }}
        minZoom={0.05}
        proOptions={{ hideAttribution: true }}
      >
        <Background gap={24} size={1} />
        <MiniMap pannable zoomable ariaLabel="Minimap" />
        <Controls showInteractive={false} />
        <FollowCenter
          nodeId={center ? (folded.shownAs.get(center.id) ?? null) : null}
          requestKey={center?.key ?? 0}
          nodes={nodes}
        />
      </ReactFlow>
    </div>
  );
}

/** Brings a node into view once per request (follow mode and keyboard selection). */
function FollowCenter({ nodeId, requestKey, nodes }: { nodeId: string | null; requestKey: number; nodes: Node[] }) {
  const flow = useReactFlow();
  const latest = useRef(nodes);
  latest.current = nodes;
  useEffect(() => {
    if (!nodeId) return;
    const node = latest.current.find((n) => n.id === nodeId);
    if (!node) return;
    void flow.setCenter(node.position.x + NODE_WIDTH / 2, node.position.y + NODE_HEIGHT / 2, {
      zoom: Math.max(flow.getZoom(), 0.6),
      duration: 150,
    });
  }, [nodeId, requestKey, flow]);
  return null;
}
