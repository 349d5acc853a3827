// Reads behind the review dashboard: the session outline (everything the graph needs, with text previews), full
// thoughts by seq range (the virtualized transcript), a thought's detail (links, revision target, versions) and the
// sessions table. All scoped to one project.
import {
  OUTLINE_FIELDS,
  selectionOf,
  type SessionOutline,
  type SessionTablePage,
  type SessionTableQuery,
  type ThoughtDetail,
} from "@/lib/contracts/dashboard";
import type { ThoughtView } from "@/lib/contracts/session";
import type BetterSqlite3 from "better-sqlite3";
import { getDbProvider, noTransactionOpen, providerOfDb, type Db } from "@/server/db/client";
import { sqliteConnection } from "@/server/ingest/commit";
import { isoOfSqliteDate } from "@/server/ingest/write-store";
import { inPages } from "@/server/db/in-pages";
import type { Prisma } from "@/server/db/generated/sqlite/client";
import { TOOL_KINDS, toOutline, type OutlineSource } from "@/lib/graph/outline";
import type { OutlineTool } from "@/lib/contracts/dashboard";
import { NotFoundError } from "@/server/errors";
import type { ConnectorAttribution } from "@/lib/contracts/oauth";
import { connectorAttributions } from "@/server/oauth/attribution";
import { healthCells, healthWhere, refreshStaleHealth } from "./reasoning/session-health";
import { scoreSummaries } from "./scores/scores";
import { findSession, stringArray, toBranchView, toSessionSummary, toThoughtView } from "./sessions/sessions";
import { matchSessions } from "./search/full-text";
import { usageOfProject, usageOfSessions } from "./usage/usage";
import type { UsageTotals } from "@/lib/contracts/usage";
import { parseQuery } from "@/lib/search/query";

/** The columns an outline is made from, on PostgreSQL (SQLite: outlinePageSqlite). Reading whole rows through Prisma
 *  cost ~3× as much: 10,000 thoughts in 206–275 ms against 60–83 ms (SQLite). Read in pages (inPages): on SQLite the
 *  read runs on the serving thread, and a 20,000-thought session's page waited ~1 s for its own scripts behind it. */
const OUTLINE_COLUMNS = { ...selectionOf(OUTLINE_FIELDS), text: true } as const;

/** `people: false` leaves out who recorded it (a share link's visitor is not shown the project's members). */
export async function sessionOutline(
  db: Db,
  projectId: string,
  idOrKey: string,
  { people = true }: { people?: boolean } = {},
): Promise<SessionOutline> {
  const session = await findSession(db, projectId, idOrKey);
  const [thoughts, branches, connectors] = await Promise.all([
    outlineSources(db, session.id),
    db.branch.findMany({ where: { sessionId: session.id }, orderBy: { ordinal: "asc" } }),
    people ? connectorAttributions(db, projectId, [session]) : new Map<string, ConnectorAttribution>(),
  ]);
  return {
    session: toSessionSummary(session),
    branches: branches.map(toBranchView),
    thoughts: thoughts.map(toOutline),
    connector: connectors.get(session.id) ?? null,
  };
}

async function outlineSources(db: Db, sessionId: string): Promise<OutlineSource[]> {
  if (providerOfDb(db) === "sqlite") {
    const raw = await sqliteConnection(db);
    return inPages((after, take) => outlinePageSqlite(raw, sessionId, after, take));
  }
  const [rows, tools] = await Promise.all([
    inPages((after, take) =>
      db.thought.findMany({
        where: { sessionId, seq: { gt: after } },
        orderBy: { seq: "asc" },
        take,
        select: OUTLINE_COLUMNS,
      }),
    ),
    toolsPg(db, sessionId),
  ]);
  return rows.map((t) => ({
    ...t,
    flags: stringArray(t.flags),
    createdAt: t.createdAt.toISOString(),
    tool: tools.get(t.id) ?? null,
  }));
}

/** The tool calls' and results' call ids, names and errors, read out of their details by the database: a detail may
 *  hold kilobytes of opaque payload that the outline has no use for. */
async function toolsPg(db: Db, sessionId: string): Promise<Map<string, OutlineTool>> {
  const kinds = TOOL_KINDS.map((k) => `'${k}'`).join(", ");
  const rows = await db.$queryRawUnsafe<{ id: string; callId: string | null; name: string | null; isError: boolean }[]>(
    `SELECT "id", "detail"->>'toolCallId' AS "callId", "detail"->>'toolName' AS "name",
       coalesce(("detail"->>'isError') = 'true', false) AS "isError"
     FROM "Thought" WHERE "sessionId" = $1 AND "kind" IN (${kinds})`,
    sessionId,
  );
  const tools = new Map<string, OutlineTool>();
  for (const r of rows) if (r.callId !== null) tools.set(r.id, { callId: r.callId, name: r.name, isError: r.isError });
  return tools;
}

/** One statement per connection: the outline's columns by seq, straight from SQLite, each row an array. */
const outlineStatements = new WeakMap<BetterSqlite3.Database, BetterSqlite3.Statement>();

type SqliteValue = string | number | null;

/** A tool call's or result's detail field, read by SQLite (only for those kinds: other details are not parsed). */
const toolField = (path: string) =>
  `CASE WHEN "kind" IN (${TOOL_KINDS.map((k) => `'${k}'`).join(", ")}) THEN json_extract("detail", '$.${path}') END`;

/** The columns in the order outlinePageSqlite reads them (rows as arrays: half the time of a row object each). */
const SQLITE_OUTLINE_COLUMNS = `"id", "seq", "thoughtNumber", "totalThoughts", "branchId", "branchFromThought",
  "branchFromThoughtId", "isRevision", "revisesThought", "revisesThoughtId", "stage", "score", "flags", "version",
  "createdAt", "text", "kind", ${toolField("toolCallId")}, ${toolField("toolName")}, ${toolField("isError")}`;

/**
 * A page of the outline read with a prepared statement instead of Prisma: 20,000 thoughts in 34–50 ms against
 * 176–230 ms (in process, the 20,000-thought session of bench:ui; the read runs on the serving thread, so the session
 * page's own requests wait behind it). Prisma's conversions done here: booleans are 0/1, JSON is text, dates are ISO
 * text with +00:00.
 */
async function outlinePageSqlite(
  raw: BetterSqlite3.Database,
  sessionId: string,
  afterSeq: number,
  take: number,
): Promise<OutlineSource[]> {
  let statement = outlineStatements.get(raw);
  if (!statement) {
    statement = raw.prepare(
      `SELECT ${SQLITE_OUTLINE_COLUMNS} FROM "Thought" WHERE "sessionId" = ? AND "seq" > ? ORDER BY "seq" LIMIT ?`,
    );
    // Arrays, and numbers: the adapter turns safe integers (BigInts) on for the connection; these columns fit.
    statement.raw(true).safeIntegers(false);
    outlineStatements.set(raw, statement);
  }
  // A plain read sent while another request's transaction is open would read inside it (server/db/client.ts).
  await noTransactionOpen(raw);
  const rows = statement.all(sessionId, afterSeq, take) as SqliteValue[][];
  return rows.map((r) => ({
    id: r[0] as string,
    seq: r[1] as number,
    thoughtNumber: r[2] as number,
    totalThoughts: r[3] as number,
    branchId: r[4] as string | null,
    branchFromThought: r[5] as number | null,
    branchFromThoughtId: r[6] as string | null,
    isRevision: r[7] === null ? null : r[7] === 1,
    revisesThought: r[8] as number | null,
    revisesThoughtId: r[9] as string | null,
    stage: r[10] as string | null,
    score: r[11] as number | null,
    flags: r[12] === null || r[12] === "[]" ? [] : stringArray(JSON.parse(r[12] as string)),
    version: r[13] as number,
    createdAt: isoOfSqliteDate(r[14] as string | number),
    text: r[15] as string,
    kind: r[16] as string | null,
    tool:
      typeof r[17] === "string"
        ? { callId: r[17], name: typeof r[18] === "string" ? r[18] : null, isError: r[19] === 1 }
        : null,
  }));
}

/** Full thoughts with fromSeq ≤ seq ≤ toSeq (at most 200). */
export async function thoughtsBySeq(
  db: Db,
  projectId: string,
  sessionId: string,
  fromSeq: number,
  toSeq: number,
): Promise<ThoughtView[]> {
  const rows = await db.thought.findMany({
    where: { projectId, sessionId, seq: { gte: fromSeq, lte: Math.min(toSeq, fromSeq + 199) } },
    orderBy: { seq: "asc" },
  });
  return rows.map(toThoughtView);
}

export async function thoughtDetail(db: Db, projectId: string, id: string): Promise<ThoughtDetail> {
  const row = await db.thought.findFirst({ where: { projectId, id } });
  if (!row) throw new NotFoundError(`Thought "${id}"`, "id");
  const [revises, revisedBy, versions] = await Promise.all([
    row.revisesThoughtId ? db.thought.findFirst({ where: { projectId, id: row.revisesThoughtId } }) : null,
    db.thought.findMany({
      where: { projectId, sessionId: row.sessionId, revisesThoughtId: row.id },
      orderBy: { seq: "asc" },
      select: { id: true, seq: true, thoughtNumber: true },
    }),
    db.thoughtVersion.findMany({ where: { thoughtId: row.id }, orderBy: { version: "asc" } }),
  ]);
  return {
    thought: toThoughtView(row),
    revises: revises ? toThoughtView(revises) : null,
    revisedBy,
    versions: versions.map((v) => {
      const snap = v.snapshot as { text?: unknown };
      return {
        version: v.version,
        text: typeof snap.text === "string" ? snap.text : "",
        createdAt: v.createdAt.toISOString(),
      };
    }),
  };
}

const SORT_COLUMN = {
  activity: "lastActivityAt",
  created: "createdAt",
  thoughts: "thoughtCount",
  flags: "flagCount",
} as const;

/** Ids of the sessions with a thought tagged `tag` (tags are a JSON array: TEXT on SQLite, jsonb on PostgreSQL). */
async function sessionIdsWithTag(db: Db, projectId: string, tag: string): Promise<string[]> {
  const rows =
    getDbProvider() === "sqlite"
      ? await db.$queryRawUnsafe<{ id: string }[]>(
          `SELECT DISTINCT t."sessionId" AS id FROM "Thought" t, json_each(t."tags") j
           WHERE t."projectId" = ? AND j.value = ?`,
          projectId,
          tag,
        )
      : await db.$queryRawUnsafe<{ id: string }[]>(
          `SELECT DISTINCT "sessionId" AS id FROM "Thought" WHERE "projectId" = $1 AND "tags" @> $2::jsonb`,
          projectId,
          JSON.stringify([tag]),
        );
  return rows.map((r) => r.id);
}

/** Sessions whose model calls used at least `minTokens` tokens (in + out) and cost at least `minCostUsd`. */
async function sessionIdsUsing(
  db: Db,
  projectId: string,
  q: Pick<SessionTableQuery, "minTokens" | "minCostUsd">,
): Promise<string[]> {
  const usage = await usageOfProject(db, projectId);
  return [...usage]
    .filter(
      ([, u]) =>
        (q.minTokens === undefined || u.tokensIn + u.tokensOut >= q.minTokens) &&
        (q.minCostUsd === undefined || (u.costUsd ?? 0) >= q.minCostUsd),
    )
    .map(([id]) => id);
}

/** Sessions whose title or thoughts match `text` as a full-text query; none when it is not a query (e.g. only NOT). */
async function sessionIdsMatching(db: Db, projectId: string, text: string): Promise<string[]> {
  const parsed = parseQuery(text);
  return parsed.ok ? matchSessions(db, projectId, parsed.query) : [];
}

/** The sessions-table filters as a where clause (also how an annotation queue resolves "all matching sessions"). */
export async function sessionTableWhere(
  db: Db,
  projectId: string,
  q: Omit<SessionTableQuery, "sort" | "order" | "page" | "pageSize">,
): Promise<Prisma.ThinkingSessionWhereInput> {
  // Stored health must be current before it is filtered, sorted or shown (server/services/reasoning/session-health.ts).
  await refreshStaleHealth(db, projectId);
  const tagged = q.tag ? await sessionIdsWithTag(db, projectId, q.tag) : null;
  const used = q.minTokens !== undefined || q.minCostUsd !== undefined ? await sessionIdsUsing(db, projectId, q) : null;
  return {
    projectId,
    ...(tagged || used
      ? { AND: [...(tagged ? [{ id: { in: tagged } }] : []), ...(used ? [{ id: { in: used } }] : [])] }
      : {}),
    ...(q.status ? { status: q.status } : {}),
    ...(q.agent ? { agent: q.agent } : {}),
    ...(q.flagged === true ? { flagCount: { gt: 0 } } : q.flagged === false ? { flagCount: 0 } : {}),
    ...(q.scored !== undefined || q.scoredBy !== undefined
      ? {
          scores: {
            [q.scored === false ? "none" : "some"]: {
              ...(q.scoreConfigId ? { configId: q.scoreConfigId } : {}),
              ...(q.scoredBy ? { authorKey: { startsWith: q.scoredBy === "judge" ? "judge:" : "user:" } } : {}),
            },
          },
        }
      : {}),
    ...(q.from || q.to
      ? {
          lastActivityAt: {
            ...(q.from ? { gte: new Date(q.from) } : {}),
            ...(q.to ? { lte: new Date(q.to) } : {}),
          },
        }
      : {}),
    // Text search: titles and thoughts' text (every version) through the full-text index (words, AND, OR,
    // NOT, "phrases"), plus the agent's key by substring and the session id exactly.
    ...(q.q
      ? { OR: [{ key: { contains: q.q } }, { id: q.q }, { id: { in: await sessionIdsMatching(db, projectId, q.q) } }] }
      : {}),
    ...healthWhere({ loops: q.loops, healthBelow: q.healthBelow }),
  };
}

export async function sessionsTable(db: Db, projectId: string, q: SessionTableQuery): Promise<SessionTablePage> {
  const where = await sessionTableWhere(db, projectId, q);
  const [rows, total, agents] = await Promise.all([
    q.sort === "score" && q.scoreConfigId
      ? sessionsByScore(db, projectId, where, q, q.scoreConfigId)
      : q.sort === "tokens" || q.sort === "cost"
        ? sessionsByUsage(db, projectId, where, q)
        : db.thinkingSession.findMany({
            where,
            orderBy: [
              q.sort === "health"
                ? { health: { score: q.order } }
                : { [SORT_COLUMN[q.sort === "score" ? "activity" : q.sort]]: q.order },
              { id: q.order },
            ],
            skip: (q.page - 1) * q.pageSize,
            take: q.pageSize,
          }),
    db.thinkingSession.count({ where }),
    db.thinkingSession.findMany({
      where: { projectId, agent: { not: null } },
      distinct: ["agent"],
      select: { agent: true },
      take: 100,
    }),
  ]);
  const ids = rows.map((r) => r.id);
  const [summaries, health, usage, connectors] = await Promise.all([
    scoreSummaries(db, projectId, ids),
    healthCells(db, projectId, ids),
    usageOfSessions(db, projectId, ids),
    connectorAttributions(db, projectId, rows),
  ]);
  return {
    sessions: rows.map(toSessionSummary),
    total,
    page: q.page,
    pageSize: q.pageSize,
    agents: agents.map((a) => a.agent!).sort(),
    scores: Object.fromEntries(summaries),
    health,
    usage: Object.fromEntries(usage),
    connectors: Object.fromEntries(connectors),
  };
}

const usageMetric = (u: UsageTotals, sort: "tokens" | "cost") =>
  sort === "cost" ? (u.costUsd ?? 0) : u.tokensIn + u.tokensOut;

/** One page of sessions ordered by their model calls' tokens (in + out) or cost, ties by id, then the sessions
 *  without figures by activity (as sessionsByScore). */
async function sessionsByUsage(
  db: Db,
  projectId: string,
  where: Prisma.ThinkingSessionWhereInput,
  q: SessionTableQuery,
) {
  const sort = q.sort === "cost" ? "cost" : "tokens";
  const usage = await usageOfProject(db, projectId);
  const matching = await db.thinkingSession.findMany({
    where: { AND: [where, { id: { in: [...usage.keys()] } }] },
    select: { id: true },
  });
  const sign = q.order === "asc" ? 1 : -1;
  const ranked = matching
    .map(({ id }) => ({ id, value: usageMetric(usage.get(id)!, sort) }))
    .sort((a, b) => sign * (a.value - b.value) || sign * a.id.localeCompare(b.id));
  const skip = (q.page - 1) * q.pageSize;
  const pageIds = ranked.slice(skip, skip + q.pageSize).map((r) => r.id);
  const rows =
    pageIds.length > 0 ? await db.thinkingSession.findMany({ where: { projectId, id: { in: pageIds } } }) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const page = pageIds.flatMap((id) => byId.get(id) ?? []);
  const rest = q.pageSize - page.length;
  if (rest > 0) {
    page.push(
      ...(await db.thinkingSession.findMany({
        where: { AND: [where, { id: { notIn: [...usage.keys()] } }] },
        orderBy: [{ lastActivityAt: "desc" }, { id: "desc" }],
        skip: Math.max(0, skip - ranked.length),
        take: rest,
      })),
    );
  }
  return page;
}

/**
 * One page of sessions ordered by the mean of one config's scores (ties by id), then the sessions without such a
 * score by activity. The means come from one grouped query over the scored sessions that match the filters.
 */
async function sessionsByScore(
  db: Db,
  projectId: string,
  where: Prisma.ThinkingSessionWhereInput,
  q: SessionTableQuery,
  configId: string,
) {
  const groups = await db.score.groupBy({
    by: ["sessionId"],
    where: { projectId, configId, value: { not: null }, session: { is: where } },
    _avg: { value: true },
  });
  const sign = q.order === "asc" ? 1 : -1;
  const ranked = groups
    .map((g) => ({ id: g.sessionId, mean: g._avg.value ?? 0 }))
    .sort((a, b) => sign * (a.mean - b.mean) || sign * a.id.localeCompare(b.id));
  const skip = (q.page - 1) * q.pageSize;
  const pageIds = ranked.slice(skip, skip + q.pageSize).map((r) => r.id);
  const scoredRows =
    pageIds.length > 0 ? await db.thinkingSession.findMany({ where: { projectId, id: { in: pageIds } } }) : [];
  const byId = new Map(scoredRows.map((r) => [r.id, r]));
  const rows = pageIds.flatMap((id) => byId.get(id) ?? []);
  const rest = q.pageSize - rows.length;
  if (rest > 0) {
    rows.push(
      ...(await db.thinkingSession.findMany({
        where: { AND: [where, { scores: { none: { configId, value: { not: null } } } }] },
        orderBy: [{ lastActivityAt: "desc" }, { id: "desc" }],
        skip: Math.max(0, skip - ranked.length),
        take: rest,
      })),
    );
  }
  return rows;
}
