// Annotation queues from the dashboard. Members read queues and their progress; admins and owners create, fill,
// assign and archive them (queues.manage); annotators and up claim, renew, finish and skip items (review), and the
// service lets only a queue's assigned reviewers (or admins and owners) claim. Scores and comments made while
// reviewing go through the scores and comments routers.
import { ZQueueAddItems, ZQueueCreate, ZQueueItemRef, ZQueueMembers, ZQueueRef } from "@/lib/contracts/queues";
import { claimItem, claimNext, finishItem, heartbeat, skipItem } from "@/server/services/queues/queue-claims";
import { assignableMembers, getQueue, listQueues } from "@/server/services/queues/queue-views";
import { addItems, archiveQueue, createQueue, queueUserOf, setMembers } from "@/server/services/queues/queues";
import { allowed, createTRPCRouter, memberProcedure } from "../init";

const reviewer = allowed("review");
const manager = allowed("queues.manage");

export const queuesRouter = createTRPCRouter({
  list: memberProcedure.query(({ ctx }) => listQueues(ctx.db, ctx.projectId, queueUserOf(ctx.actor, ctx.role))),

  byId: memberProcedure
    .input(ZQueueRef)
    .query(({ ctx, input }) => getQueue(ctx.db, ctx.projectId, queueUserOf(ctx.actor, ctx.role), input.queueId)),

  /** The people a queue can be assigned to: project members whose role can review. */
  assignableMembers: memberProcedure.query(({ ctx }) => assignableMembers(ctx.db, ctx.projectId)),

  create: manager
    .input(ZQueueCreate)
    .mutation(({ ctx, input }) => createQueue(ctx.db, ctx.projectId, queueUserOf(ctx.actor, ctx.role), input)),

  /** Adds sessions; ones already queued are skipped and counted (`alreadyQueued`). */
  addItems: manager.input(ZQueueAddItems).mutation(({ ctx, input }) => addItems(ctx.db, ctx.projectId, input)),

  setMembers: manager
    .input(ZQueueMembers)
    .mutation(({ ctx, input }) => setMembers(ctx.db, ctx.projectId, input.queueId, input.memberIds)),

  archive: manager.input(ZQueueRef).mutation(({ ctx, input }) => archiveQueue(ctx.db, ctx.projectId, input.queueId)),

  /** The item I hold, else the oldest open one; `item: null` when nothing is left for me. */
  claimNext: reviewer
    .input(ZQueueRef)
    .mutation(({ ctx, input }) => claimNext(ctx.db, ctx.projectId, queueUserOf(ctx.actor, ctx.role), input.queueId)),

  claimItem: reviewer
    .input(ZQueueItemRef)
    .mutation(({ ctx, input }) => claimItem(ctx.db, ctx.projectId, queueUserOf(ctx.actor, ctx.role), input.itemId)),

  heartbeat: reviewer
    .input(ZQueueItemRef)
    .mutation(({ ctx, input }) => heartbeat(ctx.db, ctx.projectId, queueUserOf(ctx.actor, ctx.role), input.itemId)),

  finish: reviewer
    .input(ZQueueItemRef)
    .mutation(({ ctx, input }) => finishItem(ctx.db, ctx.projectId, queueUserOf(ctx.actor, ctx.role), input.itemId)),

  skip: reviewer
    .input(ZQueueItemRef)
    .mutation(({ ctx, input }) => skipItem(ctx.db, ctx.projectId, queueUserOf(ctx.actor, ctx.role), input.itemId)),
});
