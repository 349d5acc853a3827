// Scores, always scoped to one project: one score per config × target × author, where re-posting by the same author
// updates it; the per-session summaries of the sessions list. Another project's thought, session or config answers
// 404, never 403. The configs scores are checked against: ./score-configs.ts; agreement: ./agreement.ts.
import {
  validateScoreValue,
  type ScoreInput,
  type ScoreSummary,
  type ScoreType,
  type ScoreView,
} from "@/lib/contracts/scores";
import { isUuid, uuidv7 } from "@/lib/ids";
import type { PersonAuthor } from "@/server/auth/authorship";
import type { Db } from "@/server/db/client";
import { ConflictError, DomainError, NotFoundError, ValidationError } from "@/server/errors";
import { findConfig, isUniqueViolation, ruleOf, type ConfigRow } from "./score-configs";
import { scoreInclude, toScoreView } from "./score-views";
import { findSession } from "../sessions/sessions";

/**
 * Who scores: a person, an API key (an evaluator or LLM judge), or the agent itself. `local` is the person at the
 * single-user dashboard (no accounts yet): authorKey "user:local" with no User row behind it (authorId stays null,
 * so the foreign key to User holds).
 */
export type ScoreAuthor =
  PersonAuthor | { kind: "key"; apiKeyId: string } | { kind: "agent"; apiKeyId?: string | null };

/** The single-user dashboard's person. */
export const LOCAL_AUTHOR: ScoreAuthor = { kind: "local" };

/** The non-null author column of the unique index (NULL authors would never collide in it). */
export function authorKeyOf(author: ScoreAuthor): string {
  switch (author.kind) {
    case "user":
      return `user:${author.userId}`;
    case "local":
      return "user:local";
    case "key":
      return `key:${author.apiKeyId}`;
    case "agent":
      return "agent";
  }
}

async function configForScoring(db: Db, projectId: string, input: ScoreInput): Promise<ConfigRow> {
  if (input.configId !== undefined) {
    const row = await findConfig(db, projectId, input.configId, "configId");
    if (row.archivedAt !== null) {
      throw new ConflictError(
        `Score config "${row.name}" is archived and takes no new scores.`,
        "configId",
        "Use its newer version; GET /api/v1/score-configs lists the active configs.",
      );
    }
    return row;
  }
  const name = input.name ?? "";
  const row = await db.scoreConfig.findFirst({ where: { projectId, activeName: name } });
  if (row) return row;
  const active = await db.scoreConfig.findMany({
    where: { projectId, archivedAt: null },
    orderBy: { createdAt: "asc" },
    select: { name: true },
    take: 20,
  });
  throw new DomainError(
    "not_found",
    404,
    `No active score config is named "${name}".`,
    "name",
    active.length > 0
      ? `Use one of ${active.map((c) => JSON.stringify(c.name)).join(", ")}, or create it with POST /api/v1/score-configs.`
      : "Create it first with POST /api/v1/score-configs.",
  );
}

// ---- scores ----

async function targetOf(
  db: Db,
  projectId: string,
  input: ScoreInput,
): Promise<{ sessionId: string; thoughtId: string | null; targetKey: string }> {
  if (input.thoughtId !== undefined) {
    const thought = isUuid(input.thoughtId)
      ? await db.thought.findFirst({ where: { projectId, id: input.thoughtId }, select: { id: true, sessionId: true } })
      : null;
    if (!thought) throw new NotFoundError(`Thought "${input.thoughtId}"`, "thoughtId");
    return { sessionId: thought.sessionId, thoughtId: thought.id, targetKey: `thought:${thought.id}` };
  }
  const ref = input.sessionId ?? "";
  const session = await findSession(db, projectId, ref).catch((error: unknown) => {
    throw error instanceof NotFoundError ? new NotFoundError(`Session "${ref}"`, "sessionId") : error;
  });
  return { sessionId: session.id, thoughtId: null, targetKey: `session:${session.id}` };
}

/**
 * Records a score, or updates the author's earlier score of the same config and target. `created` says which
 * (REST answers 201 or 200). The value is checked against the config first: a 400 names `value`.
 */
export async function upsertScore(
  db: Db,
  projectId: string,
  author: ScoreAuthor,
  input: ScoreInput,
): Promise<{ score: ScoreView; created: boolean }> {
  const config = await configForScoring(db, projectId, input);
  const checked = validateScoreValue(ruleOf(config), input.value);
  if (!checked.ok) throw new ValidationError(checked.problem);
  const target = await targetOf(db, projectId, input);
  const authorKey = authorKeyOf(author);
  const values = { ...checked.value, comment: input.comment ?? null };
  const unique = { configId_targetKey_authorKey: { configId: config.id, targetKey: target.targetKey, authorKey } };

  const update = () =>
    db.score.update({ where: unique, data: { ...values, updatedAt: new Date() }, include: scoreInclude });
  if (await db.score.findUnique({ where: unique, select: { id: true } })) {
    return { score: toScoreView(await update()), created: false };
  }
  try {
    const row = await db.score.create({
      data: {
        id: uuidv7(),
        projectId,
        configId: config.id,
        ...target,
        authorKey,
        authorId: author.kind === "user" ? author.userId : null,
        apiKeyId: author.kind === "key" || author.kind === "agent" ? (author.apiKeyId ?? null) : null,
        ...values,
      },
      include: scoreInclude,
    });
    return { score: toScoreView(row), created: true };
  } catch (error) {
    // The same author scored the same target at the same moment (a retried request): that score is the one to update.
    if (isUniqueViolation(error)) return { score: toScoreView(await update()), created: false };
    throw error;
  }
}

/** Deletes a score; only its author may (anyone else gets 404, as for a score that does not exist). */
export async function deleteScore(db: Db, projectId: string, author: ScoreAuthor, id: string): Promise<void> {
  const { count } = await db.score.deleteMany({ where: { projectId, id, authorKey: authorKeyOf(author) } });
  if (count === 0) throw new NotFoundError(`Score "${id}"`, "id");
}

/**
 * Per session, per config: how many scores and their mean (numeric values, category values, the share of true),
 * over the session and all its thoughts. For the sessions list; sessions without scores are absent from the map.
 */
export async function scoreSummaries(
  db: Db,
  projectId: string,
  sessionIds: string[],
): Promise<Map<string, ScoreSummary[]>> {
  const out = new Map<string, ScoreSummary[]>();
  if (sessionIds.length === 0) return out;
  const groups = await db.score.groupBy({
    by: ["sessionId", "configId"],
    where: { projectId, sessionId: { in: sessionIds } },
    _avg: { value: true },
    _count: { _all: true },
  });
  const configs = new Map(
    (
      await db.scoreConfig.findMany({
        where: { projectId, id: { in: [...new Set(groups.map((g) => g.configId))] } },
        select: { id: true, name: true, type: true },
      })
    ).map((c) => [c.id, c]),
  );
  for (const g of groups) {
    const config = configs.get(g.configId);
    if (!config) continue;
    const list = out.get(g.sessionId) ?? [];
    list.push({
      configId: g.configId,
      name: config.name,
      type: config.type as ScoreType,
      count: g._count._all,
      mean: config.type === "text" ? null : g._avg.value,
    });
    out.set(g.sessionId, list);
  }
  for (const list of out.values()) list.sort((a, b) => a.name.localeCompare(b.name));
  return out;
}
