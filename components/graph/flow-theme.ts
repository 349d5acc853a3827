// React Flow's own colours (controls, minimap, background, edge labels) from the design tokens, so dark mode follows:
// the thought graph and the memory graph share them.
import type { CSSProperties } from "react";

export const FLOW_THEME = {
  "--xy-background-color": "var(--graph-canvas)",
  "--xy-edge-label-background-color": "var(--graph-canvas)",
  "--xy-edge-label-color": "var(--muted-foreground)",
  "--xy-controls-button-background-color": "var(--background)",
  "--xy-controls-button-background-color-hover": "var(--accent)",
  "--xy-controls-button-color": "var(--foreground)",
  "--xy-controls-button-color-hover": "var(--foreground)",
  "--xy-controls-button-border-color": "var(--border)",
  "--xy-controls-box-shadow": "0 1px 2px rgb(0 0 0 / 0.08)",
  "--xy-minimap-background-color": "var(--graph-minimap)",
  "--xy-minimap-mask-background-color": "var(--graph-minimap-mask)",
  "--xy-minimap-node-background-color": "var(--graph-minimap-node)",
  "--xy-node-border-radius": "8px",
} as CSSProperties;
