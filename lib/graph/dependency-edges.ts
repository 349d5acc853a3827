// Dependency edges of a breakdown session: ThoughtMCP's `breakdown` writes one thought per sub-problem
// and records in `metadata.thoughtmcp` its node id and the nodes it depends on (server/services/reasoning/
// reasoning-tools.ts). The graph draws these beside its next/branch/revision edges. Pure: the server resolves node ids
// to thought ids once per session read; the browser maps them onto the (possibly folded) graph per render, O(edges).

/** `to` depends on `from` (thought ids); `type` is the breakdown's kind: "hierarchical" or "sequential". */
export interface DependencyEdge {
  from: string;
  to: string;
  type: string;
}

interface Mark {
  call: string;
  node: string;
  dependsOn: { node: string; type: string }[];
}

function markOf(metadata: unknown): Mark | null {
  if (typeof metadata !== "object" || metadata === null) return null;
  const m = (metadata as { thoughtmcp?: unknown }).thoughtmcp;
  if (typeof m !== "object" || m === null) return null;
  const { call, node, dependsOn } = m as Record<string, unknown>;
  if (typeof call !== "string" || typeof node !== "string") return null;
  const deps = Array.isArray(dependsOn)
    ? dependsOn.flatMap((d: unknown) => {
        const { node: n, type } = (d ?? {}) as Record<string, unknown>;
        return typeof n === "string" ? [{ node: n, type: typeof type === "string" ? type : "sequential" }] : [];
      })
    : [];
  return { call, node, dependsOn: deps };
}

/** The session's dependency edges, in thought order. Node ids are unique within one call only (a session may hold
 *  several breakdowns), so they resolve within their call; a dependency on a node with no thought is dropped. */
export function dependencyEdges(thoughts: readonly { id: string; metadata: unknown }[]): DependencyEdge[] {
  const marks = thoughts.map((t) => ({ id: t.id, mark: markOf(t.metadata) }));
  const thoughtOf = new Map<string, string>();
  for (const { id, mark } of marks) if (mark) thoughtOf.set(`${mark.call}\u0000${mark.node}`, id);
  const edges: DependencyEdge[] = [];
  for (const { id, mark } of marks) {
    for (const d of mark?.dependsOn ?? []) {
      const from = thoughtOf.get(`${mark!.call}\u0000${d.node}`);
      if (from !== undefined && from !== id) edges.push({ from, to: id, type: d.type });
    }
  }
  return edges;
}

/** A dependency as the graph draws it: between visible nodes (a folded thought is drawn as its fold). */
export interface DependencyFlowEdge {
  id: string;
  source: string;
  target: string;
  type: string;
}

/** The dependency edges to draw: each end mapped to the node that shows it, dropping edges inside one fold, edges
 *  that repeat a next/branch edge between the same two nodes (breakdown's parent → first child is both), and
 *  repeats. */
export function dependencyFlowEdges(
  deps: readonly DependencyEdge[],
  shownAs: ReadonlyMap<string, string>,
  drawn: readonly { source: string; target: string }[],
): DependencyFlowEdge[] {
  if (deps.length === 0) return [];
  const seen = new Set(drawn.map((e) => `${e.source}>${e.target}`));
  const out: DependencyFlowEdge[] = [];
  for (const d of deps) {
    const source = shownAs.get(d.from);
    const target = shownAs.get(d.to);
    if (source === undefined || target === undefined || source === target) continue;
    const key = `${source}>${target}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ id: `dep:${key}`, source, target, type: d.type });
  }
  return out;
}
