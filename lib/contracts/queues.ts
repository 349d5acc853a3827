// Annotation queues: the input shapes (shared by the tRPC router and the UI) and the views the dashboard renders.
// A queue holds sessions (chosen one by one, or every session matching a sessions-list filter) and collects the given
// score configs from N reviewers per item; claims are leases, enforced on the server.
import { z } from "zod";
import { ZSessionTableQuery } from "./dashboard";
import type { ScoreConfigView } from "./scores";
import { MAX_QUEUE_BATCH, MAX_REVIEWERS_PER_ITEM } from "./zod-free";

export { HEARTBEAT_MS, LEASE_MS, MAX_QUEUE_BATCH, MAX_REVIEWERS_PER_ITEM } from "./zod-free";

const id = z.string().min(1).max(200);

/** The sessions-list filters (not its sort or page): resolved on the server to the sessions matching them now. */
export const ZQueueFilter = ZSessionTableQuery.pick({
  q: true,
  status: true,
  agent: true,
  flagged: true,
  tag: true,
  scoreConfigId: true,
  scored: true,
  scoredBy: true,
  from: true,
  to: true,
  loops: true,
  healthBelow: true,
});
export type QueueFilter = z.infer<typeof ZQueueFilter>;

const ZSessionIds = z.array(id).max(MAX_QUEUE_BATCH, `At most ${MAX_QUEUE_BATCH} sessions at a time.`);

const oneSource = {
  check: (v: { sessionIds?: unknown; filter?: unknown }) => (v.sessionIds === undefined) !== (v.filter === undefined),
  message: "Send either sessionIds (a selection) or filter (every session matching it), not both or neither.",
};

export const ZQueueCreate = z
  .object({
    name: z.string().trim().min(1, "A queue needs a name.").max(100),
    description: z.string().trim().max(2_000).optional(),
    scoreConfigIds: z.array(id).min(1, "Choose at least one score config.").max(20),
    reviewersPerItem: z.number().int().min(1).max(MAX_REVIEWERS_PER_ITEM).default(1),
    memberIds: z.array(id).max(500).default([]),
    /** Hand out first the items a judge was unsure about (low confidence, or judges that disagree). */
    uncertainFirst: z.boolean().default(false),
    sessionIds: ZSessionIds.optional(),
    filter: ZQueueFilter.optional(),
  })
  .refine(oneSource.check, { message: oneSource.message, path: ["sessionIds"] });
export type QueueCreate = z.input<typeof ZQueueCreate>;

export const ZQueueAddItems = z
  .object({ queueId: id, sessionIds: ZSessionIds.optional(), filter: ZQueueFilter.optional() })
  .refine(oneSource.check, { message: oneSource.message, path: ["sessionIds"] });
export type QueueAddItems = z.infer<typeof ZQueueAddItems>;

export const ZQueueMembers = z.object({ queueId: id, memberIds: z.array(id).max(500) });
export const ZQueueRef = z.object({ queueId: id });
export const ZQueueItemRef = z.object({ itemId: id });

export interface QueueProgress {
  total: number;
  /** Items with N finished reviews. */
  complete: number;
  /** Live leases (expired ones no longer count). */
  inProgress: number;
  /** Items the asking person finished. */
  mine: number;
}

export interface QueueSummary {
  id: string;
  name: string;
  description: string | null;
  reviewersPerItem: number;
  scoreConfigIds: string[];
  filter: QueueFilter | null;
  /** Items a judge was unsure about are handed out first. */
  uncertainFirst: boolean;
  createdAt: string;
  archivedAt: string | null;
  memberCount: number;
  /** The asking person is assigned to it (admins and owners may review any queue). */
  assigned: boolean;
  progress: QueueProgress;
}

export interface QueueMemberView {
  userId: string;
  name: string;
  email: string;
  /** False for an admin or owner who reviewed without being assigned. */
  assigned: boolean;
  done: number;
  skipped: number;
  leased: number;
}

export interface QueueDetail extends QueueSummary {
  members: QueueMemberView[];
  /** The configs it collects, in its order (archived ones included, marked). */
  configs: ScoreConfigView[];
}

export interface AssignableMember {
  userId: string;
  name: string;
  email: string;
  role: string;
}

export interface ClaimedItem {
  itemId: string;
  queueId: string;
  sessionId: string;
  sessionTitle: string | null;
  /** 1-based place in the queue's order, of `total`. */
  position: number;
  total: number;
  leaseExpiresAt: string;
  /** The person already held this lease (a reload, another tab): nothing new was taken. */
  resumed: boolean;
}

/** claimNext's answer: an item, or null when nothing is left for this person. */
export interface ClaimResult {
  item: ClaimedItem | null;
  progress: QueueProgress;
}

export interface AddItemsResult {
  added: number;
  /** Sessions already in the queue, skipped (a session is never queued twice). */
  alreadyQueued: number;
}
