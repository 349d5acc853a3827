// The graph's edge legend, shown when a session has breakdown dependency edges, so a reviewer can tell
// them from next, branch and revision edges. The strokes repeat ThoughtGraph's EDGE_STYLE and DEPENDENCY_EDGE_STYLE.
import { Panel } from "@xyflow/react";

export const DEPENDENCY_EDGE_STYLE = { stroke: "var(--chart-1)", strokeWidth: 1.5, strokeDasharray: "2 3" } as const;

const ENTRIES = [
  { label: "next", stroke: "var(--graph-edge)", dash: undefined },
  { label: "branch", stroke: "var(--graph-edge-branch)", dash: "6 4" },
  { label: "revises", stroke: "var(--graph-edge-revision)", dash: undefined },
  { label: "depends on", stroke: DEPENDENCY_EDGE_STYLE.stroke, dash: DEPENDENCY_EDGE_STYLE.strokeDasharray },
] as const;

export function GraphLegend() {
  return (
    <Panel position="bottom-right">
      <ul
        className="flex gap-3 rounded-md border border-border bg-background/90 px-2 py-1 text-xs text-muted-foreground shadow-xs"
        aria-label="Edge legend"
        data-testid="graph-legend"
      >
        {ENTRIES.map((e) => (
          <li key={e.label} className="flex items-center gap-1">
            <svg width="20" height="6" aria-hidden="true">
              <line x1="0" y1="3" x2="20" y2="3" stroke={e.stroke} strokeWidth="1.5" strokeDasharray={e.dash} />
            </svg>
            {e.label}
          </li>
        ))}
      </ul>
    </Panel>
  );
}
