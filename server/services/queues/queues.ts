// Annotation queues, always scoped to one project: create one from a selection of sessions or a sessions-list filter,
// add sessions (a session is never queued twice: duplicates are skipped and counted), assign reviewers, archive.
// Reads and progress live in queue-views.ts, claims and leases in queue-claims.ts. Another project's queue answers
// 404, never 403.
import { can, isRole, type Role } from "@/lib/auth/roles";
import {
  MAX_QUEUE_BATCH,
  type AddItemsResult,
  type QueueAddItems,
  type QueueFilter,
  type ZQueueCreate,
} from "@/lib/contracts/queues";
import { uuidv7 } from "@/lib/ids";
import type { Db } from "@/server/db/client";
import { NotFoundError, ValidationError } from "@/server/errors";
import type { z } from "zod";
import { sessionTableWhere } from "../dashboard";
import { LOCAL_USER_ID } from "../comments";
import { withQueueLock, type Tx } from "./queue-lock";
import { refreshQueueUncertainty } from "../judges/queue-uncertainty";

/** Who is asking: a user id (single-user mode's person is the placeholder user `local`) and their project role. */
export interface QueueUser {
  userId: string;
  role: Role;
}

export function queueUserOf(actor: { kind: "local" } | { kind: "user"; user: { id: string } }, role: Role): QueueUser {
  return { userId: actor.kind === "local" ? LOCAL_USER_ID : actor.user.id, role };
}

/** Queue rows point at User; single-user mode's person gets the same placeholder row comments use. */
export async function ensureUserRow(db: Db | Tx, who: QueueUser): Promise<void> {
  if (who.userId !== LOCAL_USER_ID) return;
  await db.user.upsert({
    where: { id: LOCAL_USER_ID },
    create: { id: LOCAL_USER_ID, email: "local@thoughtgraph.invalid", passwordHash: "!", name: "You" },
    update: {},
  });
}

export type QueueRow = Awaited<ReturnType<Db["annotationQueue"]["findFirstOrThrow"]>>;

export async function findQueue(db: Db | Tx, projectId: string, queueId: string): Promise<QueueRow> {
  const row = await db.annotationQueue.findFirst({ where: { projectId, id: queueId } });
  if (!row) throw new NotFoundError(`Queue "${queueId}"`, "queueId");
  return row;
}

/** A lease counts while it has not run out; an expired one frees its slot without anyone cleaning it up. */
export const liveLease = (now: Date) => ({ status: "leased", leaseExpiresAt: { gt: now } });

// ---- validation ----

async function checkConfigs(db: Db, projectId: string, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = await db.scoreConfig.findMany({
    where: { projectId, id: { in: unique }, archivedAt: null },
    select: { id: true },
  });
  const missing = unique.filter((id) => !found.some((c) => c.id === id));
  if (missing.length > 0) {
    throw new ValidationError({
      field: "scoreConfigIds",
      message: `Score config "${missing[0]}" is not an active config of this project.`,
      suggestion: "Choose among the active score configs (archived ones collect no new scores).",
    });
  }
  return unique;
}

async function checkMembers(db: Db | Tx, projectId: string, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const rows = await db.membership.findMany({ where: { projectId, userId: { in: unique } } });
  const reviewers = new Set(rows.filter((m) => isRole(m.role) && can(m.role, "review")).map((m) => m.userId));
  const wrong = unique.find((id) => !reviewers.has(id));
  if (wrong !== undefined) {
    throw new ValidationError({
      field: "memberIds",
      message: `User "${wrong}" is not a project member who can review.`,
      suggestion: "Assign annotators, admins or owners of this project; viewers cannot review.",
    });
  }
  return unique;
}

/** The sessions to queue, in order: a selection as given (first occurrence wins), a filter's matches oldest first. */
async function resolveSessions(
  db: Db,
  projectId: string,
  source: { sessionIds?: string[] | undefined; filter?: QueueFilter | undefined },
): Promise<{ ids: string[]; requested: number }> {
  if (source.filter !== undefined) {
    const where = await sessionTableWhere(db, projectId, source.filter);
    const count = await db.thinkingSession.count({ where });
    if (count > MAX_QUEUE_BATCH) {
      throw new ValidationError({
        field: "filter",
        message: `That filter matches ${count} sessions; a queue takes at most ${MAX_QUEUE_BATCH} at a time.`,
        suggestion: "Narrow the filter (a date range, an agent, a tag) and add the rest in a second step.",
      });
    }
    const rows = await db.thinkingSession.findMany({
      where,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true },
    });
    return { ids: rows.map((r) => r.id), requested: rows.length };
  }
  const given = source.sessionIds ?? [];
  const unique = [...new Set(given)];
  const found = new Set<string>();
  // 500 ids per query keeps the IN list well under SQLite's 32,766 bound variables.
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db.thinkingSession.findMany({
      where: { projectId, id: { in: unique.slice(i, i + 500) } },
      select: { id: true },
    });
    for (const r of rows) found.add(r.id);
  }
  const missing = unique.find((id) => !found.has(id));
  if (missing !== undefined) throw new NotFoundError(`Session "${missing}"`, "sessionIds");
  return { ids: unique, requested: given.length };
}

/** Inserts the sessions not yet in the queue; the caller holds the queue lock, so no other add interleaves. */
async function insertItems(tx: Tx, projectId: string, queueId: string, sessionIds: string[], now: Date) {
  const queued = new Set<string>();
  for (let i = 0; i < sessionIds.length; i += 500) {
    const rows = await tx.queueItem.findMany({
      where: { queueId, sessionId: { in: sessionIds.slice(i, i + 500) } },
      select: { sessionId: true },
    });
    for (const r of rows) queued.add(r.sessionId);
  }
  const fresh = sessionIds.filter((id) => !queued.has(id));
  for (let i = 0; i < fresh.length; i += 500) {
    await tx.queueItem.createMany({
      // uuidv7 ids ascend in this loop, so the queue order (createdAt, id) is the order given.
      data: fresh
        .slice(i, i + 500)
        .map((sessionId) => ({ id: uuidv7(), queueId, projectId, sessionId, createdAt: now })),
    });
  }
  return fresh.length;
}

// ---- writes ----

export async function createQueue(
  db: Db,
  projectId: string,
  who: QueueUser,
  input: z.output<typeof ZQueueCreate>,
  now: Date = new Date(),
): Promise<{ id: string } & AddItemsResult> {
  const scoreConfigIds = await checkConfigs(db, projectId, input.scoreConfigIds);
  const memberIds = await checkMembers(db, projectId, input.memberIds);
  const { ids, requested } = await resolveSessions(db, projectId, input);
  await ensureUserRow(db, who);
  const id = uuidv7();
  // One transaction: a queue is never left half-made (without its members or items).
  const added = await withQueueLock(db, id, async (tx) => {
    await tx.annotationQueue.create({
      data: {
        id,
        projectId,
        name: input.name,
        description: input.description ?? null,
        reviewersPerItem: input.reviewersPerItem,
        scoreConfigIds,
        filter: input.filter ?? undefined,
        uncertainFirst: input.uncertainFirst,
        createdBy: who.userId,
        createdAt: now,
      },
    });
    if (memberIds.length > 0) {
      await tx.queueMember.createMany({ data: memberIds.map((userId) => ({ queueId: id, userId, projectId })) });
    }
    return insertItems(tx, projectId, id, ids, now);
  });
  await refreshQueueUncertainty(db, projectId, ids);
  return { id, added, alreadyQueued: requested - added };
}

export async function addItems(
  db: Db,
  projectId: string,
  input: QueueAddItems,
  now: Date = new Date(),
): Promise<AddItemsResult> {
  await findQueue(db, projectId, input.queueId);
  const { ids, requested } = await resolveSessions(db, projectId, input);
  const added = await withQueueLock(db, input.queueId, (tx) => insertItems(tx, projectId, input.queueId, ids, now));
  await refreshQueueUncertainty(db, projectId, ids);
  return { added, alreadyQueued: requested - added };
}

/** Replaces the queue's reviewers; reviews already done stay, with their authors. */
export async function setMembers(db: Db, projectId: string, queueId: string, memberIds: string[]) {
  await findQueue(db, projectId, queueId);
  const ids = await checkMembers(db, projectId, memberIds);
  await db.$transaction([
    db.queueMember.deleteMany({ where: { queueId, userId: { notIn: ids } } }),
    ...ids.map((userId) =>
      db.queueMember.upsert({
        where: { queueId_userId: { queueId, userId } },
        create: { queueId, userId, projectId },
        update: {},
      }),
    ),
  ]);
  return { queueId, memberIds: ids };
}

export async function archiveQueue(db: Db, projectId: string, queueId: string, now: Date = new Date()) {
  const queue = await findQueue(db, projectId, queueId);
  const archivedAt = queue.archivedAt ?? now;
  if (!queue.archivedAt) await db.annotationQueue.update({ where: { id: queueId }, data: { archivedAt } });
  return { id: queueId, archivedAt: archivedAt.toISOString() };
}
