"use client";
// The "revises" edge: from the revision's left side back to the thought it revises, bowed out to the left of both
// so its label sits on open canvas. React Flow's bezier between two left-facing handles in one lane is a straight
// line along the nodes' left edges, and its label was half hidden under the nodes ("revi").
import { BaseEdge, type EdgeProps } from "@xyflow/react";
import { memo } from "react";

import { REVISE_BOW } from "@/lib/graph/geometry";

/** The curve's midpoint is 3/4 of REVISE_BOW out, so the 12 px label (~45 px wide) clears the node edge
 *  (36 − 22 = 14 px). ThoughtGraph's SIDE_PADDING leaves room for it. */
export { REVISE_BOW };
/** The label's box, fixed: "revises" at 12 px is ~42 px wide in the UI font, plus 4 px each side. */
const LABEL_W = 50;
const LABEL_H = 18;

export const RevisesEdge = memo(function RevisesEdge({ sourceX, sourceY, targetX, targetY, style }: EdgeProps) {
  const c = Math.min(sourceX, targetX) - REVISE_BOW;
  const path = `M ${sourceX},${sourceY} C ${c},${sourceY} ${c},${targetY} ${targetX},${targetY}`;
  // A cubic Bézier's point at t = 1/2: (P0 + 3·P1 + 3·P2 + P3) / 8.
  const labelX = (sourceX + 6 * c + targetX) / 8;
  const labelY = (sourceY + targetY) / 2;
  // The label is drawn here at a fixed size rather than through BaseEdge's `label`: React Flow's EdgeText measures
  // each label with getBBox() in an effect, which forces a style and layout pass of the whole page; in a Chromium
  // trace of a 1,000-thought session that effect was a 660 ms task (297 ms in the effect, 263 ms of style recalc).
  return (
    <>
      <BaseEdge path={path} style={style} />
      <g
        className="react-flow__edge-textwrapper"
        transform={`translate(${labelX - LABEL_W / 2} ${labelY - LABEL_H / 2})`}
      >
        <rect className="react-flow__edge-textbg" width={LABEL_W} height={LABEL_H} rx={2} ry={2} />
        <text
          className="react-flow__edge-text"
          x={LABEL_W / 2}
          y={LABEL_H / 2}
          textAnchor="middle"
          dominantBaseline="central"
          style={{ fontSize: 12 }}
        >
          revises
        </text>
      </g>
    </>
  );
});

export const EDGE_TYPES = { revises: RevisesEdge };
