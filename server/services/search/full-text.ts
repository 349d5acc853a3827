// Server-only: the full-text index's queries, one function per indexed text, with one SQL text per back end. The
// query string comes from the one parser (lib/search/query.ts) compiled by lib/search/fts5.ts (SQLite FTS5 MATCH) or
// lib/search/tsquery.ts (PostgreSQL to_tsquery) and is always a bound parameter. Every query is scoped to the caller's
// project inside the SQL. Storage and the measurements behind it: lib/search/README.md; the tables and triggers are in
// the memory_search migration of each provider.
//
// Ranks are in (0, 1) on both back ends (rankFromBm25, rankFromTsRank), comparable within one answer only.
import { toFts5, rankFromBm25 } from "@/lib/search/fts5";
import type { QueryNode } from "@/lib/search/query";
import { rankFromTsRank, toTsquery } from "@/lib/search/tsquery";
import { providerOfDb, type Db } from "@/server/db/client";
import { activeWriteThread } from "@/server/ingest/write-thread";

/**
 * At most this many ids come back from a match that callers pass on as an `id IN (…)` list (the sessions list, the
 * Memories page): below the 32,766 bound values both back ends allow per statement, leaving room for the filters.
 * A query matching more sessions than this lists the first 30,000 the index returns.
 */
export const MAX_MATCH_IDS = 30_000;

export interface RankedId {
  id: string;
  /** 0–1, larger is better. */
  rank: number;
}

interface RawHit {
  id: string;
  score: number | string | null;
}

function ranked(rows: RawHit[], sqlite: boolean): RankedId[] {
  return rows.map((r) => {
    const score = Number(r.score ?? 0);
    return { id: r.id, rank: sqlite ? rankFromBm25(score) : rankFromTsRank(score) };
  });
}

/**
 * Search ranks a bounded window: the newest SEARCH_WINDOW index rows that match in the scope (thought texts and
 * earlier versions, or a user's memories; newest by index key on SQLite, by id (uuidv7) for thoughts and createdAt for
 * memories on PostgreSQL), ranked by bm25 or ts_rank. A query matching fewer rows is ranked exactly; one matching more ranks only its newest matches, and the
 * answer says so (`totalExact: false`). Why: ranking every match costs what the match count costs. At 100,000
 * thoughts a pair of common words matches tens of thousands of rows: the bare `MATCH … ORDER BY rank LIMIT 20` took
 * p99 229 ms on a quiet machine (1,353 ms loaded). FTS5 walks `ORDER BY rowid DESC LIMIT n` from the end of its
 * doclists and stops after n, so the window costs what n costs: p99 11 ms with the project join, bm25, the grouping
 * and the count in one statement (numbers: lib/search/README.md, "Bounded ranking").
 */
export const SEARCH_WINDOW = 1_000;

export interface ThoughtHitPage {
  /** Thought ids, best first; a thought matched by its current text or any earlier version counts once. */
  hits: RankedId[];
  /** Thoughts matching in the project, before limit/offset; exact when `totalExact`, else those in the window. */
  total: number;
  /** False when more than SEARCH_WINDOW rows matched: `total` and the ranking cover the newest of them only. */
  totalExact: boolean;
}

interface WindowHit extends RawHit {
  total: number | bigint;
  windowed: number | bigint;
}

/**
 * The newest SEARCH_WINDOW memories of one user of one project whose content matches, with their ranks (soft-deleted
 * ones only on request); `complete` is false when more matched (then the caller's filters and ranking see only these).
 */
export async function matchMemories(
  db: Db,
  scope: { projectId: string; userId: string; includeDeleted?: boolean },
  query: QueryNode,
): Promise<{ hits: RankedId[]; complete: boolean }> {
  const sqlite = providerOfDb(db) === "sqlite";
  const live = scope.includeDeleted ? "" : `AND m."deletedAt" IS NULL`;
  const rows = sqlite
    ? await db.$queryRawUnsafe<RawHit[]>(
        `SELECT m."id" AS "id", bm25("MemoryFts") AS "score" FROM "MemoryFts"
         JOIN "MemorySearchKey" k ON k."key" = "MemoryFts".rowid JOIN "Memory" m ON m."id" = k."memoryId"
         WHERE "MemoryFts" MATCH ? AND m."projectId" = ? AND m."userId" = ? ${live}
         ORDER BY "MemoryFts".rowid DESC LIMIT ${SEARCH_WINDOW}`,
        toFts5(query),
        scope.projectId,
        scope.userId,
      )
    : await db.$queryRawUnsafe<RawHit[]>(
        `SELECT "id", ts_rank("v", to_tsquery('simple', $1), 1) AS "score" FROM (
           SELECT m."id", m."searchVector" AS "v" FROM "Memory" m
           WHERE m."searchVector" @@ to_tsquery('simple', $1) AND m."projectId" = $2 AND m."userId" = $3 ${live}
           ORDER BY m."createdAt" DESC LIMIT ${SEARCH_WINDOW}) "recent"`,
        toTsquery(query),
        scope.projectId,
        scope.userId,
      );
  return { hits: ranked(rows, sqlite), complete: rows.length < SEARCH_WINDOW };
}

/** On SQLite the write thread indexes committed thoughts when it is quiet (server/ingest/search-index-sqlite.ts):
 *  what is still waiting is indexed before a search reads the index, so every acknowledged thought is found. */
async function thoughtIndexCurrent(): Promise<void> {
  await activeWriteThread()?.flushSearchIndex();
}

/** Thoughts of the project whose text (any version) matches, best first, one page of the bounded window. */
export async function matchThoughts(
  db: Db,
  projectId: string,
  query: QueryNode,
  page: { limit: number; offset: number },
): Promise<ThoughtHitPage> {
  const sqlite = providerOfDb(db) === "sqlite";
  if (sqlite) await thoughtIndexCurrent();
  // MIN(bm25): bm25 is negative, so the best version of each thought; MAX(ts_rank) likewise.
  // PostgreSQL: the newest thoughts are the largest ids (uuidv7, lib/ids.ts), so `ORDER BY t."id" DESC LIMIT n` can
  // walk the primary key backwards, test `@@` on each row and stop at the n-th match, as FTS5 walks its rowids. The
  // planner picks that walk when its tsvector statistics say the query is common (the walk stops early) and the GIN
  // bitmap when it is rare (few matches to sort). Ordered by createdAt, which no index serves since
  // 20261122013556_drop_time_indexes, every GIN match was read and sorted: p99 454–477 ms at 100,000 thoughts under
  // load (numbers and plans: lib/search/README.md, "Bounded ranking"). matchSessions' window is ordered the same way.
  const rows = sqlite
    ? await db.$queryRawUnsafe<WindowHit[]>(
        `WITH "recent" AS MATERIALIZED (
           SELECT k."thoughtId" AS "id", bm25("ThoughtFts") AS "score"
           FROM "ThoughtFts" JOIN "ThoughtSearchKey" k ON k."key" = "ThoughtFts".rowid
           JOIN "Thought" t ON t."id" = k."thoughtId"
           WHERE "ThoughtFts" MATCH ? AND t."projectId" = ?
           ORDER BY "ThoughtFts".rowid DESC LIMIT ${SEARCH_WINDOW})
         SELECT "id", MIN("score") AS "score", COUNT(*) OVER () AS "total",
           (SELECT COUNT(*) FROM "recent") AS "windowed"
         FROM "recent" GROUP BY "id" ORDER BY "score", "id" LIMIT ? OFFSET ?`,
        toFts5(query),
        projectId,
        page.limit,
        page.offset,
      )
    : await db.$queryRawUnsafe<WindowHit[]>(
        `WITH "recent" AS MATERIALIZED (
           SELECT "id", "v", "at" FROM (
             (SELECT t."id", t."searchVector" AS "v", t."createdAt" AS "at" FROM "Thought" t
              WHERE t."projectId" = $2 AND t."searchVector" @@ to_tsquery('simple', $1)
              ORDER BY t."id" DESC LIMIT ${SEARCH_WINDOW})
             UNION ALL
             (SELECT v."thoughtId", v."searchVector", v."createdAt" FROM "ThoughtVersion" v
              JOIN "Thought" t ON t."id" = v."thoughtId"
              WHERE t."projectId" = $2 AND v."searchVector" @@ to_tsquery('simple', $1)
              ORDER BY v."createdAt" DESC LIMIT ${SEARCH_WINDOW})
           ) "both" ORDER BY "at" DESC, "id" DESC LIMIT ${SEARCH_WINDOW})
         SELECT "id", MAX(ts_rank("v", to_tsquery('simple', $1), 1)) AS "score", COUNT(*) OVER () AS "total",
           (SELECT COUNT(*) FROM "recent") AS "windowed"
         FROM "recent" GROUP BY "id" ORDER BY "score" DESC, "id" LIMIT $3 OFFSET $4`,
        toTsquery(query),
        projectId,
        page.limit,
        page.offset,
      );
  const first = rows[0];
  if (!first) {
    // No row carries the counts: nothing matched, or the page is past the end (then count with the first page).
    if (page.offset === 0) return { hits: [], total: 0, totalExact: true };
    const { total, totalExact } = await matchThoughts(db, projectId, query, { limit: 1, offset: 0 });
    return { hits: [], total, totalExact };
  }
  return { hits: ranked(rows, sqlite), total: Number(first.total), totalExact: Number(first.windowed) < SEARCH_WINDOW };
}

/** Ids of the project's sessions whose title matches (for the sessions list's text search). */
export async function matchSessionTitles(db: Db, projectId: string, query: QueryNode): Promise<string[]> {
  const rows =
    providerOfDb(db) === "sqlite"
      ? await db.$queryRawUnsafe<{ id: string }[]>(
          `SELECT s."id" AS "id" FROM "SessionTitleFts"
           JOIN "SessionSearchKey" k ON k."key" = "SessionTitleFts".rowid JOIN "ThinkingSession" s ON s."id" = k."sessionId"
           WHERE "SessionTitleFts" MATCH ? AND s."projectId" = ?`,
          toFts5(query),
          projectId,
        )
      : await db.$queryRawUnsafe<{ id: string }[]>(
          `SELECT s."id" AS "id" FROM "ThinkingSession" s
           WHERE s."projectId" = $2 AND s."searchVector" @@ to_tsquery('simple', $1)`,
          toTsquery(query),
          projectId,
        );
  return rows.map((r) => r.id);
}

/**
 * The sessions list's text search reads the sessions of the newest SESSION_WINDOW matching thought rows (plus every
 * session whose title matches), not of every match: a common word matches most thoughts, and collecting the distinct
 * sessions of all of them cost p99 101 ms at 100,000 thoughts against 12 ms for a window of 2,000 (same run, quiet
 * machine). The list is ordered by activity by default, and the newest matches belong to the most active sessions; a
 * query matching more rows than this lists fewer sessions than match (lib/search/README.md, "Bounded ranking").
 * PostgreSQL: newest by id (uuidv7), as matchThoughts, so a common query walks the primary key backwards and stops at
 * the 2,000th match: EXPLAIN (ANALYZE, BUFFERS) at 100,000 thoughts, two of the most frequent words, 3,871 buffers and
 * 3.6 ms, against a parallel sequential scan of the whole table (13,542 buffers, 29,608 rows per worker sorted) and
 * 172 ms ordered by createdAt. SQLite's window is FTS5 rowid order, insertion order too.
 */
export const SESSION_WINDOW = 2_000;

/**
 * Ids of the project's sessions whose title or a recent thought (any version) matches: the sessions list's text
 * search. The index answers it instead of a LIKE scan over every thought's text.
 */
export async function matchSessions(db: Db, projectId: string, query: QueryNode): Promise<string[]> {
  if (providerOfDb(db) === "sqlite") await thoughtIndexCurrent();
  const rows =
    providerOfDb(db) === "sqlite"
      ? await db.$queryRawUnsafe<{ id: string }[]>(
          `SELECT DISTINCT "id" FROM (
             SELECT t."sessionId" AS "id" FROM "ThoughtFts"
             JOIN "ThoughtSearchKey" k ON k."key" = "ThoughtFts".rowid JOIN "Thought" t ON t."id" = k."thoughtId"
             WHERE "ThoughtFts" MATCH ? AND t."projectId" = ? ORDER BY "ThoughtFts".rowid DESC LIMIT ${SESSION_WINDOW})`,
          toFts5(query),
          projectId,
        )
      : await db.$queryRawUnsafe<{ id: string }[]>(
          `SELECT DISTINCT "id" FROM (
             (SELECT t."sessionId" AS "id" FROM "Thought" t
              WHERE t."projectId" = $2 AND t."searchVector" @@ to_tsquery('simple', $1)
              ORDER BY t."id" DESC LIMIT ${SESSION_WINDOW})
             UNION ALL
             (SELECT t."sessionId" FROM "ThoughtVersion" v JOIN "Thought" t ON t."id" = v."thoughtId"
              WHERE t."projectId" = $2 AND v."searchVector" @@ to_tsquery('simple', $1)
              ORDER BY v."createdAt" DESC LIMIT ${SESSION_WINDOW})
           ) "recent"`,
          toTsquery(query),
          projectId,
        );
  const titled = await matchSessionTitles(db, projectId, query);
  return [...new Set([...rows.map((r) => r.id), ...titled])].slice(0, MAX_MATCH_IDS);
}

/** Memories of the whole project (every userId, soft-deleted ones included) whose content matches: the dashboard. */
export async function matchMemoriesOfProject(db: Db, projectId: string, query: QueryNode): Promise<RankedId[]> {
  const sqlite = providerOfDb(db) === "sqlite";
  const rows = sqlite
    ? await db.$queryRawUnsafe<RawHit[]>(
        `SELECT m."id" AS "id", "MemoryFts".rank AS "score" FROM "MemoryFts"
         JOIN "MemorySearchKey" k ON k."key" = "MemoryFts".rowid JOIN "Memory" m ON m."id" = k."memoryId"
         WHERE "MemoryFts" MATCH ? AND m."projectId" = ? ORDER BY "MemoryFts".rank LIMIT ${MAX_MATCH_IDS}`,
        toFts5(query),
        projectId,
      )
    : await db.$queryRawUnsafe<RawHit[]>(
        `SELECT m."id" AS "id", ts_rank(m."searchVector", q, 1) AS "score"
         FROM "Memory" m, to_tsquery('simple', $1) q WHERE m."searchVector" @@ q AND m."projectId" = $2
         ORDER BY "score" DESC LIMIT ${MAX_MATCH_IDS}`,
        toTsquery(query),
        projectId,
      );
  return ranked(rows, sqlite);
}
