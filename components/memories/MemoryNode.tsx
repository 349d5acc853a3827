"use client";
// A memory in the memory graph: its sector badge and the start of its content, in the thought graph's node colours
// (bg-graph-node, border-graph-node-*), so both graphs read alike in light and dark. Its one source and one target
// handle sit invisibly at the centre: links are undirected pairs drawn as straight lines between node centres.
import { Handle, Position, type Node, type NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { MemorySector } from "@/lib/contracts/thoughtmcp-memory";
import { cn } from "@/components/ui/cn";
import { SectorBadge } from "./MemoryBadges";

export interface MemoryNodeData extends Record<string, unknown> {
  label: string;
  content: string;
  sector: MemorySector;
  forgotten: boolean;
}

export type MemoryFlowNode = Node<MemoryNodeData, "memory">;

export const MEMORY_NODE_WIDTH = 200;

const CENTRE = "!top-1/2 !left-1/2 !size-0 !min-h-0 !min-w-0 !border-0 !opacity-0";

export const MemoryNode = memo(function MemoryNode({ data, selected }: NodeProps<MemoryFlowNode>) {
  return (
    <div
      className={cn(
        "flex w-full flex-col items-start gap-1 rounded-lg border border-graph-node-border bg-graph-node px-2.5 py-2 text-left text-xs text-foreground shadow-xs",
        selected && "border-graph-node-selected ring-2 ring-graph-node-selected/40",
        data.forgotten && "border-dashed text-muted-foreground",
      )}
      title={data.content}
      data-testid="memory-node"
    >
      <Handle type="target" position={Position.Top} isConnectable={false} className={CENTRE} />
      <Handle type="source" position={Position.Bottom} isConnectable={false} className={CENTRE} />
      <SectorBadge sector={data.sector} />
      <span className="line-clamp-3">{data.label}</span>
    </div>
  );
});
