// Score configs (rubrics), always scoped to one project: list, get, create and archive. A config that a score uses is
// never edited in place (archive it and create a new version); names are unique among a project's active configs.
// Another project's config answers 404, never 403. Scores against a config: ./scores.ts; agreement: ./agreement.ts.
import type {
  ListScoreConfigsQuery,
  ScoreCategory,
  ScoreConfigInput,
  ScoreConfigView,
  ScoreRule,
  ScoreType,
} from "@/lib/contracts/scores";
import { isUuid, uuidv7 } from "@/lib/ids";
import type { Db } from "@/server/db/client";
import { ConflictError, NotFoundError } from "@/server/errors";

export type ConfigRow = Awaited<ReturnType<Db["scoreConfig"]["findFirstOrThrow"]>>;

function categoriesOf(json: unknown): ScoreCategory[] | null {
  if (!Array.isArray(json)) return null;
  return json
    .filter(
      (c): c is ScoreCategory =>
        typeof c === "object" &&
        c !== null &&
        typeof (c as ScoreCategory).label === "string" &&
        typeof (c as ScoreCategory).value === "number",
    )
    .map((c) => ({
      label: c.label,
      value: c.value,
      ...(typeof c.description === "string" && c.description !== "" ? { description: c.description } : {}),
    }));
}

export function ruleOf(row: ConfigRow): ScoreRule {
  return {
    name: row.name,
    type: row.type as ScoreType,
    min: row.min,
    max: row.max,
    step: row.step,
    categories: categoriesOf(row.categories),
  };
}

export function toScoreConfigView(row: ConfigRow, scoreCount: number): ScoreConfigView {
  return {
    id: row.id,
    ...ruleOf(row),
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    archivedAt: row.archivedAt?.toISOString() ?? null,
    scoreCount,
  };
}

export const isUniqueViolation = (error: unknown) => (error as { code?: unknown }).code === "P2002";

const nameTaken = (name: string) =>
  new ConflictError(
    `A score config named "${name}" already exists.`,
    "name",
    "Choose another name, or archive the existing config first.",
  );

function configData(input: ScoreConfigInput) {
  return {
    name: input.name,
    activeName: input.name,
    type: input.type,
    min: input.min ?? null,
    max: input.max ?? null,
    step: input.step ?? null,
    categories: input.categories ?? undefined,
    description: input.description ?? null,
  };
}

export async function listScoreConfigs(
  db: Db,
  projectId: string,
  query: ListScoreConfigsQuery = {},
): Promise<ScoreConfigView[]> {
  const rows = await db.scoreConfig.findMany({
    where: { projectId, ...(query.includeArchived ? {} : { archivedAt: null }) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: { _count: { select: { scores: true } } },
  });
  return rows.map((r) => toScoreConfigView(r, r._count.scores));
}

export async function findConfig(db: Db, projectId: string, id: string, field = "id") {
  const row = isUuid(id)
    ? await db.scoreConfig.findFirst({
        where: { projectId, id },
        include: { _count: { select: { scores: true } } },
      })
    : null;
  if (!row) throw new NotFoundError(`Score config "${id}"`, field);
  return row;
}

export async function getScoreConfig(db: Db, projectId: string, id: string): Promise<ScoreConfigView> {
  const row = await findConfig(db, projectId, id);
  return toScoreConfigView(row, row._count.scores);
}

export async function createScoreConfig(db: Db, projectId: string, input: ScoreConfigInput): Promise<ScoreConfigView> {
  try {
    const row = await db.scoreConfig.create({ data: { id: uuidv7(), projectId, ...configData(input) } });
    return toScoreConfigView(row, 0);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name);
    throw error;
  }
}

/** Archives a config: it takes no new scores and its name is free again; its scores stay. Idempotent. */
export async function archiveScoreConfig(db: Db, projectId: string, id: string): Promise<ScoreConfigView> {
  await db.scoreConfig.updateMany({
    where: { projectId, id, archivedAt: null },
    data: { archivedAt: new Date(), activeName: null },
  });
  return getScoreConfig(db, projectId, id);
}
