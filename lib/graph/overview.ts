// The whole session in one picture (components/overview/SessionOverview.tsx): the layout's rows top to bottom, the
// main line on track 0 and each branch on the first branch track free over its rows (branches are short: hundreds of
// them share a few tracks), revisions and health marks at their rows. And the jumps a reader makes through a long
// session: the next branch point, revision or warning (a flag, a low score, a loop, a stall) in arrival order, and
// thought number N. Pure, O(n) in the thoughts.
import type { Layout } from "./layout";

/** Branch tracks at most; branches past them share the last one. */
export const MAX_TRACKS = 8;

export type MarkKind = "flag" | "low-score" | "loop" | "stall" | "abandoned";

export interface OverviewThought {
  id: string;
  seq: number;
  thoughtNumber: number;
  branchId: string | null;
  isRevision: boolean | null;
  version: number;
  flags: readonly string[];
}

export interface OverviewMarks {
  /** Seqs of loops' later thoughts and of thoughts after a stall. */
  loops: ReadonlySet<number>;
  stalls: ReadonlySet<number>;
  abandonedBranches: ReadonlySet<string>;
  /** Thought ids with a low review score. */
  lowScores: ReadonlySet<string>;
}

export interface OverviewBranch {
  key: string;
  track: number;
  /** The fork's row (where the branch leaves its parent), and the branch's first and last rows. */
  forkRow: number | null;
  first: number;
  last: number;
  abandoned: boolean;
}

export interface OverviewModel {
  rows: number;
  /** Branch tracks in use (0 without branches). */
  tracks: number;
  mainRows: number;
  branches: OverviewBranch[];
  /** Rows of revisions (a revision thought, or a thought revise_thought edited). */
  revisions: number[];
  marks: { row: number; kind: MarkKind; id: string }[];
  /** Per thought id: its row and track (0 = main). */
  place: Map<string, { row: number; track: number }>;
  /** Thought ids by track and row, for a click: main's by row; each branch's from its first row. */
  mainByRow: string[];
  branchNodes: Map<string, string[]>;
}

export function overviewModel(
  layout: Layout,
  thoughts: readonly OverviewThought[],
  marks: OverviewMarks,
): OverviewModel {
  const keyOfLane = new Map<number, string>();
  for (const [key, lane] of layout.lanes) keyOfLane.set(lane, key);
  const byLane = new Map<number, string[]>();
  const rowOf = new Map<string, number>();
  for (const n of layout.nodes) {
    rowOf.set(n.id, n.row);
    const list = byLane.get(n.lane);
    if (list) list.push(n.id);
    else byLane.set(n.lane, [n.id]);
  }
  const forkRowOf = new Map<string, number>();
  for (const e of layout.edges) if (e.kind === "fork") forkRowOf.set(e.target, rowOf.get(e.source) ?? 0);

  const trackEnds: number[] = [];
  const branches: OverviewBranch[] = [];
  const trackOfLane = new Map<number, number>([[0, 0]]);
  const lanes = [...byLane.keys()]
    .filter((l) => l > 0)
    .sort((a, b) => rowOf.get(byLane.get(a)![0]!)! - rowOf.get(byLane.get(b)![0]!)! || a - b);
  for (const lane of lanes) {
    const ids = byLane.get(lane)!;
    const first = rowOf.get(ids[0]!)!;
    const last = rowOf.get(ids.at(-1)!)!;
    const forkRow = forkRowOf.get(ids[0]!) ?? null;
    const from = Math.min(first, forkRow ?? first);
    let track = trackEnds.findIndex((end) => end < from);
    if (track < 0) {
      if (trackEnds.length < MAX_TRACKS) track = trackEnds.push(last) - 1;
      else track = MAX_TRACKS - 1;
    }
    trackEnds[track] = Math.max(trackEnds[track] ?? -1, last);
    trackOfLane.set(lane, track + 1);
    const key = keyOfLane.get(lane) ?? "";
    branches.push({ key, track: track + 1, forkRow, first, last, abandoned: marks.abandonedBranches.has(key) });
  }

  const place = new Map<string, { row: number; track: number }>();
  for (const n of layout.nodes) place.set(n.id, { row: n.row, track: trackOfLane.get(n.lane) ?? 0 });
  const revisions: number[] = [];
  const found: OverviewModel["marks"] = [];
  for (const t of thoughts) {
    const row = rowOf.get(t.id);
    if (row === undefined) continue;
    if (t.isRevision === true || t.version > 1) revisions.push(row);
    if (t.flags.length > 0) found.push({ row, kind: "flag", id: t.id });
    if (marks.lowScores.has(t.id)) found.push({ row, kind: "low-score", id: t.id });
    if (marks.loops.has(t.seq)) found.push({ row, kind: "loop", id: t.id });
    if (marks.stalls.has(t.seq)) found.push({ row, kind: "stall", id: t.id });
  }
  for (const b of branches) {
    if (!b.abandoned) continue;
    const ids = byLane.get(layout.lanes.get(b.key)!)!;
    found.push({ row: b.last, kind: "abandoned", id: ids.at(-1)! });
  }
  const branchNodes = new Map<string, string[]>();
  for (const b of branches) branchNodes.set(b.key, byLane.get(layout.lanes.get(b.key)!) ?? []);
  const mainByRow = byLane.get(0) ?? [];
  return {
    rows: layout.rows,
    tracks: trackEnds.length,
    mainRows: mainByRow.length,
    branches,
    revisions,
    marks: found,
    place,
    mainByRow,
    branchNodes,
  };
}

/** The thought drawn nearest `row` on `track` (main when the track holds nothing near), for a click or a drag. */
export function thoughtAt(model: OverviewModel, row: number, track: number): string | null {
  if (track > 0) {
    let best: { id: string; distance: number } | null = null;
    for (const b of model.branches) {
      if (b.track !== track) continue;
      const distance = row < b.first ? b.first - row : row > b.last ? row - b.last : 0;
      if (distance > 2 || (best && best.distance <= distance)) continue;
      const ids = model.branchNodes.get(b.key)!;
      best = { id: ids[Math.max(0, Math.min(ids.length - 1, row - b.first))]!, distance };
    }
    if (best) return best.id;
  }
  const main = model.mainByRow;
  if (main.length === 0) return model.branches[0] ? (model.branchNodes.get(model.branches[0].key)?.[0] ?? null) : null;
  return main[Math.max(0, Math.min(main.length - 1, row))]!;
}

export type JumpKind = "branch-point" | "revision" | "warning";

/** The thought ids each jump stops at. */
export function jumpTargets(
  layout: Layout,
  thoughts: readonly OverviewThought[],
  marks: OverviewMarks,
): Record<JumpKind, ReadonlySet<string>> {
  const branchPoints = new Set<string>();
  for (const e of layout.edges) if (e.kind === "fork") branchPoints.add(e.source);
  const revisions = new Set<string>();
  const warnings = new Set<string>();
  for (const t of thoughts) {
    if (t.isRevision === true || t.version > 1) revisions.add(t.id);
    if (t.flags.length > 0 || marks.lowScores.has(t.id) || marks.loops.has(t.seq) || marks.stalls.has(t.seq)) {
      warnings.add(t.id);
    }
  }
  return { "branch-point": branchPoints, revision: revisions, warning: warnings };
}

/** The next (or previous) thought in arrival order after `fromId` that is in `targets`; null when there is none. */
export function nextIn(
  thoughts: readonly { id: string }[],
  fromId: string | null,
  targets: ReadonlySet<string>,
  direction: 1 | -1,
): string | null {
  const from = fromId === null ? -1 : thoughts.findIndex((t) => t.id === fromId);
  const start = from < 0 ? (direction === 1 ? 0 : thoughts.length - 1) : from + direction;
  for (let i = start; i >= 0 && i < thoughts.length; i += direction)
    if (targets.has(thoughts[i]!.id)) return thoughts[i]!.id;
  return null;
}

/** Thought number `n`: the main line's, else the first to arrive with that number. */
export function thoughtNumbered(thoughts: readonly OverviewThought[], n: number): string | null {
  let other: string | null = null;
  for (const t of thoughts) {
    if (t.thoughtNumber !== n) continue;
    if (t.branchId === null) return t.id;
    other ??= t.id;
  }
  return other;
}
