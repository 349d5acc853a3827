// What the graph draws when a session is too big to draw whole. React Flow stays smooth up to about a thousand rich
// nodes (DESIGN.md §4); past COLLAPSE_AT we keep the main chain and the branches holding the selected or newest
// thought, show every thought that matters for review (flagged, revising or revised, fork points, lane ends, and
// a window around the focus), and fold the rest: each run of plain thoughts and each inactive branch becomes one
// summary node. Selecting a summary node selects its first thought, which unfolds the neighbourhood. Pure, O(n).
import type { LaidOutEdge, Layout } from "./layout";

export const COLLAPSE_AT = 1_500;
/** Rows kept on each side of a focus thought in the active lanes. */
export const FOCUS_WINDOW = 12;
/** Flagged, revising, revised and fork thoughts stay visible within this many rows of a focus; farther away they
 *  fold with their run (keeping them all left 5,088 nodes of 20,000 in bench:ui, past React Flow's ~1,000). */
export const REVIEW_WINDOW = 150;

export interface FoldThought {
  id: string;
  flags: readonly string[];
  isRevision: boolean | null;
  revisesThoughtId: string | null;
  branchId: string | null;
}

export type VisibleNode =
  | { kind: "thought"; id: string; lane: number; row: number }
  | { kind: "run"; id: string; lane: number; row: number; count: number; firstId: string }
  | { kind: "branch"; id: string; lane: number; row: number; count: number; firstId: string; branchKey: string };

export interface Folded {
  nodes: VisibleNode[];
  edges: LaidOutEdge[];
  /** The visible node standing for each thought (itself, or the summary that folds it). */
  shownAs: Map<string, string>;
  collapsed: boolean;
}

export function foldGraph(
  layout: Layout,
  thoughts: ReadonlyMap<string, FoldThought>,
  focusIds: readonly (string | null)[],
  threshold = COLLAPSE_AT,
): Folded {
  if (layout.nodes.length <= threshold) {
    return {
      nodes: layout.nodes.map((n) => ({ kind: "thought", ...n })),
      edges: layout.edges,
      shownAs: new Map(layout.nodes.map((n) => [n.id, n.id])),
      collapsed: false,
    };
  }
  const nodeById = new Map(layout.nodes.map((n) => [n.id, n]));
  const focus = focusIds.filter((id): id is string => id !== null && nodeById.has(id)).map((id) => nodeById.get(id)!);
  const activeLanes = new Set<number>([0, ...focus.map((f) => f.lane)]);

  const important = new Set<string>();
  for (const e of layout.edges) {
    if (e.kind === "fork") important.add(e.source).add(e.target);
    if (e.kind === "revises") important.add(e.source).add(e.target);
  }
  for (const t of thoughts.values()) if (t.flags.length > 0 || t.isRevision === true) important.add(t.id);

  // Group nodes by lane in row order (layout.nodes is in arrival order; rows increase along a lane).
  const byLane = new Map<number, typeof layout.nodes>();
  for (const n of layout.nodes) {
    const list = byLane.get(n.lane);
    if (list) list.push(n);
    else byLane.set(n.lane, [n]);
  }

  const nodes: VisibleNode[] = [];
  const shownAs = new Map<string, string>();
  const laneOf = new Map<string, string>(); // branch key of each lane, for labels
  for (const [key, lane] of layout.lanes) laneOf.set(String(lane), key);

  for (const [lane, list] of byLane) {
    if (!activeLanes.has(lane)) {
      const first = list[0]!;
      const id = `branch:${lane}`;
      nodes.push({
        kind: "branch",
        id,
        lane,
        row: first.row,
        count: list.length,
        firstId: first.id,
        branchKey: laneOf.get(String(lane)) ?? "",
      });
      for (const n of list) shownAs.set(n.id, id);
      continue;
    }
    const keep = new Array<boolean>(list.length).fill(false);
    keep[0] = true;
    keep[list.length - 1] = true;
    // The window is by row across the active lanes, so a focus on a branch also shows the main chain beside it.
    const focusRows = focus.map((f) => f.row);
    list.forEach((n, i) => {
      const distance = focusRows.reduce((d, r) => Math.min(d, Math.abs(r - n.row)), Infinity);
      if (distance <= FOCUS_WINDOW || (important.has(n.id) && distance <= REVIEW_WINDOW)) keep[i] = true;
    });
    let i = 0;
    while (i < list.length) {
      if (keep[i]) {
        const n = list[i]!;
        nodes.push({ kind: "thought", ...n });
        shownAs.set(n.id, n.id);
        i++;
        continue;
      }
      let j = i;
      while (j < list.length && !keep[j]) j++;
      const first = list[i]!;
      if (j - i === 1) {
        nodes.push({ kind: "thought", ...first });
        shownAs.set(first.id, first.id);
      } else {
        const id = `run:${first.id}`;
        nodes.push({ kind: "run", id, lane, row: first.row, count: j - i, firstId: first.id });
        for (let k = i; k < j; k++) shownAs.set(list[k]!.id, id);
      }
      i = j;
    }
  }

  // Edges between what is shown: a lane's consecutive visible nodes, forks, and revisions between shown thoughts.
  const edges: LaidOutEdge[] = [];
  const seen = new Set<string>();
  const add = (source: string, target: string, kind: LaidOutEdge["kind"]) => {
    if (source === target) return;
    const id = `${kind[0]}:${source}:${target}`;
    if (seen.has(id)) return;
    seen.add(id);
    edges.push({ id, source, target, kind });
  };
  for (const e of layout.edges) {
    const s = shownAs.get(e.source)!;
    const t = shownAs.get(e.target)!;
    if (e.kind === "revises" && (s !== e.source || t !== e.target)) continue;
    add(s, t, e.kind);
  }
  return { nodes, edges, shownAs, collapsed: true };
}
