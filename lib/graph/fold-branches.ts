// Branches the reader folds: a sub-agent's thread, a rewind or any branch shown as one summary in the graph and one
// row in the transcript, with every branch forked from inside it folded along. Independent of the size-based folding
// (./collapse.ts): applied to what that leaves. Pure, O(n).
import type { Folded, VisibleNode } from "./collapse";
import type { LaidOutEdge } from "./layout";

export interface LaneThought {
  id: string;
  kind: string | null;
  branchId: string | null;
  branchFromThoughtId: string | null;
}

/** Each hidden lane (branch key) with the folded branch it is hidden under: the folded branches themselves and every
 *  branch that forks from a thought in a hidden one. The main chain is never hidden. */
export function hiddenLanes(rows: readonly LaneThought[], folded: ReadonlySet<string>): Map<string, string> {
  const hidden = new Map<string, string>();
  if (folded.size === 0) return hidden;
  const laneOf = new Map<string, string>();
  const seen = new Set<string>([""]);
  for (const t of rows) {
    const lane = t.branchId ?? "";
    laneOf.set(t.id, lane);
    if (seen.has(lane)) continue;
    seen.add(lane);
    if (folded.has(lane)) hidden.set(lane, lane);
    else {
      const parent = t.branchFromThoughtId === null ? undefined : laneOf.get(t.branchFromThoughtId);
      const root = parent === undefined ? undefined : hidden.get(parent);
      if (root !== undefined) hidden.set(lane, root);
    }
  }
  return hidden;
}

/** What a branch is, in words: a sub-agent's thread forks from the tool call that started it, an imported branch
 *  from anywhere else is a rewind (an edited or retried message), and an agent's own branch is a branch. */
export function branchWord(first: Pick<LaneThought, "kind">, fork: Pick<LaneThought, "kind"> | undefined): string {
  if (fork?.kind === "tool_call") return "sub-agent";
  if (first.kind !== null) return "rewind";
  return "branch";
}

/** A branch's first thought and what it is in words (branchWord), by branch key, in first-seen order. */
export function describeBranches(rows: readonly LaneThought[]): Map<string, { firstId: string; word: string }> {
  const byId = new Map<string, LaneThought>();
  const out = new Map<string, { firstId: string; word: string }>();
  for (const t of rows) {
    byId.set(t.id, t);
    if (t.branchId === null || out.has(t.branchId)) continue;
    const fork = t.branchFromThoughtId === null ? undefined : byId.get(t.branchFromThoughtId);
    out.set(t.branchId, { firstId: t.id, word: branchWord(t, fork) });
  }
  return out;
}

/** A folded branch drawn as one node: `byReader` tells it from the summaries of ./collapse.ts (a click unfolds it). */
export type BranchSummary = Extract<VisibleNode, { kind: "branch" }> & { byReader: true };

export function isReaderFold(n: VisibleNode): n is BranchSummary {
  return n.kind === "branch" && (n as Partial<BranchSummary>).byReader === true;
}

/**
 * `graph` with each folded branch (and what forks from inside it) drawn as one summary node where the branch starts,
 * edges into and out of it joined to the summary, and the lanes left empty closed up. `laneOf` gives a thought's
 * branch key ("" for the main chain).
 */
export function foldBranches(
  graph: Folded,
  hidden: ReadonlyMap<string, string>,
  laneOf: (thoughtId: string) => string,
): Folded {
  if (hidden.size === 0) return graph;
  const keyOf = (n: VisibleNode) =>
    n.kind === "branch" ? n.branchKey : laneOf(n.kind === "thought" ? n.id : n.firstId);
  const summaries = new Map<string, BranchSummary>(); // by the folded branch's key
  const byId = new Map<string, BranchSummary>();
  const into = new Map<string, string>(); // a node folded away → its summary's id
  const nodes: VisibleNode[] = [];
  for (const n of graph.nodes) {
    const key = keyOf(n);
    const root = hidden.get(key);
    if (root === undefined) {
      nodes.push(n);
      continue;
    }
    // Nodes come in arrival order (./layout.ts) or lane by lane in first-seen order (./collapse.ts): either way a
    // folded branch's first node is met before those of the branches forked from inside it, and the summary stands
    // there.
    let s = summaries.get(root);
    if (!s) {
      const firstId = n.kind === "thought" ? n.id : n.firstId;
      s = {
        kind: "branch",
        id: `fold:${root}`,
        lane: n.lane,
        row: n.row,
        count: 0,
        firstId,
        branchKey: root,
        byReader: true,
      };
      summaries.set(root, s);
      byId.set(s.id, s);
      nodes.push(s);
    }
    into.set(n.id, s.id);
  }
  const shownAs = new Map<string, string>();
  for (const [thought, node] of graph.shownAs) {
    const s = into.get(node);
    shownAs.set(thought, s ?? node);
    if (s !== undefined) byId.get(s)!.count += 1;
  }

  const edges: LaidOutEdge[] = [];
  const seen = new Set<string>();
  for (const e of graph.edges) {
    const source = into.get(e.source) ?? e.source;
    const target = into.get(e.target) ?? e.target;
    if (source === target) continue;
    if (e.kind === "revises" && (source !== e.source || target !== e.target)) continue;
    const id = source === e.source && target === e.target ? e.id : `${e.kind[0]}:${source}:${target}`;
    if (seen.has(id)) continue;
    seen.add(id);
    edges.push(source === e.source && target === e.target ? e : { id, source, target, kind: e.kind });
  }

  // Lanes that only folded branches used are closed up, the others keep their order.
  const lanes = [...new Set(nodes.map((n) => n.lane))].sort((a, b) => a - b);
  const compact = new Map(lanes.map((l, i) => [l, i]));
  const placed = nodes.map((n) => {
    const lane = compact.get(n.lane)!;
    return lane === n.lane ? n : { ...n, lane };
  });
  return { nodes: placed, edges, shownAs, collapsed: graph.collapsed };
}

/** A transcript row: a thought, or a folded branch (with how many thoughts it holds and the first of them). */
export type TranscriptEntry<T> =
  { type: "thought"; thought: T } | { type: "fold"; branchKey: string; count: number; first: T };

/** The transcript's rows: thoughts in their order, each folded branch as one row where it starts (its thoughts and
 *  those of the branches under it counted there), and the row index showing each thought. */
export function transcriptEntries<T extends LaneThought>(
  rows: readonly T[],
  hidden: ReadonlyMap<string, string>,
): { entries: TranscriptEntry<T>[]; indexOf: Map<string, number> } {
  const indexOf = new Map<string, number>();
  if (hidden.size === 0) {
    const entries = rows.map((thought): TranscriptEntry<T> => ({ type: "thought", thought }));
    rows.forEach((t, i) => indexOf.set(t.id, i));
    return { entries, indexOf };
  }
  const entries: TranscriptEntry<T>[] = [];
  const folds = new Map<string, number>();
  for (const t of rows) {
    const root = hidden.get(t.branchId ?? "");
    if (root === undefined) {
      indexOf.set(t.id, entries.length);
      entries.push({ type: "thought", thought: t });
      continue;
    }
    let at = folds.get(root);
    if (at === undefined) {
      at = entries.length;
      folds.set(root, at);
      entries.push({ type: "fold", branchKey: root, count: 0, first: t });
    }
    const fold = entries[at] as Extract<TranscriptEntry<T>, { type: "fold" }>;
    fold.count += 1;
    indexOf.set(t.id, at);
  }
  return { entries, indexOf };
}
