// Lane layout of a thought graph: the main chain in lane 0, each branch in its own lane (first-seen order) starting
// one row below its fork. Deterministic and append-stable: placing a thought depends only on the thoughts before it,
// so a new thought never moves an existing node. One pass over the thoughts, O(n). Revision edges are drawn as
// overlays and take no part in placement. Runs in the browser and in a Web Worker (DESIGN.md §4).

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

  snapshot(): Layout {
    return { nodes: this.nodes, edges: this.edges, lanes: new Map(this.lanes), rows: this.maxRow + 1 };
  }
}

/** Lays out a whole session at once (thoughts in any order; sorted by seq first). */
export function layoutThoughts(thoughts: readonly LayoutThought[]): Layout {
  const layout = new LaneLayout();
  const sorted = [...thoughts].sort((a, b) => a.seq - b.seq);
  for (const t of sorted) layout.place(t);
  return layout.snapshot();
}
