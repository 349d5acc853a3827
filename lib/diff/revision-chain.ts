// A thought's revision chain: the thoughts that revise one another (a revision thought names the thought it revises)
// through the selected one, oldest first, each with the versions revise_thought kept before its current text. The
// path runs back from the selected thought to the first thought it (indirectly) revises, and on from it through its
// earliest reviser, then that one's earliest, and so on. Pure: the server reads the links and texts.

export interface RevisionLink {
  id: string;
  seq: number;
  revisesThoughtId: string | null;
}

/** At most this many thoughts in one chain: agents that revise the same step again and again stay readable. */
export const MAX_CHAIN = 50;

/** The ids on the chain through `startId`, oldest first; `alternatives` counts revisers left off the path. */
export function revisionPath(startId: string, links: readonly RevisionLink[]): { ids: string[]; alternatives: number } {
  const byId = new Map(links.map((l) => [l.id, l]));
  const revisers = new Map<string, RevisionLink[]>();
  for (const l of links) {
    if (l.revisesThoughtId === null) continue;
    const list = revisers.get(l.revisesThoughtId) ?? [];
    list.push(l);
    revisers.set(l.revisesThoughtId, list);
  }
  for (const list of revisers.values()) list.sort((a, b) => a.seq - b.seq);
  const back: string[] = [startId];
  const seen = new Set(back);
  for (let cur = byId.get(startId); cur?.revisesThoughtId && back.length < MAX_CHAIN;) {
    const prev = cur.revisesThoughtId;
    if (seen.has(prev) || !byId.has(prev)) break;
    seen.add(prev);
    back.push(prev);
    cur = byId.get(prev);
  }
  const ids = back.reverse();
  let alternatives = 0;
  // Revisers of the thoughts before the selected one that the path does not pass through.
  for (let i = 0; i < ids.length - 1; i++) alternatives += (revisers.get(ids[i]!)?.length ?? 1) - 1;
  for (let cur = startId; ids.length < MAX_CHAIN;) {
    const next = (revisers.get(cur) ?? []).find((r) => !seen.has(r.id));
    if (!next) break;
    alternatives += (revisers.get(cur)?.length ?? 1) - 1;
    seen.add(next.id);
    ids.push(next.id);
    cur = next.id;
  }
  return { ids, alternatives };
}

export interface ChainThought {
  id: string;
  seq: number;
  thoughtNumber: number;
  branchId: string | null;
  version: number;
  text: string;
  createdAt: string;
}

export interface ChainStep {
  thoughtId: string;
  seq: number;
  thoughtNumber: number;
  branchId: string | null;
  /** 1 for a thought never edited; revise_thought's versions count up to the thought's current one. */
  version: number;
  /** The thought's current text (false: an earlier version kept by revise_thought). */
  current: boolean;
  text: string;
  createdAt: string;
}

/** The steps of a chain: per thought, its kept versions (oldest first) and then its current text. */
export function chainSteps(
  thoughts: readonly ChainThought[],
  versions: ReadonlyMap<string, readonly { version: number; text: string; createdAt: string }[]>,
): ChainStep[] {
  return thoughts.flatMap((t) => {
    const base = { thoughtId: t.id, seq: t.seq, thoughtNumber: t.thoughtNumber, branchId: t.branchId };
    const kept = [...(versions.get(t.id) ?? [])].sort((a, b) => a.version - b.version);
    return [
      ...kept.map((v) => ({ ...base, version: v.version, current: false, text: v.text, createdAt: v.createdAt })),
      { ...base, version: t.version, current: true, text: t.text, createdAt: t.createdAt },
    ];
  });
}
