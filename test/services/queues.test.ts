// Annotation queues through the service functions and the tRPC router, on a real SQLite file and a real PostgreSQL
// database: queues from a selection and from a filter, a session never queued twice (concurrent adds included),
// claims as 5-minute leases (resume, heartbeat, finish, skip, expiry with an injected clock), N enforced under
// concurrent claims, and who may do what (viewer, annotator, unassigned reviewer, another project).
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Role } from "@/lib/auth/roles";
import { LEASE_MS, MAX_QUEUE_BATCH, ZQueueCreate, type QueueCreate } from "@/lib/contracts/queues";
import { uuidv7 } from "@/lib/ids";
import { createDb, type Db } from "@/server/db/client";
import { applyMigrations } from "@/server/db/migrations";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "@/server/errors";
import { claimItem, claimNext, finishItem, heartbeat, skipItem } from "@/server/services/queues/queue-claims";
import { getQueue } from "@/server/services/queues/queue-views";
import { addItems, createQueue, type QueueUser } from "@/server/services/queues/queues";
import { createCaller } from "@/server/trpc/root";
import { contextOf } from "@/server/trpc/init";
import { freshPgUrl } from "@/test/support/pg";
import { freshSqliteUrl } from "@/test/support/sqlite-file";

let counter = 0;
const unique = (label: string) => `${label}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
const minutes = (t: Date, m: number) => new Date(t.getTime() + m * 60_000);

describe.each(["sqlite", "postgresql"] as const)("annotation queues on %s", (provider) => {
  let url = "";
  let db: Db;
  let projectId = "";
  let otherProjectId = "";
  let configId = "";
  let admin: QueueUser;
  let viewer: QueueUser;
  /** Ten annotators, members of the project. */
  let people: QueueUser[] = [];

  async function seedUser(project: string, role: Role): Promise<QueueUser> {
    const userId = uuidv7();
    await db.user.create({ data: { id: userId, email: `${unique("u")}@example.test`, passwordHash: "x" } });
    await db.membership.create({ data: { projectId: project, userId, role } });
    return { userId, role };
  }

  async function seedSessions(n: number, agent = unique("agent"), project = projectId): Promise<string[]> {
    const ids = Array.from({ length: n }, () => uuidv7());
    await db.thinkingSession.createMany({
      data: ids.map((id, i) => ({ id, projectId: project, key: unique("s"), agent, title: `session ${i + 1}` })),
    });
    return ids;
  }

  const create = (input: Partial<QueueCreate> & Pick<QueueCreate, "sessionIds">, who: QueueUser = admin) =>
    createQueue(
      db,
      projectId,
      who,
      ZQueueCreate.parse({ name: unique("queue"), scoreConfigIds: [configId], ...input }),
    );

  /** A queue over `n` new sessions, reviewed by the given people. */
  async function queueOf(n: number, reviewersPerItem: number, members: QueueUser[] = people) {
    const sessionIds = await seedSessions(n);
    const q = await create({ sessionIds, reviewersPerItem, memberIds: members.map((m) => m.userId) });
    return { queueId: q.id, sessionIds };
  }

  const liveLeases = (queueId: string, now: Date) =>
    db.queueReview.count({ where: { status: "leased", leaseExpiresAt: { gt: now }, item: { queueId } } });

  beforeAll(async () => {
    url = provider === "sqlite" ? freshSqliteUrl("queues") : await freshPgUrl("queues");
    await applyMigrations(url);
    db = createDb(url);
    projectId = uuidv7();
    otherProjectId = uuidv7();
    await db.project.create({ data: { id: projectId, slug: unique("p"), name: "Queues" } });
    await db.project.create({ data: { id: otherProjectId, slug: unique("p"), name: "Other" } });
    configId = uuidv7();
    await db.scoreConfig.create({
      data: { id: configId, projectId, name: "quality", activeName: "quality", type: "numeric", min: 1, max: 5 },
    });
    admin = await seedUser(projectId, "admin");
    viewer = await seedUser(projectId, "viewer");
    people = [];
    for (let i = 0; i < 10; i++) people.push(await seedUser(projectId, "annotator"));
  });

  afterAll(async () => {
    await db?.$disconnect();
  });

  describe("creating and filling", () => {
    it("creates from a selection: duplicates in it are counted, not queued", async () => {
      const [a, b] = await seedSessions(2);
      const q = await create({ sessionIds: [a!, b!, b!] });
      expect(q).toMatchObject({ added: 2, alreadyQueued: 1 });
      const detail = await getQueue(db, projectId, admin, q.id);
      expect(detail.progress).toEqual({ total: 2, complete: 0, inProgress: 0, mine: 0 });
      expect(detail.configs.map((c) => c.id)).toEqual([configId]);
    });

    it("creates from a sessions-list filter, resolved to the sessions matching it now", async () => {
      const agent = unique("filtered");
      const matching = await seedSessions(3, agent);
      await seedSessions(2);
      const q = await createQueue(
        db,
        projectId,
        admin,
        ZQueueCreate.parse({ name: "by agent", scoreConfigIds: [configId], filter: { agent } }),
      );
      expect(q).toMatchObject({ added: 3, alreadyQueued: 0 });
      const items = await db.queueItem.findMany({ where: { queueId: q.id }, orderBy: { id: "asc" } });
      expect(items.map((i) => i.sessionId).sort()).toEqual([...matching].sort());
      expect((await getQueue(db, projectId, admin, q.id)).filter).toEqual({ agent });
    });

    it(`refuses a filter matching more than ${MAX_QUEUE_BATCH} sessions, saying how many`, async () => {
      const agent = unique("many");
      await seedSessions(MAX_QUEUE_BATCH + 1, agent);
      const input = ZQueueCreate.parse({ name: "too many", scoreConfigIds: [configId], filter: { agent } });
      const refused = createQueue(db, projectId, admin, input);
      await expect(refused).rejects.toBeInstanceOf(ValidationError);
      await expect(refused).rejects.toThrow(/matches 5001 sessions/);
      await expect(refused).rejects.toMatchObject({ field: "filter" });
    });

    it("refuses archived or foreign configs, reviewers who cannot review, and another project's sessions", async () => {
      const sessionIds = await seedSessions(1);
      const archived = uuidv7();
      await db.scoreConfig.create({
        data: { id: archived, projectId, name: "old", type: "boolean", archivedAt: new Date() },
      });
      await expect(create({ sessionIds, scoreConfigIds: [archived] })).rejects.toMatchObject({
        field: "scoreConfigIds",
      });
      await expect(create({ sessionIds, memberIds: [viewer.userId] })).rejects.toMatchObject({ field: "memberIds" });
      const foreign = await seedSessions(1, unique("agent"), otherProjectId);
      await expect(create({ sessionIds: foreign })).rejects.toBeInstanceOf(NotFoundError);
    });

    it("adds sessions, skipping the ones already queued: 3 added, 2 already queued", async () => {
      const { queueId, sessionIds } = await queueOf(2, 1);
      const more = await seedSessions(3);
      await expect(addItems(db, projectId, { queueId, sessionIds: [...sessionIds, ...more] })).resolves.toEqual({
        added: 3,
        alreadyQueued: 2,
      });
      expect(await db.queueItem.count({ where: { queueId } })).toBe(5);
    });

    it("never queues a session twice under concurrent adds", async () => {
      const { queueId } = await queueOf(0, 1);
      const sessionIds = await seedSessions(4);
      const results = await Promise.all(
        Array.from({ length: 6 }, () => addItems(db, projectId, { queueId, sessionIds })),
      );
      expect(results.reduce((sum, r) => sum + r.added, 0)).toBe(4);
      expect(results.reduce((sum, r) => sum + r.alreadyQueued, 0)).toBe(6 * 4 - 4);
      expect(await db.queueItem.count({ where: { queueId } })).toBe(4);
    });
  });

  describe("claims and leases", () => {
    it("claims the oldest open item, resumes it, renews it, finishes it and moves on", async () => {
      const { queueId, sessionIds } = await queueOf(3, 1);
      const [me, other] = people;
      const t0 = new Date();
      const first = await claimNext(db, projectId, me!, queueId, t0);
      expect(first.item).toMatchObject({ sessionId: sessionIds[0], position: 1, total: 3, resumed: false });
      expect(first.item!.leaseExpiresAt).toBe(new Date(t0.getTime() + LEASE_MS).toISOString());
      // A reload resumes the same item instead of taking a second one.
      const again = await claimNext(db, projectId, me!, queueId, minutes(t0, 1));
      expect(again.item).toMatchObject({ itemId: first.item!.itemId, resumed: true });
      // Someone else gets the next item (N = 1).
      const theirs = await claimNext(db, projectId, other!, queueId, minutes(t0, 4));
      expect(theirs.item).toMatchObject({ sessionId: sessionIds[1], position: 2 });

      const renewed = await heartbeat(db, projectId, me!, first.item!.itemId, minutes(t0, 4));
      expect(renewed.leaseExpiresAt).toBe(minutes(t0, 9).toISOString());
      // Still held at minute 8 thanks to the heartbeat: the other reviewer cannot open it.
      await expect(claimItem(db, projectId, other!, first.item!.itemId, minutes(t0, 8))).rejects.toBeInstanceOf(
        ConflictError,
      );

      const done = await finishItem(db, projectId, me!, first.item!.itemId, minutes(t0, 8));
      // The other reviewer's lease (minute 4 to 9) is still in progress.
      expect(done).toMatchObject({ doneCount: 1, progress: { total: 3, complete: 1, mine: 1, inProgress: 1 } });
      // Finishing twice counts once.
      expect((await finishItem(db, projectId, me!, first.item!.itemId, minutes(t0, 8))).doneCount).toBe(1);
      const next = await claimNext(db, projectId, me!, queueId, minutes(t0, 8));
      expect(next.item).toMatchObject({ sessionId: sessionIds[2], position: 3 });
    });

    it("says so when nothing is left, and reports per-member counts", async () => {
      const [me] = people;
      const { queueId } = await queueOf(1, 1, [me!]);
      const claim = await claimNext(db, projectId, me!, queueId);
      await finishItem(db, projectId, me!, claim.item!.itemId);
      const none = await claimNext(db, projectId, me!, queueId);
      expect(none).toEqual({ item: null, progress: { total: 1, complete: 1, inProgress: 0, mine: 1 } });
      const detail = await getQueue(db, projectId, admin, queueId);
      expect(detail.members).toEqual([
        expect.objectContaining({ userId: me!.userId, assigned: true, done: 1, skipped: 0, leased: 0 }),
      ]);
    });

    it("a skipped item frees its slot at once and is never offered to that person again", async () => {
      const { queueId } = await queueOf(1, 1);
      const [me, other] = people;
      const claim = await claimNext(db, projectId, me!, queueId);
      await skipItem(db, projectId, me!, claim.item!.itemId);
      expect((await claimNext(db, projectId, me!, queueId)).item).toBeNull();
      expect((await claimNext(db, projectId, other!, queueId)).item?.itemId).toBe(claim.item!.itemId);
      // A skipped review cannot be finished.
      await expect(finishItem(db, projectId, me!, claim.item!.itemId)).rejects.toBeInstanceOf(ConflictError);
    });

    it("an expired lease frees its slot; finishing late is refused once someone took it, accepted while free", async () => {
      const { queueId } = await queueOf(1, 1);
      const [me, other, third] = people;
      const t0 = new Date();
      const mine = await claimNext(db, projectId, me!, queueId, t0);
      expect((await claimNext(db, projectId, other!, queueId, minutes(t0, 4))).item).toBeNull();
      const theirs = await claimNext(db, projectId, other!, queueId, minutes(t0, 6));
      expect(theirs.item?.itemId).toBe(mine.item!.itemId);
      const late = finishItem(db, projectId, me!, mine.item!.itemId, minutes(t0, 7));
      await expect(late).rejects.toBeInstanceOf(ConflictError);
      await expect(late).rejects.toThrow(/ran out/);
      await expect(heartbeat(db, projectId, me!, mine.item!.itemId, minutes(t0, 7))).rejects.toBeInstanceOf(
        ConflictError,
      );

      // Expired but nobody needed the slot: the late finish counts.
      const free = await queueOf(1, 1);
      const claim = await claimNext(db, projectId, third!, free.queueId, t0);
      const done = await finishItem(db, projectId, third!, claim.item!.itemId, minutes(t0, 30));
      expect(done.doneCount).toBe(1);
    });

    it("opening a chosen item ends my other lease in the queue; a full item is a CONFLICT", async () => {
      const { queueId } = await queueOf(2, 1);
      const [me, other] = people;
      const first = await claimNext(db, projectId, me!, queueId);
      const second = await db.queueItem.findFirstOrThrow({ where: { queueId, id: { not: first.item!.itemId } } });
      const opened = await claimItem(db, projectId, me!, second.id);
      expect(opened.item).toMatchObject({ itemId: second.id, position: 2 });
      // The first item is free again.
      expect((await claimNext(db, projectId, other!, queueId)).item?.itemId).toBe(first.item!.itemId);
      await expect(claimItem(db, projectId, other!, second.id)).rejects.toMatchObject({
        status: 409,
        message: "Someone else is reviewing this item.",
      });
    });

    it("only assigned reviewers claim; admins may review any queue", async () => {
      const [me, outsider] = people;
      const { queueId } = await queueOf(2, 1, [me!]);
      await expect(claimNext(db, projectId, outsider!, queueId)).rejects.toBeInstanceOf(ForbiddenError);
      expect((await claimNext(db, projectId, admin, queueId)).item).not.toBeNull();
      // The unassigned admin shows among the queue's reviewers, marked.
      expect((await getQueue(db, projectId, admin, queueId)).members).toEqual([
        expect.objectContaining({ userId: me!.userId, assigned: true, leased: 0 }),
        expect.objectContaining({ userId: admin.userId, assigned: false, leased: 1 }),
      ]);
    });
  });

  describe("concurrency", () => {
    it("10 concurrent claims of a queue with one item and N = 1: exactly one wins", async () => {
      const { queueId } = await queueOf(1, 1);
      const results = await Promise.all(people.map((p) => claimNext(db, projectId, p, queueId)));
      expect(results.filter((r) => r.item !== null)).toHaveLength(1);
      expect(await liveLeases(queueId, new Date())).toBe(1);
    });

    it("N = 3 with 10 concurrent claimers on one item: exactly 3 leases", async () => {
      const { queueId } = await queueOf(1, 3);
      const results = await Promise.all(people.map((p) => claimNext(db, projectId, p, queueId)));
      expect(results.filter((r) => r.item !== null)).toHaveLength(3);
      expect(await liveLeases(queueId, new Date())).toBe(3);
    });

    it("10 concurrent claims of one chosen item with N = 2: two succeed, eight get CONFLICT", async () => {
      const { queueId } = await queueOf(1, 2);
      const item = await db.queueItem.findFirstOrThrow({ where: { queueId } });
      const results = await Promise.allSettled(people.map((p) => claimItem(db, projectId, p, item.id)));
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
      const refused = results.flatMap((r): unknown[] => (r.status === "rejected" ? [r.reason] : []));
      expect(refused).toHaveLength(8);
      for (const e of refused) expect(e).toBeInstanceOf(ConflictError);
    });

    it("concurrent finishes and claims after the leases ran out keep doneCount + live leases ≤ N", async () => {
      const { queueId } = await queueOf(1, 2);
      const t0 = new Date();
      const [a, b, ...rest] = people;
      const itemId = (await claimNext(db, projectId, a!, queueId, t0)).item!.itemId;
      await claimNext(db, projectId, b!, queueId, t0);
      const later = minutes(t0, 6);
      const [finishes, claims] = await Promise.all([
        Promise.allSettled([a!, b!].map((p) => finishItem(db, projectId, p, itemId, later))),
        Promise.allSettled(rest.map((p) => claimNext(db, projectId, p, queueId, later))),
      ]);
      const item = await db.queueItem.findUniqueOrThrow({ where: { id: itemId } });
      const finished = finishes.filter((o) => o.status === "fulfilled").length;
      const claimed = claims.filter((o) => o.status === "fulfilled" && o.value.item !== null).length;
      expect(item.doneCount).toBe(finished);
      expect(finished + claimed).toBe(2);
      expect(item.doneCount + (await liveLeases(queueId, later))).toBe(2);
    });

    // PostgreSQL only: SQLite runs one app process with one connection. Two better-sqlite3 connections in one
    // test process cannot take turns (a busy wait blocks the only thread while the other holds the lock).
    if (provider === "postgresql")
      it("two app instances (two pools) claiming at once: still exactly one wins", async () => {
        const { queueId } = await queueOf(1, 1);
        const second = createDb(url);
        try {
          const results = await Promise.all(
            people.map((p, i) => claimNext(i % 2 === 0 ? db : second, projectId, p, queueId)),
          );
          expect(results.filter((r) => r.item !== null)).toHaveLength(1);
        } finally {
          await second.$disconnect();
        }
      });
  });

  describe("through the router", () => {
    const callerAs = (who: QueueUser, project = projectId) =>
      createCaller(
        contextOf(db, {
          kind: "user",
          user: { id: who.userId, email: "x@example.test", name: null },
          access: { projectId: project, role: who.role },
        }),
      );

    it("a viewer cannot claim, an annotator cannot create, an unassigned annotator cannot claim", async () => {
      const [me, outsider] = people;
      const { queueId, sessionIds } = await queueOf(1, 1, [me!]);
      await expect(callerAs(viewer).queues.claimNext({ queueId })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(
        callerAs(me!).queues.create({ name: "mine", scoreConfigIds: [configId], sessionIds }),
      ).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(callerAs(outsider!).queues.claimNext({ queueId })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(callerAs(me!).queues.claimNext({ queueId })).resolves.toMatchObject({ item: { position: 1 } });
      // Everyone in the project reads the queue.
      await expect(callerAs(viewer).queues.byId({ queueId })).resolves.toMatchObject({ id: queueId });
    });

    it("another project's queue or item is NOT_FOUND, never FORBIDDEN", async () => {
      const { queueId } = await queueOf(1, 1);
      const item = await db.queueItem.findFirstOrThrow({ where: { queueId } });
      const stranger = callerAs(await seedUser(otherProjectId, "owner"), otherProjectId);
      await expect(stranger.queues.byId({ queueId })).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(stranger.queues.claimNext({ queueId })).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(stranger.queues.claimItem({ itemId: item.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(stranger.queues.finish({ itemId: item.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(stranger.queues.addItems({ queueId, sessionIds: [] })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
    });

    it("single-user mode's local owner creates and reviews as the placeholder user `local`", async () => {
      const local = createCaller(contextOf(db, { kind: "local", access: { projectId, role: "owner" } }));
      const sessionIds = await seedSessions(1);
      const { id: queueId } = await local.queues.create({ name: "solo", scoreConfigIds: [configId], sessionIds });
      const claim = await local.queues.claimNext({ queueId });
      await local.queues.finish({ itemId: claim.item!.itemId });
      expect((await local.queues.byId({ queueId })).progress).toMatchObject({ complete: 1, mine: 1 });
      expect(await db.queueReview.findFirst({ where: { item: { queueId } } })).toMatchObject({
        userId: "local",
        status: "done",
      });
    });

    it("an admin creates, assigns and archives; claims on an archived queue are a CONFLICT", async () => {
      const sessionIds = await seedSessions(2);
      const caller = callerAs(admin);
      const { id: queueId } = await caller.queues.create({ name: "routed", scoreConfigIds: [configId], sessionIds });
      await caller.queues.setMembers({ queueId, memberIds: [people[0]!.userId] });
      expect((await caller.queues.byId({ queueId })).members.map((m) => m.userId)).toEqual([people[0]!.userId]);
      await caller.queues.archive({ queueId });
      expect((await caller.queues.list()).map((q) => q.id)).not.toContain(queueId);
      await expect(callerAs(people[0]!).queues.claimNext({ queueId })).rejects.toMatchObject({ code: "CONFLICT" });
    });
  });
});
