// The graph's sizes in canvas pixels, shared by the React Flow graph (components/graph) and the SVG export
// (lib/graph/svg-export.ts), so an exported image is laid out as the page draws it.

export const NODE_WIDTH = 240;
export const NODE_HEIGHT = 84;
/** Between lanes and between rows. */
export const LANE_GAP = 48;
export const ROW_GAP = 28;
/** How far left of the leftmost end a "revises" curve's control points sit (its label clears the node edge). */
export const REVISE_BOW = 48;
