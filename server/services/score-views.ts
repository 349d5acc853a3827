// Scores as the API reads them (ZScoreView): the row-to-view mapping and a session's scores in one query. Its own
// file so sessions.ts (GET /api/v1/sessions/{id}) and scores.ts can both use it without importing each other.
import type { ScoreSource, ScoreType, ScoreView } from "@/lib/contracts/scores";
import type { Db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/sqlite/client";

export const scoreInclude = {
  config: { select: { name: true, type: true } },
  author: { select: { name: true, email: true } },
} satisfies Prisma.ScoreInclude;
export type ScoreRow = Prisma.ScoreGetPayload<{ include: typeof scoreInclude }>;

export function toScoreView(row: ScoreRow): ScoreView {
  const source: ScoreSource = row.authorKey.startsWith("user:")
    ? "user"
    : row.authorKey.startsWith("key:")
      ? "key"
      : "agent";
  return {
    id: row.id,
    configId: row.configId,
    name: row.config.name,
    type: row.config.type as ScoreType,
    sessionId: row.sessionId,
    thoughtId: row.thoughtId,
    value: row.value,
    stringValue: row.stringValue,
    comment: row.comment,
    source,
    authorKey: row.authorKey,
    authorId: row.authorId,
    authorName: row.author ? (row.author.name ?? row.author.email) : null,
    apiKeyId: row.apiKeyId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every score in a session, thought-level and session-level, oldest first: one query. */
export async function scoresOfSession(db: Db, projectId: string, sessionId: string): Promise<ScoreView[]> {
  const rows = await db.score.findMany({
    where: { projectId, sessionId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: scoreInclude,
  });
  return rows.map(toScoreView);
}
