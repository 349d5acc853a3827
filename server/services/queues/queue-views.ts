// Reading annotation queues: the list with progress, one queue with its reviewers' counts and configs, and the
// project members a queue can be assigned to. Progress counts only live leases: an expired one frees its slot.
import { can, isRole } from "@/lib/auth/roles";
import type {
  AssignableMember,
  QueueDetail,
  QueueFilter,
  QueueMemberView,
  QueueProgress,
  QueueSummary,
} from "@/lib/contracts/queues";
import type { Db } from "@/server/db/client";
import type { Tx } from "./queue-lock";
import { findQueue, liveLease, type QueueRow, type QueueUser } from "./queues";
import { toScoreConfigView } from "../scores/score-configs";

const stringsOf = (json: unknown): string[] =>
  Array.isArray(json) ? json.filter((v): v is string => typeof v === "string") : [];

export async function queueProgress(db: Db | Tx, queue: QueueRow, userId: string, now: Date): Promise<QueueProgress> {
  const [total, complete, inProgress, mine] = await Promise.all([
    db.queueItem.count({ where: { queueId: queue.id } }),
    db.queueItem.count({ where: { queueId: queue.id, doneCount: { gte: queue.reviewersPerItem } } }),
    db.queueReview.count({ where: { ...liveLease(now), item: { queueId: queue.id } } }),
    db.queueReview.count({ where: { userId, status: "done", item: { queueId: queue.id } } }),
  ]);
  return { total, complete, inProgress, mine };
}

async function toSummary(db: Db, queue: QueueRow, who: QueueUser, now: Date): Promise<QueueSummary> {
  const [memberCount, assigned, progress] = await Promise.all([
    db.queueMember.count({ where: { queueId: queue.id } }),
    db.queueMember.count({ where: { queueId: queue.id, userId: who.userId } }),
    queueProgress(db, queue, who.userId, now),
  ]);
  return {
    id: queue.id,
    name: queue.name,
    description: queue.description,
    reviewersPerItem: queue.reviewersPerItem,
    scoreConfigIds: stringsOf(queue.scoreConfigIds),
    filter: (queue.filter as QueueFilter | null) ?? null,
    uncertainFirst: queue.uncertainFirst,
    createdAt: queue.createdAt.toISOString(),
    archivedAt: queue.archivedAt?.toISOString() ?? null,
    memberCount,
    assigned: assigned > 0,
    progress,
  };
}

export async function listQueues(db: Db, projectId: string, who: QueueUser, now: Date = new Date()) {
  const rows = await db.annotationQueue.findMany({
    where: { projectId, archivedAt: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return Promise.all(rows.map((q) => toSummary(db, q, who, now)));
}

export async function getQueue(
  db: Db,
  projectId: string,
  who: QueueUser,
  queueId: string,
  now: Date = new Date(),
): Promise<QueueDetail> {
  const queue = await findQueue(db, projectId, queueId);
  const configIds = stringsOf(queue.scoreConfigIds);
  const [summary, members, finished, leased, configs] = await Promise.all([
    toSummary(db, queue, who, now),
    db.queueMember.findMany({
      where: { queueId },
      orderBy: { createdAt: "asc" },
      include: { user: { select: { id: true, name: true, email: true } } },
    }),
    db.queueReview.groupBy({
      by: ["userId", "status"],
      where: { status: { in: ["done", "skipped"] }, item: { queueId } },
      _count: { _all: true },
    }),
    db.queueReview.groupBy({ by: ["userId"], where: { ...liveLease(now), item: { queueId } }, _count: { _all: true } }),
    db.scoreConfig.findMany({
      where: { projectId, id: { in: configIds } },
      include: { _count: { select: { scores: true } } },
    }),
  ]);
  const countOf = (userId: string, status: string) =>
    finished.find((g) => g.userId === userId && g.status === status)?._count._all ?? 0;
  // Assigned reviewers first, then anyone else who reviewed (admins and owners may review unassigned).
  const assigned = new Set(members.map((m) => m.userId));
  const others = [...new Set([...finished, ...leased].map((g) => g.userId))].filter((id) => !assigned.has(id));
  const otherUsers =
    others.length > 0
      ? await db.user.findMany({ where: { id: { in: others } }, select: { id: true, name: true, email: true } })
      : [];
  const people = [...members.map((m) => m.user), ...otherUsers];
  const memberViews: QueueMemberView[] = people.map((u) => ({
    userId: u.id,
    name: u.name ?? u.email,
    email: u.email,
    assigned: assigned.has(u.id),
    done: countOf(u.id, "done"),
    skipped: countOf(u.id, "skipped"),
    leased: leased.find((g) => g.userId === u.id)?._count._all ?? 0,
  }));
  const byId = new Map(configs.map((c) => [c.id, toScoreConfigView(c, c._count.scores)]));
  return { ...summary, members: memberViews, configs: configIds.flatMap((id) => byId.get(id) ?? []) };
}

/** Project members whose role can review: the people a queue may be assigned to. */
export async function assignableMembers(db: Db, projectId: string): Promise<AssignableMember[]> {
  const rows = await db.membership.findMany({
    where: { projectId },
    orderBy: { createdAt: "asc" },
    include: { user: { select: { id: true, name: true, email: true } } },
  });
  return rows
    .filter((m) => isRole(m.role) && can(m.role, "review"))
    .map((m) => ({ userId: m.userId, name: m.user.name ?? m.user.email, email: m.user.email, role: m.role }));
}
