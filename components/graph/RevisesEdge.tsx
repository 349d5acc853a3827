"use client";
// The "revises" edge: from the revision's left side back to the thought it revises, bowed out to the left of both
// so its label sits on open canvas. React Flow's bezier between two left-facing handles in one lane is a straight
// line along the nodes' left edges, and its label was half hidden under the nodes ("revi").
import { BaseEdge, type EdgeProps } from "@xyflow/react";
import { memo } from "react";

/** How far left of the leftmost end the curve's control points sit; the curve's midpoint is 3/4 of this out, so the
 *  12 px label (~45 px wide) clears the node edge (36 − 22 = 14 px). ThoughtGraph's SIDE_PADDING leaves room for it. */
export const REVISE_BOW = 48;

export const RevisesEdge = memo(function RevisesEdge({
  sourceX,
  sourceY,
  targetX,
  targetY,
  style,
  label,
  labelStyle,
}: EdgeProps) {
  const c = Math.min(sourceX, targetX) - REVISE_BOW;
  const path = `M ${sourceX},${sourceY} C ${c},${sourceY} ${c},${targetY} ${targetX},${targetY}`;
  // A cubic Bézier's point at t = 1/2: (P0 + 3·P1 + 3·P2 + P3) / 8.
  const labelX = (sourceX + 6 * c + targetX) / 8;
  const labelY = (sourceY + targetY) / 2;
  return <BaseEdge path={path} style={style} label={label} labelX={labelX} labelY={labelY} labelStyle={labelStyle} />;
});

export const EDGE_TYPES = { revises: RevisesEdge };
