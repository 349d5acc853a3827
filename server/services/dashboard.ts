// Reads behind the review dashboard: the session outline (everything the graph needs, with text previews), full
// thoughts by seq range (the virtualized transcript), a thought's detail (links, revision target, versions) and the
// sessions table. All scoped to one project.
import {
  type SessionOutline,
  type SessionTablePage,
  type SessionTableQuery,
  type ThoughtDetail,
} from "@/lib/contracts/dashboard";
import type { ThoughtView } from "@/lib/contracts/session";
import { getDbProvider, type Db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/sqlite/client";
import { toOutline } from "@/lib/graph/outline";
import { NotFoundError } from "@/server/errors";
import { findSession, toBranchView, toSessionSummary, toThoughtView } from "./sessions";

export async function sessionOutline(db: Db, projectId: string, idOrKey: string): Promise<SessionOutline> {
  const session = await findSession(db, projectId, idOrKey);
  const [thoughts, branches] = await Promise.all([
    db.thought.findMany({ where: { sessionId: session.id }, orderBy: { seq: "asc" } }),
    db.branch.findMany({ where: { sessionId: session.id }, orderBy: { ordinal: "asc" } }),
  ]);
  return {
    session: toSessionSummary(session),
    branches: branches.map(toBranchView),
    thoughts: thoughts.map((t) => toOutline(toThoughtView(t))),
  };
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

export async function sessionsTable(db: Db, projectId: string, q: SessionTableQuery): Promise<SessionTablePage> {
  const tagged = q.tag ? await sessionIdsWithTag(db, projectId, q.tag) : null;
  const where: Prisma.ThinkingSessionWhereInput = {
    projectId,
    ...(tagged ? { id: { in: tagged } } : {}),
    ...(q.status ? { status: q.status } : {}),
    ...(q.agent ? { agent: q.agent } : {}),
    ...(q.flagged === true ? { flagCount: { gt: 0 } } : q.flagged === false ? { flagCount: 0 } : {}),
    ...(q.from || q.to
      ? {
          lastActivityAt: {
            ...(q.from ? { gte: new Date(q.from) } : {}),
            ...(q.to ? { lte: new Date(q.to) } : {}),
          },
        }
      : {}),
    // Text search over titles, the agent's key and the thoughts' text (LIKE: case-insensitive for ASCII on SQLite).
    ...(q.q
      ? {
          OR: [
            { title: { contains: q.q } },
            { key: { contains: q.q } },
            { id: q.q },
            { thoughts: { some: { text: { contains: q.q } } } },
          ],
        }
      : {}),
  };
  const column = SORT_COLUMN[q.sort];
  const [rows, total, agents] = await Promise.all([
    db.thinkingSession.findMany({
      where,
      orderBy: [{ [column]: q.order }, { id: q.order }],
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
  return {
    sessions: rows.map(toSessionSummary),
    total,
    page: q.page,
    pageSize: q.pageSize,
    agents: agents.map((a) => a.agent!).sort(),
  };
}
