// What the graph draws when a session is too big to draw whole. React Flow stays smooth up to about a thousand rich
// nodes; past COLLAPSE_AT we keep the main chain and the branches holding the selected or newest
// thought, show every thought that matters for review (flagged, revising or revised, fork points, lane ends, and
// a window around the focus), and fold the rest: each run of plain thoughts and each inactive branch becomes one
// summary node. Selecting a summary node selects its first thought, which unfolds the neighbourhood. Pure, O(n).
import type { LaidOutEdge, Layout } from "./layout";

/** 500, not 1,500: a 1,000-thought session drawn whole (1,000 nodes, 51 lanes) took 4.2× the empty page to become
 *  interactive in bench:ui and opened with one node in view, while folded 5,000 took 3.6×. */
export const COLLAPSE_AT = 500;
/** Rows kept on each side of a focus thought in the active lanes. */
export const FOCUS_WINDOW = 40;
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
  const members = new Map<string, string[]>(); // the thoughts each branch summary folds, for merging below
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
      members.set(
        id,
        list.map((n) => n.id),
      );
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

  // An inactive branch whose fork point is itself folded joins the run that folds its fork: drawing hundreds of
  // branch summaries each in a lane of its own made the graph 250,000 px wide (900 branches in bench:ui).
  const forkOf = new Map<string, string>();
  for (const e of layout.edges) if (e.kind === "fork") forkOf.set(e.target, e.source);
  const byNodeId = new Map(nodes.map((n) => [n.id, n]));
  const merged = new Set<string>();
  for (const n of nodes) {
    if (n.kind !== "branch") continue;
    const fork = forkOf.get(n.firstId);
    const holder = fork === undefined ? undefined : shownAs.get(fork);
    if (fork === undefined || holder === undefined || holder === fork) continue;
    const target = byNodeId.get(holder);
    if (!target || target.kind === "thought") continue;
    target.count += n.count;
    // Only this summary's own thoughts (and those merged into it earlier): scanning all of shownAs per merged branch
    // was O(branches × thoughts), 120-220 ms per fold of a 20,000-thought session (~1,000 branches; Chromium trace).
    const moved = members.get(n.id) ?? [];
    for (const tid of moved) shownAs.set(tid, holder);
    if (target.kind === "branch") members.get(holder)?.push(...moved);
    merged.add(n.id);
  }
  const drawn = nodes.filter((n) => !merged.has(n.id));

  // Close the gaps folded rows leave: with the original rows an edge past a folded run of 18,000 thoughts is an SVG
  // path two million pixels long, and Chromium spent 23 s of a 25 s pan rasterising such paths (measured).
  const rows = [...new Set(drawn.map((n) => n.row))].sort((a, b) => a - b);
  const compactRow = new Map(rows.map((r, i) => [r, i]));
  for (const n of drawn) n.row = compactRow.get(n.row)!;
  // Lanes: the active ones side by side, then each remaining branch summary in the first lane free at its row.
  const active = [...activeLanes].sort((a, b) => a - b);
  const compactLane = new Map(active.map((l, i) => [l, i]));
  const used = new Map<number, Set<number>>();
  for (const n of drawn) {
    if (n.kind === "branch") continue;
    n.lane = compactLane.get(n.lane) ?? 0;
  }
  for (const n of drawn) {
    if (n.kind !== "branch") continue;
    const taken = used.get(n.row) ?? new Set<number>();
    let lane = active.length;
    while (taken.has(lane)) lane++;
    taken.add(lane);
    used.set(n.row, taken);
    n.lane = lane;
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
  return { nodes: drawn, edges, shownAs, collapsed: true };
}
