// Scores as the API reads them (ZScoreView): the row-to-view mapping and a session's scores in one query. Its own
// file so sessions.ts (GET /api/v1/sessions/{id}) and scores.ts can both use it without importing each other.
import {
  LOCAL_AUTHOR_KEY,
  type ScoreSource,
  type ScoreType,
  type ScoreView,
  type SessionReviewScores,
  type ThoughtScoreChip,
  type ThoughtScoreChips,
} from "@/lib/contracts/scores";
import type { Db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/sqlite/client";

export const scoreInclude = {
  config: { select: { name: true, type: true } },
  author: { select: { name: true, email: true } },
  // A judge's score: the judgment that last wrote it (empty for everyone else's).
  judgments: {
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 1,
    include: { judge: { select: { name: true } } },
  },
} satisfies Prisma.ScoreInclude;
export type ScoreRow = Prisma.ScoreGetPayload<{ include: typeof scoreInclude }>;

/** Who wrote a score, from its author key. */
export function sourceOf(authorKey: string): ScoreSource {
  if (authorKey.startsWith("user:")) return "user";
  if (authorKey.startsWith("key:")) return "key";
  if (authorKey.startsWith("judge:")) return "judge";
  return "agent";
}

export function toScoreView(row: ScoreRow): ScoreView {
  const source = sourceOf(row.authorKey);
  const judgment = row.judgments[0];
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
    judge:
      judgment && source === "judge"
        ? {
            judgeId: judgment.judgeId,
            name: judgment.judge.name,
            model: judgment.model,
            runId: judgment.runId,
            confidence: judgment.confidence,
            inputTokens: judgment.inputTokens,
            outputTokens: judgment.outputTokens,
            costUsd: judgment.costUsd,
            latencyMs: judgment.latencyMs,
          }
        : null,
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

/**
 * Words for an author key: "you" (the person asking, `meKey`), "API key <name> (<prefix>…)", "judge <name>", a
 * person's name, "the agent". Single-user mode's person is "you" too.
 */
export async function authorLabels(
  db: Db,
  projectId: string,
  authorKeys: Iterable<string>,
  meKey: string = LOCAL_AUTHOR_KEY,
): Promise<Map<string, string>> {
  const keys = [...new Set(authorKeys)];
  const keyIds = keys.filter((k) => k.startsWith("key:")).map((k) => k.slice(4));
  const userIds = keys.filter((k) => k.startsWith("user:") && k !== LOCAL_AUTHOR_KEY).map((k) => k.slice(5));
  const judgeIds = keys.filter((k) => k.startsWith("judge:")).map((k) => k.slice(6));
  const [apiKeys, users, judges] = await Promise.all([
    keyIds.length > 0
      ? db.apiKey.findMany({
          where: { projectId, id: { in: keyIds } },
          select: { id: true, name: true, prefix: true },
        })
      : [],
    userIds.length > 0
      ? db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true, email: true } })
      : [],
    judgeIds.length > 0
      ? db.judge.findMany({ where: { projectId, id: { in: judgeIds } }, select: { id: true, name: true } })
      : [],
  ]);
  const judgeName = new Map(judges.map((j) => [j.id, `judge ${j.name}`]));
  const keyName = new Map(apiKeys.map((k) => [k.id, `API key ${k.name} (${k.prefix}…)`]));
  const userName = new Map(users.map((u) => [u.id, u.name ?? u.email]));
  return new Map(
    keys.map((k) => {
      if (k === meKey || k === LOCAL_AUTHOR_KEY) return [k, "you"];
      if (k.startsWith("key:")) return [k, keyName.get(k.slice(4)) ?? `API key ${k.slice(4, 12)}… (revoked)`];
      if (k.startsWith("user:")) return [k, userName.get(k.slice(5)) ?? "a former member"];
      if (k.startsWith("judge:")) return [k, judgeName.get(k.slice(6)) ?? "a deleted judge"];
      return [k, "the agent"];
    }),
  );
}

/** A session's scores with author words, and the agent's self-scores apart (they live on Thought.score). */
export async function sessionReviewScores(
  db: Db,
  projectId: string,
  sessionId: string,
  meKey: string = LOCAL_AUTHOR_KEY,
): Promise<SessionReviewScores> {
  const [scores, selfScored] = await Promise.all([
    scoresOfSession(db, projectId, sessionId),
    db.thought.findMany({
      where: { projectId, sessionId, score: { not: null } },
      select: { id: true, score: true },
      orderBy: { seq: "asc" },
    }),
  ]);
  const labels = await authorLabels(
    db,
    projectId,
    scores.map((s) => s.authorKey),
    meKey,
  );
  return {
    scores: scores.map((s) => ({
      ...s,
      authorLabel: labels.get(s.authorKey) ?? s.authorKey,
      mine: s.authorKey === meKey,
    })),
    agentSelfScores: selfScored.map((t) => ({ thoughtId: t.id, score: t.score! })),
  };
}

/**
 * Per thought of a session: its number of scores and the mean of one numeric config, for the chips on graph nodes.
 * The config is the active numeric one this session's thoughts were scored with most (ties: the oldest), so the chips
 * follow the rubric the reviewers actually use here, whatever other configs the project holds. Two grouped queries,
 * so a 20,000-thought session costs no row per score.
 */
export async function thoughtScoreChips(db: Db, projectId: string, sessionId: string): Promise<ThoughtScoreChips> {
  const [groups, numericConfigs] = await Promise.all([
    db.score.groupBy({
      by: ["thoughtId", "configId"],
      where: { projectId, sessionId, thoughtId: { not: null } },
      _avg: { value: true },
      _count: { _all: true },
    }),
    db.scoreConfig.findMany({
      where: { projectId, type: "numeric", archivedAt: null },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, name: true },
    }),
  ]);
  const uses = new Map<string, number>();
  for (const g of groups) uses.set(g.configId, (uses.get(g.configId) ?? 0) + g._count._all);
  let numeric: { id: string; name: string } | null = null;
  for (const c of numericConfigs) {
    if ((uses.get(c.id) ?? 0) > (numeric ? (uses.get(numeric.id) ?? 0) : 0)) numeric = c;
  }
  const byThought = new Map<string, ThoughtScoreChip>();
  for (const g of groups) {
    const thoughtId = g.thoughtId!;
    const chip = byThought.get(thoughtId) ?? { thoughtId, count: 0, mean: null };
    chip.count += g._count._all;
    if (numeric && g.configId === numeric.id) chip.mean = g._avg.value;
    byThought.set(thoughtId, chip);
  }
  return { meanOf: numeric, chips: [...byThought.values()] };
}
