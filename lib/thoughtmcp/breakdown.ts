// breakdown: decomposes a problem into a tree of sub-problems to maxDepth (data/breakdown-templates.json), with
// hierarchical edges (parent → child) and sequential edges (prerequisite → dependent), and an execution order by
// topological sort (Kahn's algorithm). A cycle raises DependencyCycleError naming its nodes; it never loops. Method:
// template.
import templatesJson from "./data/breakdown-templates.json";
import type { EngineResult } from "./types";
import { BREAKDOWN_DEPTH } from "./vocabulary";

export interface SubProblem {
  id: string;
  description: string;
  depth: number;
  parent?: string;
}

export interface Dependency {
  from: string;
  to: string;
  type: "hierarchical" | "sequential";
}

export interface BreakdownAnswer {
  problem: string;
  subProblems: SubProblem[];
  dependencies: Dependency[];
  executionOrder: string[];
  totalSubProblems: number;
  maxDepth: number;
  /** Which template decomposed the problem (fix, decide, plan, build, understand). */
  kind: string;
}

interface Step {
  text: string;
  after: number[];
}

const KINDS = templatesJson.kinds.map((k) => ({ id: k.id, regex: new RegExp(k.pattern, "i"), children: k.children }));
const NESTED: Step[] = templatesJson.nested;

export class DependencyCycleError extends Error {
  constructor(readonly cycle: string[]) {
    super(`The dependencies form a cycle: ${cycle.join(" → ")}`);
    this.name = "DependencyCycleError";
  }
}

/**
 * Kahn's topological sort, O(nodes + edges). Among nodes that are ready at once, the earlier one in `nodes` goes first,
 * so the order is stable. Throws DependencyCycleError when some nodes can never become ready.
 */
export function topologicalOrder(nodes: readonly string[], edges: readonly { from: string; to: string }[]): string[] {
  const position = new Map(nodes.map((n, i) => [n, i]));
  const indegree = new Map(nodes.map((n) => [n, 0]));
  const next = new Map<string, string[]>(nodes.map((n) => [n, []]));
  for (const e of edges) {
    if (!position.has(e.from) || !position.has(e.to)) throw new Error(`Edge ${e.from} → ${e.to} names an unknown node`);
    next.get(e.from)!.push(e.to);
    indegree.set(e.to, indegree.get(e.to)! + 1);
  }
  // A sorted ready list keeps the stable tie-break; breakdown trees stay under ~200 nodes, so insertion is cheap.
  const ready = nodes.filter((n) => indegree.get(n) === 0);
  const order: string[] = [];
  while (ready.length > 0) {
    const node = ready.shift()!;
    order.push(node);
    for (const to of next.get(node)!) {
      const left = indegree.get(to)! - 1;
      indegree.set(to, left);
      if (left === 0) {
        const at = ready.findIndex((r) => position.get(r)! > position.get(to)!);
        ready.splice(at === -1 ? ready.length : at, 0, to);
      }
    }
  }
  if (order.length < nodes.length) throw new DependencyCycleError(findCycle(nodes, next, new Set(order)));
  return order;
}

/**
 * Every node left unsorted kept a positive indegree, so it has an unsorted predecessor. Walking predecessors from any
 * unsorted node must therefore repeat a node within n steps; the stretch between the repeats, reversed, is a cycle.
 * (Walking successors instead could end at an unsorted sink.)
 */
function findCycle(nodes: readonly string[], next: Map<string, string[]>, sorted: Set<string>): string[] {
  const prev = new Map<string, string>();
  for (const [from, tos] of next) {
    if (sorted.has(from)) continue;
    for (const to of tos) if (!sorted.has(to) && !prev.has(to)) prev.set(to, from);
  }
  const seen = new Map<string, number>();
  const path: string[] = [];
  let node = nodes.find((n) => !sorted.has(n))!;
  while (!seen.has(node)) {
    seen.set(node, path.length);
    path.push(node);
    node = prev.get(node)!;
  }
  const cycle = path.slice(seen.get(node)).reverse();
  return [...cycle, cycle[0]!];
}

export interface BreakdownInput {
  problem: string;
  maxDepth?: number;
}

export function breakdown(input: BreakdownInput): EngineResult<BreakdownAnswer> {
  const maxDepth = input.maxDepth ?? BREAKDOWN_DEPTH.default;
  if (!Number.isInteger(maxDepth) || maxDepth < BREAKDOWN_DEPTH.min || maxDepth > BREAKDOWN_DEPTH.max) {
    throw new RangeError(`maxDepth must be a whole number from 1 to 5, got ${maxDepth}`);
  }
  const kind = KINDS.find((k) => k.regex.test(input.problem)) ?? KINDS[KINDS.length - 1]!;
  const rootId = "problem-1-0";
  const subProblems: SubProblem[] = [{ id: rootId, description: input.problem, depth: 1 }];
  const dependencies: Dependency[] = [];

  const expand = (parent: SubProblem, steps: Step[]) => {
    if (parent.depth >= maxDepth) return;
    const ids = steps.map((_, i) => `${parent.id}-${i}`);
    steps.forEach((step, i) => {
      const child: SubProblem = {
        id: ids[i]!,
        description: step.text.replace("{x}", parent.depth === 1 ? input.problem : parent.description),
        depth: parent.depth + 1,
        parent: parent.id,
      };
      subProblems.push(child);
      dependencies.push({ from: parent.id, to: child.id, type: "hierarchical" });
      for (const before of step.after) dependencies.push({ from: ids[before]!, to: child.id, type: "sequential" });
    });
    for (const id of ids)
      expand(
        subProblems.find((s) => s.id === id)!,
        NESTED,
      );
  };
  expand(subProblems[0]!, kind.children);

  return {
    data: {
      problem: input.problem,
      subProblems,
      dependencies,
      executionOrder: topologicalOrder(
        subProblems.map((s) => s.id),
        dependencies,
      ),
      totalSubProblems: subProblems.length,
      maxDepth,
      kind: kind.id,
    },
    componentsUsed: ["template"],
  };
}
