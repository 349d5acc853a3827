// The scores of one or many sessions as CSV, one row per score: which session and thought, the config, the value, who
// scored (a person, an evaluator's API key, a judge, the agent) and their comment. Scoped to the project.
import type { SessionTableQuery } from "@/lib/contracts/dashboard";
import { MAX_EXPORT_SESSIONS, type SessionsExportQuery } from "@/lib/contracts/session";
import type { ScoreView } from "@/lib/contracts/scores";
import { toCsv, type CsvCell } from "@/lib/export/csv";
import type { Db } from "@/server/db/client";
import { NotFoundError, ValidationError } from "@/server/errors";
import { scoreInclude, toScoreView } from "../scores/score-views";
import type { Prisma } from "@/server/db/generated/sqlite/client";
import { sessionTableWhere } from "../dashboard";
import { findSession, sessionFilterWhere } from "./sessions";
import { labelScores } from "./session-review";

export const SCORE_CSV_COLUMNS = [
  "session_id",
  "session_title",
  "target",
  "thought_id",
  "thought_seq",
  "thought_number",
  "branch",
  "config",
  "config_type",
  "value",
  "numeric_value",
  "author",
  "author_kind",
  "comment",
  "created_at",
  "updated_at",
] as const;

const AUTHOR_KIND = { user: "person", key: "api_key", agent: "agent", judge: "judge" } as const;

interface ScoreContext {
  sessionTitle: string | null;
  thought: { seq: number; thoughtNumber: number; branchId: string | null } | null;
}

function row(s: ScoreView, c: ScoreContext): CsvCell[] {
  return [
    s.sessionId,
    c.sessionTitle,
    s.thoughtId === null ? "session" : "thought",
    s.thoughtId,
    c.thought?.seq ?? null,
    c.thought?.thoughtNumber ?? null,
    c.thought?.branchId ?? null,
    s.name,
    s.type,
    s.type === "numeric" ? s.value : s.stringValue,
    s.type === "text" ? null : s.value,
    s.authorLabel ?? null,
    AUTHOR_KIND[s.source],
    s.comment,
    s.createdAt,
    s.updatedAt,
  ];
}

/** Every score of the given sessions (already scoped to the project), sessions in the order given, oldest first. */
async function scoresCsv(db: Db, projectId: string, sessionIds: string[]): Promise<string> {
  const rows = await db.score.findMany({
    where: { projectId, sessionId: { in: sessionIds } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: {
      ...scoreInclude,
      session: { select: { title: true } },
      thought: { select: { seq: true, thoughtNumber: true, branchId: true } },
    },
  });
  const labelled = await labelScores(db, projectId, rows.map(toScoreView));
  const context = new Map(rows.map((r) => [r.id, { sessionTitle: r.session.title, thought: r.thought }]));
  const order = new Map(sessionIds.map((id, i) => [id, i]));
  labelled.sort((a, b) => order.get(a.sessionId)! - order.get(b.sessionId)!);
  return toCsv(
    SCORE_CSV_COLUMNS,
    labelled.map((s) => row(s, context.get(s.id)!)),
  );
}

/** The sessions list's filter: its query without the view (sort, order, page). */
export type SessionTableFilter = Omit<SessionTableQuery, "sort" | "order" | "page" | "pageSize">;

/** One session's scores as CSV; the session by id or agent key. */
export async function sessionScoresCsv(
  db: Db,
  projectId: string,
  idOrKey: string,
): Promise<{ sessionId: string; csv: string }> {
  const session = await findSession(db, projectId, idOrKey);
  return { sessionId: session.id, csv: await scoresCsv(db, projectId, [session.id]) };
}

/** The scores of the sessions named by `ids` (each must be in the project) or passing the list's filters. */
export async function sessionsScoresCsv(db: Db, projectId: string, q: SessionsExportQuery): Promise<string> {
  if (q.ids !== undefined) {
    const ids = [...new Set(q.ids)];
    const found = await db.thinkingSession.findMany({
      where: { projectId, id: { in: ids } },
      select: { id: true },
    });
    const known = new Set(found.map((f) => f.id));
    const missing = ids.find((id) => !known.has(id));
    if (missing !== undefined) throw new NotFoundError(`Session "${missing}"`, "ids");
    return scoresCsv(db, projectId, ids);
  }
  return scoresCsvWhere(
    db,
    projectId,
    await sessionFilterWhere(db, projectId, q),
    "Narrow it with updatedSince or status, or pick the sessions with ids.",
  );
}

/** The scores of the sessions passing the sessions list's own filter (the dashboard's URL, as "Queue these" reads it). */
export async function sessionsTableScoresCsv(db: Db, projectId: string, filter: SessionTableFilter): Promise<string> {
  return scoresCsvWhere(
    db,
    projectId,
    await sessionTableWhere(db, projectId, filter),
    "Narrow the list's filter, or select the sessions to export.",
  );
}

async function scoresCsvWhere(
  db: Db,
  projectId: string,
  where: Prisma.ThinkingSessionWhereInput,
  narrowIt: string,
): Promise<string> {
  const sessions = await db.thinkingSession.findMany({
    where,
    orderBy: [{ lastActivityAt: "desc" }, { id: "desc" }],
    select: { id: true },
    take: MAX_EXPORT_SESSIONS + 1,
  });
  if (sessions.length > MAX_EXPORT_SESSIONS) {
    throw new ValidationError({
      field: "query",
      message: `The filter matches more than ${MAX_EXPORT_SESSIONS} sessions; one export covers at most that many.`,
      suggestion: narrowIt,
    });
  }
  return scoresCsv(
    db,
    projectId,
    sessions.map((s) => s.id),
  );
}
