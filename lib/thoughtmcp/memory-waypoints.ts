// Waypoint links (seed 003, remember): a new memory links to its 1–3 most similar memories whose similarity is at or
// above a threshold (ThoughtMCP uses 0.7), in both directions, and the answer reports linksCreated. Pure: the service
// passes the candidates' similarities (lexical by default, cosine of embeddings when a provider is configured) and
// stores the links it gets back in one transaction with the memory.
//
// With lexical similarity 0.7 is demanding: two memories must share most of their specific words (tests in
// memory-lexical-index.test.ts show paraphrases of one fact reach it and unrelated facts sharing a common word do
// not), so most memories get no link. That is the seed's threshold, kept; it is an option here for the service.

export const WAYPOINT_THRESHOLD = 0.7;
export const MAX_WAYPOINTS = 3;

export interface WaypointLink {
  sourceId: string;
  targetId: string;
  /** The similarity that made the link, 0–1; recall's linkWeight sums these. */
  weight: number;
}

export interface WaypointCandidate {
  id: string;
  similarity: number;
}

/**
 * The links a new memory gets: its most similar candidates at or above `threshold`, at most `max`, best first (ties by
 * id), each as a pair of links (new → old, old → new). The memory itself and repeated ids are ignored.
 */
export function selectWaypoints(
  memoryId: string,
  candidates: readonly WaypointCandidate[],
  options: { threshold?: number; max?: number } = {},
): { targets: WaypointCandidate[]; links: WaypointLink[] } {
  const threshold = options.threshold ?? WAYPOINT_THRESHOLD;
  const max = Math.max(0, Math.min(options.max ?? MAX_WAYPOINTS, MAX_WAYPOINTS));
  const best = new Map<string, number>();
  for (const c of candidates) {
    if (c.id === memoryId || !Number.isFinite(c.similarity) || c.similarity < threshold) continue;
    best.set(c.id, Math.max(best.get(c.id) ?? 0, Math.min(1, c.similarity)));
  }
  const targets = [...best]
    .map(([id, similarity]) => ({ id, similarity }))
    .sort((a, b) => b.similarity - a.similarity || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, max);
  const links = targets.flatMap((t) => [
    { sourceId: memoryId, targetId: t.id, weight: t.similarity },
    { sourceId: t.id, targetId: memoryId, weight: t.similarity },
  ]);
  return { targets, links };
}
