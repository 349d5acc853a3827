// Server-only: ThoughtMCP's memory reads (seed 003): recall (composite score) and search (full text), with the seed's
// filters (sectors, primarySector, minStrength, minSalience, dateRange on createdAt, metadata) and offset paging.
// Scoped to the caller's project and userId; soft-deleted memories never appear (the seed: soft delete hides).
//
// recall: score = 0.6·similarity + 0.2·salience + 0.1·recency + 0.1·linkWeight (lib/thoughtmcp/memory-ranking.ts).
// With a text, only memories that share something with it (similarity > 0) are recalled: a memory with nothing in
// common with the question is not an answer to it, whatever its salience. Without a text, every memory matching the
// filters is ranked by salience, recency and links. Full rows are loaded only for the page.
//
// Recall filters and ranks every live memory of the user, exactly, in memory: their signals and the lexical index are
// cached per user beside each other and checked against the database by one aggregate query per recall
// (memory-similarity.ts, recallState). Search with a text filters and ranks the newest SEARCH_WINDOW matches
// (server/services/search/full-text.ts) and says whether that was all of them (`totalExact`).
import { highlight, snippet } from "@/lib/search/highlight";
import { highlightHtml } from "@/lib/search/highlight-html";
import { parseQuery } from "@/lib/search/query";
import type {
  MemorySector,
  MemoryView,
  RecallInput,
  RecallResult,
  SearchInput,
  SearchResult,
} from "@/lib/contracts/thoughtmcp-memory";
import { linkWeight, recallScore, recency, topByScore } from "@/lib/thoughtmcp/memory-ranking";
import type { Db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/sqlite/client";
import { matchMemories } from "../search/full-text";
import { COMPONENTS, type Answer } from "./memories";
import {
  embeddingProvider,
  embeddingSimilarities,
  queryVector,
  recallState,
  scheduleReembed,
  userVectors,
  type MemorySignals,
  type SimilarityKind,
  type UserScope,
} from "./memory-similarity";

/** Characters of content around the first match in a search answer's highlight. */
const HIGHLIGHT_CHARS = 200;

type Filters = Omit<RecallInput, "text" | "limit" | "offset">;

/** The SQL part of the filters; metadata is matched in JavaScript (metadataMatches) on both back ends alike. */
function filterWhere(projectId: string, f: Filters): Prisma.MemoryWhereInput {
  let sectors: MemorySector[] | undefined = f.sectors;
  if (f.primarySector) sectors = sectors ? sectors.filter((s) => s === f.primarySector) : [f.primarySector];
  return {
    projectId,
    userId: f.userId,
    deletedAt: null,
    strength: { gt: 0, ...(f.minStrength !== undefined ? { gte: f.minStrength } : {}) },
    ...(f.minSalience !== undefined ? { salience: { gte: f.minSalience } } : {}),
    ...(sectors ? { primarySector: { in: sectors } } : {}),
    ...(f.dateRange?.start || f.dateRange?.end
      ? {
          createdAt: {
            ...(f.dateRange.start ? { gte: new Date(f.dateRange.start) } : {}),
            ...(f.dateRange.end ? { lte: new Date(f.dateRange.end) } : {}),
          },
        }
      : {}),
  };
}

interface StoredMetadata {
  keywords?: string[];
  tags?: string[];
  category?: string;
  context?: string;
}

const fold = (s: string) => s.trim().toLowerCase();

/** A memory matches when it has every keyword and every tag asked for, and the category when asked (case-folded). */
export function metadataMatches(stored: unknown, filter: Filters["metadata"]): boolean {
  if (!filter) return true;
  const m = (stored ?? {}) as StoredMetadata;
  const has = (list: string[] | undefined, wanted: string[] | undefined) => {
    if (!wanted?.length) return true;
    const set = new Set((list ?? []).map(fold));
    return wanted.every((w) => set.has(fold(w)));
  };
  if (!has(m.keywords, filter.keywords) || !has(m.tags, filter.tags)) return false;
  return filter.category === undefined || fold(m.category ?? "") === fold(filter.category);
}

const NARROW = { id: true, createdAt: true, salience: true, metadata: true } as const;

type Narrow = Awaited<ReturnType<typeof candidates>>[number];

async function candidates(db: Db, projectId: string, f: Filters) {
  const rows = await db.memory.findMany({ where: filterWhere(projectId, f), select: NARROW });
  return rows.filter((r) => metadataMatches(r.metadata, f.metadata));
}

type MemoryRow = Awaited<ReturnType<Db["memory"]["findFirstOrThrow"]>>;

export function toMemoryView(row: MemoryRow): MemoryView {
  const metadata = (row.metadata ?? {}) as StoredMetadata;
  return {
    id: row.id,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    lastAccessed: row.lastAccessed.toISOString(),
    strength: row.strength,
    salience: row.salience,
    primarySector: row.primarySector as MemorySector,
    metadata: { ...metadata, importance: row.importance },
  };
}

/** Full rows of one page, in the page's order. */
async function loadPage(db: Db, ids: string[]): Promise<MemoryRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.memory.findMany({ where: { id: { in: ids } } });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const newerFirst = (a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Cosine of `text`'s embedding with each live memory's stored vector of the current model, or undefined when the
 * provider failed (recall then ranks lexically). Reads every live vector of the user: linear in memories × dimensions,
 * see lib/search/README.md "Embedding similarity: where JS cosine stops" for the sizes that stay fast.
 */
async function embeddingSimilaritiesOf(
  db: Db,
  scope: UserScope,
  text: string,
): Promise<Map<string, number> | undefined> {
  const provider = embeddingProvider()!;
  const [embedded, vectors] = await Promise.all([queryVector(provider, text), userVectors(db, scope, provider.model)]);
  if (!("vector" in embedded)) return undefined;
  const values = embeddingSimilarities(embedded.vector, vectors);
  // A model change leaves vectors of the old model: re-embed them in the background (this answer counts them 0).
  void scheduleReembed(db, { force: vectors.stale > 0 });
  return values;
}

/** recall's filters over cached signals: filterWhere's rules (the live ones are the cache's), and the metadata. */
function signalMatches(m: MemorySignals, f: Filters): boolean {
  let sectors: MemorySector[] | undefined = f.sectors;
  if (f.primarySector) sectors = sectors ? sectors.filter((s) => s === f.primarySector) : [f.primarySector];
  const at = m.createdAt.getTime();
  return (
    m.strength > 0 &&
    (f.minStrength === undefined || m.strength >= f.minStrength) &&
    (f.minSalience === undefined || m.salience >= f.minSalience) &&
    (sectors === undefined || sectors.includes(m.primarySector as MemorySector)) &&
    (!f.dateRange?.start || at >= new Date(f.dateRange.start).getTime()) &&
    (!f.dateRange?.end || at <= new Date(f.dateRange.end).getTime()) &&
    metadataMatches(m.metadata, f.metadata)
  );
}

export async function recall(db: Db, projectId: string, input: RecallInput): Promise<Answer<RecallResult>> {
  const scope = { projectId, userId: input.userId };
  const now = Date.now();
  const text = input.text?.trim() ? input.text : undefined;
  const embedding = text ? embeddingProvider() : undefined;
  let similarity: Map<string, number> | undefined;
  let kind: SimilarityKind | undefined;
  let embeddingFailed = false;
  if (text && embedding) {
    similarity = await embeddingSimilaritiesOf(db, scope, text);
    kind = "embedding";
    embeddingFailed = similarity === undefined;
  }
  const { signals, index } = await recallState(db, scope, Boolean(text) && !similarity);
  if (text && index) {
    similarity = index.similarities(text);
    kind = "lexical";
  }
  const pool = [...(similarity ? similarity.keys() : signals.keys())].flatMap((id) => {
    const m = signals.get(id);
    return m && signalMatches(m, input) && (!similarity || (similarity.get(id) ?? 0) > 0) ? [m] : [];
  });
  const ranked = topByScore(
    pool,
    (m) =>
      recallScore({
        similarity: similarity ? (similarity.get(m.id) ?? 0) : undefined,
        salience: m.salience,
        recency: recency(m.createdAt.getTime(), now),
        linkWeight: linkWeight(m.links),
      }),
    newerFirst,
    input.offset + input.limit,
  );
  const page = ranked.slice(input.offset);
  const full = await loadPage(
    db,
    page.map((p) => p.item.id),
  );
  const scoreOf = new Map(page.map((p) => [p.item.id, p.score]));
  const memories = full.map((row) => ({ ...toMemoryView(row), score: scoreOf.get(row.id) ?? 0 }));
  const components: string[] = [COMPONENTS.repository];
  if (embeddingFailed) components.push(COMPONENTS.embeddingUnavailable);
  if (kind) components.push(kind === "embedding" ? COMPONENTS.embedding : COMPONENTS.lexical);
  components.push(COMPONENTS.graph);
  return {
    data: {
      memories,
      totalCount: pool.length,
      scores: Object.fromEntries(memories.map((m) => [m.id, m.score])),
      ...(kind ? { similarity: kind } : {}),
    },
    componentsUsed: components,
  };
}

export async function searchMemories(db: Db, projectId: string, input: SearchInput): Promise<Answer<SearchResult>> {
  const parsed = input.text !== undefined ? parseQuery(input.text) : undefined;
  // The contract refuses a text that does not parse; this only narrows the type.
  const query = parsed?.ok ? parsed.query : undefined;
  let rows: Narrow[];
  let rankOf = new Map<string, number>();
  let totalExact = true;
  if (query) {
    // The newest SEARCH_WINDOW matches meet the filters as an `id IN (…)` of at most that many ids.
    const { hits, complete } = await matchMemories(db, { projectId, userId: input.userId }, query);
    rankOf = new Map(hits.map((h) => [h.id, h.rank]));
    totalExact = complete;
    rows = (
      await db.memory.findMany({
        where: { ...filterWhere(projectId, input), id: { in: [...rankOf.keys()] } },
        select: NARROW,
      })
    ).filter((r) => metadataMatches(r.metadata, input.metadata));
  } else {
    rows = await candidates(db, projectId, input);
  }
  rows.sort((a, b) => (rankOf.get(b.id) ?? 0) - (rankOf.get(a.id) ?? 0) || newerFirst(a, b));
  const page = await loadPage(
    db,
    rows.slice(input.offset, input.offset + input.limit).map((r) => r.id),
  );
  return {
    data: {
      memories: page.map((row) => {
        const marks = query ? highlight(row.content, query) : { ranges: [], matchedTerms: [] };
        const cut = snippet(row.content, marks.ranges, HIGHLIGHT_CHARS);
        return {
          ...toMemoryView(row),
          rank: rankOf.get(row.id) ?? 0,
          highlight: highlightHtml(cut.text, cut.ranges),
          highlightText: cut.text,
          highlightRanges: cut.ranges,
          matchedTerms: marks.matchedTerms,
        };
      }),
      totalCount: rows.length,
      totalExact,
      searchType: query ? "full-text" : "filter",
    },
    componentsUsed: query ? [COMPONENTS.repository, COMPONENTS.fullText] : [COMPONENTS.repository],
  };
}
