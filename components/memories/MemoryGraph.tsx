"use client";
// Memories and their waypoint links drawn with React Flow (issue 15). Nodes sit on a circle (memories have no order
// to lay out by), each linked pair is one edge whose width follows its weight; clicking a node selects the memory.
import { Background, Controls, ReactFlow, type Edge, type Node } from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { useMemo } from "react";
import type { MemoryGraph as MemoryGraphData } from "@/lib/contracts/memory-dashboard";

const NODE_WIDTH = 180;

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
    const nodes: Node[] = graph.nodes.map((m, i) => ({
      id: m.id,
      position: {
        x: radius + radius * Math.cos((2 * Math.PI * i) / Math.max(1, n)),
        y: radius + radius * Math.sin((2 * Math.PI * i) / Math.max(1, n)),
      },
      data: { label: `${m.primarySector}: ${m.label}` },
      selected: m.id === selectedId,
      style: {
        width: NODE_WIDTH,
        fontSize: 12,
        opacity: m.strength === 0 ? 0.5 : 1,
        borderColor: m.id === selectedId ? "var(--primary)" : undefined,
      },
    }));
    const edges: Edge[] = graph.edges.map((e) => ({
      id: `${e.source}-${e.target}`,
      source: e.source,
      target: e.target,
      label: e.weight.toFixed(2),
      style: { strokeWidth: 1 + 3 * e.weight },
    }));
    return { nodes, edges };
  }, [graph, selectedId]);

  return (
    <div className="h-[32rem] rounded-md border" data-testid="memory-graph">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        fitView
        nodesDraggable={false}
        nodesConnectable={false}
        onlyRenderVisibleElements={nodes.length > 300}
        onNodeClick={(_, node) => onSelect(node.id)}
        proOptions={{ hideAttribution: true }}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
