// Reading sessions and thoughts, always scoped to one project. Rows become the read shapes of
// lib/contracts/session.ts here and nowhere else.
import { detailView } from "@/lib/contracts/thought-detail";
import type {
  BranchView,
  ListSessionsQuery,
  SessionGraph,
  SessionPage,
  SessionSummary,
  ThoughtView,
} from "@/lib/contracts/session";
import type { ScoreView } from "@/lib/contracts/scores";
import { objectMapper } from "@/lib/contracts/object-shape";
import { STORED_THOUGHT, type StoredKind, type StoredRegistry } from "@/lib/contracts/stored-thought";
import { sessionHealth } from "@/lib/health/reasoning-health";
import { isUuid } from "@/lib/ids";
import type { Db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/sqlite/client";
import { NotFoundError, ValidationError } from "@/server/errors";
import { scoresOfSession } from "../scores/score-views";
import { sessionAssessments } from "../reasoning/metacognition";
import { healthCells, healthWhere, refreshStaleHealth } from "../reasoning/session-health";

type SessionRow = Awaited<ReturnType<Db["thinkingSession"]["findFirstOrThrow"]>>;
type ThoughtRow = Awaited<ReturnType<Db["thought"]["findFirstOrThrow"]>>;
type BranchRow = Awaited<ReturnType<Db["branch"]["findFirstOrThrow"]>>;

export const stringArray = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];

export function toSessionSummary(s: SessionRow): SessionSummary {
  return {
    id: s.id,
    key: s.key,
    title: s.title,
    status: s.status as SessionSummary["status"],
    agent: s.agent,
    client: s.client,
    model: s.model,
    metadata: s.metadata ?? null,
    thoughtCount: s.thoughtCount,
    branchCount: s.branchCount,
    revisionCount: s.revisionCount,
    flagCount: s.flagCount,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    lastActivityAt: s.lastActivityAt.toISOString(),
  };
}

/** Each kind of stored column from its row value to its read shape (lib/contracts/session.ts, thoughtViewSchema); null:
 *  as it is. */
const VIEW_OF_KIND: Record<StoredKind, ((value: unknown) => unknown) | null> = {
  text: null,
  int: null,
  real: null,
  bool: null,
  json: (v) => v ?? null,
  strings: stringArray,
  date: (v) => (v as Date).toISOString(),
};

/** Rows of a stored-column registry as its read shape: each visible column converted by its kind, and no scores yet.
 *  One object literal generated from the registry (lib/contracts/object-shape.ts), as fast as a hand-written one. */
export function thoughtViewMapper(registry: StoredRegistry): (row: object) => Record<string, unknown> {
  const visible = Object.entries(registry).filter(([, c]) => !c.hidden);
  const map = objectMapper(
    [...visible.map(([name]) => name), "scores"],
    [...visible.map(([, c]) => VIEW_OF_KIND[c.kind]), () => []],
  );
  return (row) => map(row as Record<string, unknown>);
}

const viewOfRow = thoughtViewMapper(STORED_THOUGHT) as (t: ThoughtRow) => ThoughtView;

/** A thought's read shape; a detail's opaque payloads (signatures, encrypted reasoning) stay in the database. */
export function toThoughtView(t: ThoughtRow): ThoughtView {
  const view = viewOfRow(t);
  if (view.detail) view.detail = detailView(view.detail);
  return view;
}

export function toBranchView(b: BranchRow): BranchView {
  return {
    key: b.key,
    ordinal: b.ordinal,
    forkThought: b.forkThought,
    forkThoughtId: b.forkThoughtId,
    createdAt: b.createdAt.toISOString(),
  };
}

/** A session by our id or by the agent's own key, within the project. */
export async function findSession(db: Db, projectId: string, idOrKey: string): Promise<SessionRow> {
  const row =
    (isUuid(idOrKey) ? await db.thinkingSession.findFirst({ where: { projectId, id: idOrKey } }) : null) ??
    (await db.thinkingSession.findFirst({ where: { projectId, key: idOrKey } }));
  if (!row) throw new NotFoundError(`Session "${idOrKey}"`, "id");
  return row;
}

export async function getSessionGraph(db: Db, projectId: string, idOrKey: string): Promise<SessionGraph> {
  const session = await findSession(db, projectId, idOrKey);
  const [thoughts, branches, scores, assessments] = await Promise.all([
    db.thought.findMany({ where: { sessionId: session.id }, orderBy: { seq: "asc" } }),
    db.branch.findMany({ where: { sessionId: session.id }, orderBy: { ordinal: "asc" } }),
    scoresOfSession(db, projectId, session.id),
    sessionAssessments(db, projectId, session.id),
  ]);
  const byThought = new Map<string | null, ScoreView[]>();
  for (const s of scores) byThought.set(s.thoughtId, [...(byThought.get(s.thoughtId) ?? []), s]);
  const views = thoughts.map((t) => ({ ...toThoughtView(t), scores: byThought.get(t.id) ?? [] }));
  return {
    session: toSessionSummary(session),
    thoughts: views,
    branches: branches.map(toBranchView),
    scores: byThought.get(null) ?? [],
    // Folded on read: the thoughts are loaded for the answer anyway, and the fold is O(words) per thought.
    health: sessionHealth(views),
    assessments,
  };
}

/** Thoughts of a session after a given seq, in order: what a live subscriber catches up with. */
export async function thoughtsAfter(db: Db, projectId: string, sessionId: string, afterSeq: number, take = 500) {
  const rows = await db.thought.findMany({
    where: { projectId, sessionId, seq: { gt: afterSeq } },
    orderBy: { seq: "asc" },
    take,
  });
  return rows.map(toThoughtView);
}

export async function getThought(db: Db, projectId: string, id: string): Promise<ThoughtView> {
  const row = isUuid(id) ? await db.thought.findFirst({ where: { projectId, id } }) : null;
  if (!row) throw new NotFoundError(`Thought "${id}"`, "id");
  return toThoughtView(row);
}

function encodeCursor(s: { lastActivityAt: Date; id: string }): string {
  return Buffer.from(`${s.lastActivityAt.toISOString()}|${s.id}`).toString("base64url");
}

function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const date = new Date(at ?? "");
  if (!id || Number.isNaN(date.getTime())) {
    throw new ValidationError({
      field: "cursor",
      message: "cursor is not one this server issued.",
      suggestion: "Pass the nextCursor of the previous page unchanged, or leave cursor out for the first page.",
    });
  }
  return { at: date, id };
}

export type SessionFilter = Pick<ListSessionsQuery, "status" | "updatedSince" | "hasLoops" | "healthBelow">;

/** The sessions of a project that pass GET /api/v1/sessions's filters. Filtering by health needs current figures, so
 *  stale ones are folded first; a filter without health reads the stored ones (each says how many thoughts it
 *  folded), so agents polling the list while they write do not pay for folds. */
export async function sessionFilterWhere(
  db: Db,
  projectId: string,
  q: SessionFilter,
): Promise<Prisma.ThinkingSessionWhereInput> {
  if (q.hasLoops !== undefined || q.healthBelow !== undefined) await refreshStaleHealth(db, projectId);
  return {
    projectId,
    ...healthWhere({ loops: q.hasLoops, healthBelow: q.healthBelow }),
    ...(q.status ? { status: q.status } : {}),
    ...(q.updatedSince ? { lastActivityAt: { gte: new Date(q.updatedSince) } } : {}),
  };
}

/** Sessions by most recent activity, newest first, with keyset pagination. */
export async function listSessions(db: Db, projectId: string, q: ListSessionsQuery): Promise<SessionPage> {
  const after = q.cursor !== undefined ? decodeCursor(q.cursor) : null;
  const rows = await db.thinkingSession.findMany({
    where: {
      ...(await sessionFilterWhere(db, projectId, q)),
      ...(after
        ? { OR: [{ lastActivityAt: { lt: after.at } }, { lastActivityAt: after.at, id: { lt: after.id } }] }
        : {}),
    },
    orderBy: [{ lastActivityAt: "desc" }, { id: "desc" }],
    take: q.limit + 1,
  });
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    sessions: page.map(toSessionSummary),
    nextCursor: rows.length > q.limit && last ? encodeCursor(last) : null,
    health: await healthCells(
      db,
      projectId,
      page.map((r) => r.id),
    ),
  };
}
