"use client";
// Memories and their waypoint links drawn with React Flow. Nodes sit on a circle (memories have no order
// to lay out by), each linked pair is one straight edge between centres whose width follows its weight, labelled with
// it; clicking a node selects the memory. Colours are the thought graph's tokens (FLOW_THEME, MemoryNode). The view
// fits every node with a margin, again whenever the pane changes size: fitted once at 1440 px, a window narrowed to
// 1024 px cut the right-hand node in half.
import { Background, Controls, ReactFlow, useReactFlow, useStore, type Edge } from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { useEffect, useMemo } from "react";
import type { MemoryGraph as MemoryGraphData } from "@/lib/contracts/memory-dashboard";
import { FLOW_THEME } from "@/components/graph/flow-theme";
import { MEMORY_NODE_WIDTH as NODE_WIDTH, MemoryNode, type MemoryFlowNode } from "./MemoryNode";

const NODE_TYPES = { memory: MemoryNode };
/** A tenth of the pane around the nodes, so edge labels and node borders stay clear of the frame. */
const FIT = { padding: 0.1 };

/** Fits the view again when the pane's size changes (a resized window, the detail column appearing). */
function FitOnResize() {
  const { fitView } = useReactFlow();
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  useEffect(() => {
    if (width > 0 && height > 0) void fitView(FIT);
  }, [fitView, width, height]);
  return null;
}

export function MemoryGraph({
  graph,
  selectedId,
  onSelect,
}: {
  graph: MemoryGraphData;
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const { nodes, edges } = useMemo(() => {
    const n = graph.nodes.length;
    // Circumference ≈ n node widths, so neighbours do not overlap.
    const radius = Math.max(200, (n * (NODE_WIDTH + 20)) / (2 * Math.PI));
    const nodes: MemoryFlowNode[] = graph.nodes.map((m, i) => ({
      id: m.id,
      type: "memory",
      position: {
        x: radius + radius * Math.cos((2 * Math.PI * i) / Math.max(1, n)),
        y: radius + radius * Math.sin((2 * Math.PI * i) / Math.max(1, n)),
      },
      data: { label: m.label, content: m.label, sector: m.primarySector, forgotten: m.strength === 0 },
      selected: m.id === selectedId,
      style: { width: NODE_WIDTH },
    }));
    const edges: Edge[] = graph.edges.map((e) => ({
      id: `${e.source}-${e.target}`,
      source: e.source,
      target: e.target,
      type: "straight",
      label: e.weight.toFixed(2),
      style: { stroke: "var(--graph-edge)", strokeWidth: Math.max(1, 1 + (3 * (e.weight - 0.7)) / 0.3) },
    }));
    return { nodes, edges };
  }, [graph, selectedId]);

  return (
    <div className="h-[32rem] rounded-md border" data-testid="memory-graph">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        style={FLOW_THEME}
        fitView
        fitViewOptions={FIT}
        edgesFocusable={false}
        nodesDraggable={false}
        nodesConnectable={false}
        onlyRenderVisibleElements={nodes.length > 300}
        onNodeClick={(_, node) => onSelect(node.id)}
        proOptions={{ hideAttribution: true }}
      >
        <Background />
        <Controls showInteractive={false} />
        <FitOnResize />
      </ReactFlow>
    </div>
  );
}
