// Two lines of reasoning side by side: main and the session's branches are each a path from the session's first
// thought to the lane's last one (a branch's path runs along its parent's lane up to its fork, then along its own).
// Two paths share a prefix (the shared path, shown once) and part at the fork; the rest of each is aligned by step
// (the n-th thought after the fork beside the n-th). Pure, O(n) in the session's thoughts.
import type { Layout } from "./layout";

/** The URL's name for the main line; branches go by their branchId. */
export const MAIN = "main";

/** The lines picked to compare after `line` is picked or unpicked (the graph's picker and its b key): at most two,
 *  a third pick drops the earliest. */
export function togglePicked(picked: readonly string[], line: string): string[] {
  return picked.includes(line) ? picked.filter((x) => x !== line) : [...picked, line].slice(-2);
}

export interface ComparePaths {
  /** Thought ids both paths hold, from the first thought to the fork. */
  shared: string[];
  left: string[];
  right: string[];
}

export type CompareResult =
  { ok: true; paths: ComparePaths } | { ok: false; message: string; field: "left" | "right" | "both" };

/** The names a comparison may use: "main" and the branch ids, in first-seen order. */
export function lineNames(layout: Layout): string[] {
  return [...layout.lanes.entries()].sort((a, b) => a[1] - b[1]).map(([key]) => (key === "" ? MAIN : key));
}

/** The path of one lane: its last thought, back through the lane and each fork to the session's first thought. */
export function pathOf(layout: Layout, lane: number): string[] {
  const previous = new Map<string, string>();
  for (const e of layout.edges) if (e.kind !== "revises") previous.set(e.target, e.source);
  let last: string | undefined;
  for (const n of layout.nodes) if (n.lane === lane) last = n.id;
  const path: string[] = [];
  const seen = new Set<string>();
  for (let id = last; id !== undefined && !seen.has(id); id = previous.get(id)) {
    seen.add(id);
    path.push(id);
  }
  return path.reverse();
}

export function comparePaths(layout: Layout, left: string, right: string): CompareResult {
  const names = lineNames(layout);
  const laneOf = (name: string) => layout.lanes.get(name === MAIN ? "" : name);
  const known = `This session has ${names.map((n) => `"${n}"`).join(", ")}.`;
  const l = laneOf(left);
  const r = laneOf(right);
  if (l === undefined && r === undefined) {
    return { ok: false, field: "both", message: `No line "${left}" or "${right}" in this session. ${known}` };
  }
  if (l === undefined) return { ok: false, field: "left", message: `No line "${left}" in this session. ${known}` };
  if (r === undefined) return { ok: false, field: "right", message: `No line "${right}" in this session. ${known}` };
  if (l === r)
    return { ok: false, field: "right", message: `Pick two different lines to compare: both sides are "${left}".` };
  const a = pathOf(layout, l);
  const b = pathOf(layout, r);
  let shared = 0;
  while (shared < a.length && shared < b.length && a[shared] === b[shared]) shared++;
  return { ok: true, paths: { shared: a.slice(0, shared), left: a.slice(shared), right: b.slice(shared) } };
}

/** Rows of the comparison after the fork: the n-th thought of each side beside each other (null past a side's end). */
export function alignedRows(paths: ComparePaths): { left: string | null; right: string | null }[] {
  return Array.from({ length: Math.max(paths.left.length, paths.right.length) }, (_, i) => ({
    left: paths.left[i] ?? null,
    right: paths.right[i] ?? null,
  }));
}
