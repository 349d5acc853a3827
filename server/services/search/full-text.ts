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

/** The memories of one user of one project whose content matches, best first (soft-deleted ones only on request). */
export async function matchMemories(
  db: Db,
  scope: { projectId: string; userId: string; includeDeleted?: boolean },
  query: QueryNode,
): Promise<RankedId[]> {
  const sqlite = providerOfDb(db) === "sqlite";
  const live = scope.includeDeleted ? "" : `AND m."deletedAt" IS NULL`;
  const rows = sqlite
    ? await db.$queryRawUnsafe<RawHit[]>(
        `SELECT m."id" AS "id", "MemoryFts".rank AS "score" FROM "MemoryFts"
         JOIN "MemorySearchKey" k ON k."key" = "MemoryFts".rowid JOIN "Memory" m ON m."id" = k."memoryId"
         WHERE "MemoryFts" MATCH ? AND m."projectId" = ? AND m."userId" = ? ${live}
         ORDER BY "MemoryFts".rank, m."id"`,
        toFts5(query),
        scope.projectId,
        scope.userId,
      )
    : await db.$queryRawUnsafe<RawHit[]>(
        `SELECT m."id" AS "id", ts_rank(m."searchVector", q, 1) AS "score"
         FROM "Memory" m, to_tsquery('simple', $1) q
         WHERE m."searchVector" @@ q AND m."projectId" = $2 AND m."userId" = $3 ${live}
         ORDER BY "score" DESC, m."id"`,
        toTsquery(query),
        scope.projectId,
        scope.userId,
      );
  return ranked(rows, sqlite);
}

export interface ThoughtHitPage {
  /** Thought ids, best first; a thought matched by its current text or any earlier version counts once. */
  hits: RankedId[];
  /** Thoughts matching in the project, before limit/offset. */
  total: number;
}

/** Thoughts of the project whose text (any version) matches, best first, one page. */
export async function matchThoughts(
  db: Db,
  projectId: string,
  query: QueryNode,
  page: { limit: number; offset: number },
): Promise<ThoughtHitPage> {
  const sqlite = providerOfDb(db) === "sqlite";
  if (sqlite) {
    // MIN(rank): bm25 is negative, so the best version of each thought.
    const base = `FROM "ThoughtFts" JOIN "ThoughtSearchKey" k ON k."key" = "ThoughtFts".rowid
      JOIN "Thought" t ON t."id" = k."thoughtId"
      WHERE "ThoughtFts" MATCH ? AND t."projectId" = ?`;
    const match = toFts5(query);
    const [rows, count] = await Promise.all([
      db.$queryRawUnsafe<RawHit[]>(
        `SELECT k."thoughtId" AS "id", MIN("ThoughtFts".rank) AS "score" ${base}
         GROUP BY k."thoughtId" ORDER BY "score", k."thoughtId" LIMIT ? OFFSET ?`,
        match,
        projectId,
        page.limit,
        page.offset,
      ),
      db.$queryRawUnsafe<{ n: number | bigint }[]>(
        `SELECT COUNT(DISTINCT k."thoughtId") AS "n" ${base}`,
        match,
        projectId,
      ),
    ]);
    return { hits: ranked(rows, true), total: Number(count[0]?.n ?? 0) };
  }
  const union = `SELECT t."id", ts_rank(t."searchVector", q, 1) AS "score"
      FROM "Thought" t, to_tsquery('simple', $1) q WHERE t."projectId" = $2 AND t."searchVector" @@ q
    UNION ALL
    SELECT v."thoughtId", ts_rank(v."searchVector", q, 1)
      FROM "ThoughtVersion" v JOIN "Thought" t ON t."id" = v."thoughtId", to_tsquery('simple', $1) q
      WHERE t."projectId" = $2 AND v."searchVector" @@ q`;
  const tsquery = toTsquery(query);
  const [rows, count] = await Promise.all([
    db.$queryRawUnsafe<RawHit[]>(
      `SELECT "id", MAX("score") AS "score" FROM (${union}) hits
       GROUP BY "id" ORDER BY "score" DESC, "id" LIMIT $3 OFFSET $4`,
      tsquery,
      projectId,
      page.limit,
      page.offset,
    ),
    db.$queryRawUnsafe<{ n: number | bigint }[]>(
      `SELECT COUNT(DISTINCT "id") AS "n" FROM (${union}) hits`,
      tsquery,
      projectId,
    ),
  ]);
  return { hits: ranked(rows, false), total: Number(count[0]?.n ?? 0) };
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
 * Ids of the project's sessions whose title or any thought (any version) matches: the sessions list's text search.
 * The index answers it instead of a LIKE scan over every thought's text.
 */
export async function matchSessions(db: Db, projectId: string, query: QueryNode): Promise<string[]> {
  const rows =
    providerOfDb(db) === "sqlite"
      ? await db.$queryRawUnsafe<{ id: string }[]>(
          `SELECT DISTINCT t."sessionId" AS "id" FROM "ThoughtFts"
           JOIN "ThoughtSearchKey" k ON k."key" = "ThoughtFts".rowid JOIN "Thought" t ON t."id" = k."thoughtId"
           WHERE "ThoughtFts" MATCH ? AND t."projectId" = ? LIMIT ${MAX_MATCH_IDS}`,
          toFts5(query),
          projectId,
        )
      : await db.$queryRawUnsafe<{ id: string }[]>(
          `SELECT t."sessionId" AS "id" FROM "Thought" t
           WHERE t."projectId" = $2 AND t."searchVector" @@ to_tsquery('simple', $1)
           UNION
           SELECT t."sessionId" FROM "ThoughtVersion" v JOIN "Thought" t ON t."id" = v."thoughtId"
           WHERE t."projectId" = $2 AND v."searchVector" @@ to_tsquery('simple', $1)
           LIMIT ${MAX_MATCH_IDS}`,
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
