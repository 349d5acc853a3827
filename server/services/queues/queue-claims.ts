// Claiming queue items: a claim is a 5-minute lease (LEASE_MS) renewed by heartbeats, then finished (counts towards
// the item's N) or skipped (the person never gets that item again). The server enforces N: an item's finished
// reviews plus its live leases never exceed reviewersPerItem, because every claim counts and takes its slot inside
// one transaction holding the queue's lock (queue-lock.ts). Expired leases simply stop counting. A person holds at
// most one lease per queue: claimNext resumes it rather than taking a second item.
import { LEASE_MS, type ClaimResult, type QueueProgress } from "@/lib/contracts/queues";
import { uuidv7 } from "@/lib/ids";
import type { Db } from "@/server/db/client";
import { ConflictError, ForbiddenError, NotFoundError } from "@/server/errors";
import { withQueueLock, type Tx } from "./queue-lock";
import { queueProgress } from "./queue-views";
import { ensureUserRow, findQueue, liveLease, type QueueUser } from "./queues";

type QueueRow = Awaited<ReturnType<typeof findQueue>>;

/** Items read per step while looking for an open one (a queue holds at most a few thousand). */
const SCAN_BATCH = 100;

async function openQueueFor(tx: Tx, projectId: string, queueId: string, who: QueueUser): Promise<QueueRow> {
  const queue = await findQueue(tx, projectId, queueId);
  if (queue.archivedAt) {
    throw new ConflictError("This queue is archived; its items can no longer be claimed.", "queueId");
  }
  const manager = who.role === "owner" || who.role === "admin";
  if (!manager && (await tx.queueMember.count({ where: { queueId, userId: who.userId } })) === 0) {
    throw new ForbiddenError(
      "You are not assigned to this queue.",
      "Ask a project admin to add you to the queue's reviewers.",
    );
  }
  return queue;
}

async function findItem(db: Db, projectId: string, itemId: string) {
  const item = await db.queueItem.findFirst({ where: { projectId, id: itemId } });
  if (!item) throw new NotFoundError(`Queue item "${itemId}"`, "itemId");
  return item;
}

/** Slots taken on an item by everyone but `userId`: finished reviews plus live leases. */
async function takenByOthers(tx: Tx, itemId: string, userId: string, now: Date): Promise<number> {
  const [item, leases] = await Promise.all([
    tx.queueItem.findUniqueOrThrow({ where: { id: itemId }, select: { doneCount: true } }),
    tx.queueReview.count({ where: { itemId, userId: { not: userId }, ...liveLease(now) } }),
  ]);
  return item.doneCount + leases;
}

const fullMessage = (n: number) =>
  n === 1 ? "Someone else is reviewing this item." : `This item already has its ${n} reviewers.`;

async function takeLease(tx: Tx, projectId: string, itemId: string, userId: string, now: Date) {
  const leaseExpiresAt = new Date(now.getTime() + LEASE_MS);
  await tx.queueReview.upsert({
    where: { itemId_userId: { itemId, userId } },
    create: { id: uuidv7(), itemId, projectId, userId, status: "leased", leaseExpiresAt, startedAt: now },
    update: { status: "leased", leaseExpiresAt, startedAt: now, finishedAt: null },
  });
  return leaseExpiresAt;
}

async function claimed(
  tx: Tx,
  queue: QueueRow,
  itemId: string,
  leaseExpiresAt: Date,
  resumed: boolean,
  who: QueueUser,
  now: Date,
): Promise<ClaimResult> {
  const item = await tx.queueItem.findUniqueOrThrow({
    where: { id: itemId },
    include: { session: { select: { title: true } } },
  });
  const [before, progress] = await Promise.all([
    tx.queueItem.count({
      where: {
        queueId: queue.id,
        OR: [{ createdAt: { lt: item.createdAt } }, { createdAt: item.createdAt, id: { lt: item.id } }],
      },
    }),
    queueProgress(tx, queue, who.userId, now),
  ]);
  return {
    item: {
      itemId: item.id,
      queueId: queue.id,
      sessionId: item.sessionId,
      sessionTitle: item.session.title,
      position: before + 1,
      total: progress.total,
      leaseExpiresAt: leaseExpiresAt.toISOString(),
      resumed,
    },
    progress,
  };
}

/**
 * The oldest item this person has not finished or skipped whose finished reviews plus live leases are below N; or
 * the item they already hold (resume). `item: null` when nothing is left for them.
 */
export async function claimNext(
  db: Db,
  projectId: string,
  who: QueueUser,
  queueId: string,
  now: Date = new Date(),
): Promise<ClaimResult> {
  await ensureUserRow(db, who);
  return withQueueLock(db, queueId, async (tx) => {
    const queue = await openQueueFor(tx, projectId, queueId, who);
    const n = queue.reviewersPerItem;
    const held = await tx.queueReview.findFirst({
      where: { userId: who.userId, ...liveLease(now), item: { queueId } },
      orderBy: { startedAt: "asc" },
    });
    if (held) {
      const until = await takeLease(tx, projectId, held.itemId, who.userId, now);
      return claimed(tx, queue, held.itemId, until, true, who, now);
    }
    let cursor: string | undefined;
    for (;;) {
      const batch = await tx.queueItem.findMany({
        where: {
          queueId,
          doneCount: { lt: n },
          reviews: { none: { userId: who.userId, status: { in: ["done", "skipped"] } } },
        },
        // "Uncertain first": the items judges were least sure about, then the ones no judge scored, in queue order.
        orderBy: queue.uncertainFirst
          ? [{ uncertainty: { sort: "desc", nulls: "last" } }, { createdAt: "asc" }, { id: "asc" }]
          : [{ createdAt: "asc" }, { id: "asc" }],
        take: SCAN_BATCH,
        ...(cursor !== undefined ? { cursor: { id: cursor }, skip: 1 } : {}),
        select: {
          id: true,
          doneCount: true,
          _count: { select: { reviews: { where: { ...liveLease(now), userId: { not: who.userId } } } } },
        },
      });
      const open = batch.find((i) => i.doneCount + i._count.reviews < n);
      if (open) {
        const until = await takeLease(tx, projectId, open.id, who.userId, now);
        return claimed(tx, queue, open.id, until, false, who, now);
      }
      if (batch.length < SCAN_BATCH) return { item: null, progress: await queueProgress(tx, queue, who.userId, now) };
      cursor = batch.at(-1)!.id;
    }
  });
}

/** Opens one chosen item: CONFLICT when its N slots are taken by others. Any other lease of mine in the queue ends. */
export async function claimItem(
  db: Db,
  projectId: string,
  who: QueueUser,
  itemId: string,
  now: Date = new Date(),
): Promise<ClaimResult> {
  const item = await findItem(db, projectId, itemId);
  await ensureUserRow(db, who);
  return withQueueLock(db, item.queueId, async (tx) => {
    const queue = await openQueueFor(tx, projectId, item.queueId, who);
    const mine = await tx.queueReview.findUnique({ where: { itemId_userId: { itemId, userId: who.userId } } });
    if (mine?.status === "done") throw new ConflictError("You have finished this item already.", "itemId");
    const holding = mine?.status === "leased" && mine.leaseExpiresAt !== null && mine.leaseExpiresAt > now;
    if (!holding && (await takenByOthers(tx, itemId, who.userId, now)) >= queue.reviewersPerItem) {
      throw new ConflictError(fullMessage(queue.reviewersPerItem), "itemId", "Take the next item instead.");
    }
    await tx.queueReview.deleteMany({
      where: { userId: who.userId, status: "leased", itemId: { not: itemId }, item: { queueId: queue.id } },
    });
    const until = await takeLease(tx, projectId, itemId, who.userId, now);
    return claimed(tx, queue, itemId, until, holding, who, now);
  });
}

/**
 * My lease on an item, possibly expired. An expired lease is taken up again when its slot is still free, so a
 * reviewer who stepped away is not punished when nobody needed the slot; otherwise CONFLICT.
 */
async function myLease(tx: Tx, queue: QueueRow, itemId: string, who: QueueUser, now: Date, verb: string) {
  const mine = await tx.queueReview.findUnique({ where: { itemId_userId: { itemId, userId: who.userId } } });
  if (!mine || mine.status === "skipped") {
    throw new ConflictError(`You do not hold this item, so you cannot ${verb} it.`, "itemId", "Claim it first.");
  }
  if (mine.status === "done") return { mine, done: true };
  const live = mine.leaseExpiresAt !== null && mine.leaseExpiresAt > now;
  if (!live && (await takenByOthers(tx, itemId, who.userId, now)) >= queue.reviewersPerItem) {
    throw new ConflictError(
      `Your lease on this item ran out and ${queue.reviewersPerItem === 1 ? "someone else has" : "other reviewers have"} taken it since.`,
      "itemId",
      "Your scores and comments are kept; take the next item.",
    );
  }
  return { mine, done: false };
}

/** Renews my lease for another LEASE_MS (the review screen calls this every minute). */
export async function heartbeat(
  db: Db,
  projectId: string,
  who: QueueUser,
  itemId: string,
  now: Date = new Date(),
): Promise<{ itemId: string; leaseExpiresAt: string | null }> {
  const item = await findItem(db, projectId, itemId);
  return withQueueLock(db, item.queueId, async (tx) => {
    const queue = await openQueueFor(tx, projectId, item.queueId, who);
    const { done } = await myLease(tx, queue, itemId, who, now, "renew");
    if (done) return { itemId, leaseExpiresAt: null };
    return { itemId, leaseExpiresAt: (await takeLease(tx, projectId, itemId, who.userId, now)).toISOString() };
  });
}

/** Marks my review done and counts it towards N. Finishing twice counts once. */
export async function finishItem(
  db: Db,
  projectId: string,
  who: QueueUser,
  itemId: string,
  now: Date = new Date(),
): Promise<{ itemId: string; doneCount: number; progress: QueueProgress }> {
  const item = await findItem(db, projectId, itemId);
  return withQueueLock(db, item.queueId, async (tx) => {
    const queue = await openQueueFor(tx, projectId, item.queueId, who);
    const { mine, done } = await myLease(tx, queue, itemId, who, now, "finish");
    if (!done) {
      await tx.queueReview.update({
        where: { id: mine.id },
        data: { status: "done", leaseExpiresAt: null, finishedAt: now },
      });
      await tx.queueItem.update({ where: { id: itemId }, data: { doneCount: { increment: 1 } } });
    }
    const { doneCount } = await tx.queueItem.findUniqueOrThrow({ where: { id: itemId }, select: { doneCount: true } });
    return { itemId, doneCount, progress: await queueProgress(tx, queue, who.userId, now) };
  });
}

/** Gives the item back: its slot frees at once and this person is never offered it again. */
export async function skipItem(
  db: Db,
  projectId: string,
  who: QueueUser,
  itemId: string,
  now: Date = new Date(),
): Promise<{ itemId: string; status: "skipped" }> {
  const item = await findItem(db, projectId, itemId);
  await ensureUserRow(db, who);
  return withQueueLock(db, item.queueId, async (tx) => {
    await openQueueFor(tx, projectId, item.queueId, who);
    const mine = await tx.queueReview.findUnique({ where: { itemId_userId: { itemId, userId: who.userId } } });
    if (mine?.status === "done") throw new ConflictError("You have finished this item already.", "itemId");
    await tx.queueReview.upsert({
      where: { itemId_userId: { itemId, userId: who.userId } },
      create: {
        id: uuidv7(),
        itemId,
        projectId,
        userId: who.userId,
        status: "skipped",
        startedAt: now,
        finishedAt: now,
      },
      update: { status: "skipped", leaseExpiresAt: null, finishedAt: now },
    });
    return { itemId, status: "skipped" as const };
  });
}
