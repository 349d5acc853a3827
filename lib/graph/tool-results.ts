// Tool results folded into their calls. An imported tool result is stored as a thought of its own: it arrives in a
// later record than its call (a sub-agent's result minutes later), and a stored thought is written once and never
// rewritten. People read a call and its result as one step, so the graph draws the call's node with its result folded
// in and the transcript shows the result collapsed under the call's row; a result whose call is not in the session
// stays a thought of its own. Pure and O(n); a result always arrives after its call, so folding the thoughts of a
// session that grows gives the rows it gave before plus the new ones (the lane layout extends instead of starting
// over, lib/graph/layout.ts growLayout).
import type { OutlineTool } from "../contracts/dashboard";

export interface ToolThought {
  id: string;
  kind: string | null;
  tool: OutlineTool | null;
  branchId: string | null;
  branchFromThoughtId: string | null;
  revisesThoughtId: string | null;
}

export interface FoldedResults<T> {
  /** The thoughts drawn, in their order: all but the results folded into a call. A thought that forked from (or
   *  revises) a folded result refers to its call instead, in a copy that is the same object every time. */
  rows: T[];
  /** The results folded into each call, by the call's thought id, in arrival order. */
  resultsOf: ReadonlyMap<string, readonly T[]>;
  /** The call each folded result shows with, by the result's thought id. */
  callOf: ReadonlyMap<string, string>;
}

/** Copies made by foldToolResults, by the thought they were made from: the same row object for the same thought. */
const copies = new WeakMap<object, { row: object; fork: string | null; revises: string | null }>();

function relinked<T extends ToolThought>(t: T, fork: string | null, revises: string | null): T {
  if (fork === t.branchFromThoughtId && revises === t.revisesThoughtId) return t;
  const hit = copies.get(t);
  if (hit && hit.fork === fork && hit.revises === revises) return hit.row as T;
  const row = { ...t, branchFromThoughtId: fork, revisesThoughtId: revises };
  copies.set(t, { row, fork, revises });
  return row;
}

export function foldToolResults<T extends ToolThought>(thoughts: readonly T[]): FoldedResults<T> {
  const rows: T[] = [];
  const resultsOf = new Map<string, T[]>();
  const callOf = new Map<string, string>();
  /** The latest call thought by its source call id. */
  const calls = new Map<string, string>();
  /** Lanes with a drawn thought, and the fork of a lane whose first thoughts were folded results (the lane's first
   *  drawn thought forks from there instead). */
  const drawnLanes = new Set<string>();
  const pendingFork = new Map<string, string>();
  const shown = (id: string | null) => (id === null ? null : (callOf.get(id) ?? id));
  for (const t of thoughts) {
    const lane = t.branchId ?? "";
    const call = t.kind === "tool_result" && t.tool ? calls.get(t.tool.callId) : undefined;
    if (call !== undefined) {
      callOf.set(t.id, call);
      const list = resultsOf.get(call);
      if (list) list.push(t);
      else resultsOf.set(call, [t]);
      if (!drawnLanes.has(lane) && t.branchFromThoughtId !== null && !pendingFork.has(lane)) {
        pendingFork.set(lane, t.branchFromThoughtId);
      }
      continue;
    }
    if (t.kind === "tool_call" && t.tool) calls.set(t.tool.callId, t.id);
    const fork = t.branchFromThoughtId ?? (drawnLanes.has(lane) ? null : (pendingFork.get(lane) ?? null));
    drawnLanes.add(lane);
    pendingFork.delete(lane);
    rows.push(relinked(t, shown(fork), shown(t.revisesThoughtId)));
  }
  return { rows, resultsOf, callOf };
}
