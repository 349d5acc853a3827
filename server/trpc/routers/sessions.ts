// Sessions and thoughts for the dashboard, plus the live feed of a session's new thoughts.
import { tracked } from "@trpc/server";
import { z } from "zod";
import { ZListSessionsQuery, type LiveStatus, type ThoughtView } from "@/lib/contracts/session";
import { isDatabaseUnavailable } from "@/server/db/db-errors";
import { onRelayHealth, relayHealth, subscribe } from "@/server/events/bus";
import { ensurePgRelay } from "@/server/events/pg-relay";
import { ZDeleteSessionsInput, ZSessionTableQuery } from "@/lib/contracts/dashboard";
import { sessionOutline, sessionsTable, thoughtDetail, thoughtsBySeq } from "@/server/services/dashboard";
import {
  findSession,
  getSessionGraph,
  getThought,
  listSessions,
  thoughtsAfter,
  toSessionSummary,
} from "@/server/services/sessions/sessions";
import { NotFoundError } from "@/server/errors";
import { revisionChain } from "@/server/services/sessions/revision-chain";
import { deleteSessions } from "@/server/services/sessions/session-delete";
import { createShareLink, listShareLinks, revokeShareLink } from "@/server/services/projects/share-links";
import { allowed, createTRPCRouter, memberProcedure, readerProcedure } from "../init";
import type { Db } from "@/server/db/client";
import type { Access } from "../init";

/** A live feed that cannot read the database tries again after this long (a PostgreSQL restart takes 1-6 s here). */
const READ_RETRY_MS = 1_000;

/** A share-link visitor may read only the shared session; everyone else reads any session of the project. */
export async function readableSession(ctx: { db: Db; projectId: string; access: Access }, ref: string) {
  const session = await findSession(ctx.db, ctx.projectId, ref);
  if (ctx.access.kind === "share" && ctx.access.sessionId !== session.id) throw new NotFoundError(`Session "${ref}"`);
  return session;
}

export const sessionsRouter = createTRPCRouter({
  list: memberProcedure.input(ZListSessionsQuery).query(({ ctx, input }) => listSessions(ctx.db, ctx.projectId, input)),

  byId: memberProcedure
    .input(z.object({ id: z.string().min(1).max(200) }))
    .query(({ ctx, input }) => getSessionGraph(ctx.db, ctx.projectId, input.id)),

  table: memberProcedure
    .input(ZSessionTableQuery)
    .query(({ ctx, input }) => sessionsTable(ctx.db, ctx.projectId, input)),

  /** The session's header alone (title, counts): for places that name a session without showing it, where the outline
   *  would load every thought (a 20,000-thought outline is ~6 MB). */
  summary: readerProcedure
    .input(z.object({ id: z.string().min(1).max(200) }))
    .query(async ({ ctx, input }) => toSessionSummary(await readableSession(ctx, input.id))),

  outline: readerProcedure.input(z.object({ id: z.string().min(1).max(200) })).query(async ({ ctx, input }) =>
    sessionOutline(ctx.db, ctx.projectId, (await readableSession(ctx, input.id)).id, {
      people: ctx.access.kind !== "share",
    }),
  ),

  thoughtsBySeq: readerProcedure
    .input(
      z.object({
        sessionId: z.string().min(1).max(200),
        fromSeq: z.number().int().min(1),
        toSeq: z.number().int().min(1),
      }),
    )
    .query(async ({ ctx, input }) =>
      thoughtsBySeq(
        ctx.db,
        ctx.projectId,
        (await readableSession(ctx, input.sessionId)).id,
        input.fromSeq,
        input.toSeq,
      ),
    ),

  thoughtDetail: readerProcedure.input(z.object({ id: z.string().min(1).max(200) })).query(async ({ ctx, input }) => {
    const detail = await thoughtDetail(ctx.db, ctx.projectId, input.id);
    await readableSession(ctx, detail.thought.sessionId);
    return detail;
  }),

  /** Every text a thought went through: the thoughts it revises and that revise it, and revise_thought's versions. */
  revisionChain: readerProcedure.input(z.object({ id: z.string().min(1).max(200) })).query(async ({ ctx, input }) => {
    const chain = await revisionChain(ctx.db, ctx.projectId, input.id);
    await readableSession(ctx, chain.sessionId);
    return { steps: chain.steps, at: chain.at, alternatives: chain.alternatives };
  }),

  /**
   * Any session of the project changed (new thoughts, new sessions): the sessions list refreshes on these. An empty
   * list means "something may have changed while the relay was reconnecting": refresh too.
   */
  onActivity: memberProcedure.subscription(async function* ({ ctx, signal }) {
    await ensurePgRelay();
    const queue: { sessionId: string; seq: number }[] = [];
    let resync = false;
    let wake: (() => void) | null = null;
    const unsubscribe = subscribe({ projectId: ctx.projectId }, (e) => {
      queue.push({ sessionId: e.sessionId, seq: e.seq });
      wake?.();
    });
    const offHealth = onRelayHealth((health) => {
      resync ||= health === "live";
      wake?.();
    });
    const aborted = new Promise<void>((resolve) => signal?.addEventListener("abort", () => resolve(), { once: true }));
    try {
      while (!signal?.aborted) {
        if (queue.length === 0 && !resync) {
          await Promise.race([new Promise<void>((resolve) => (wake = resolve)), aborted]);
          wake = null;
          continue;
        }
        resync = false;
        yield queue.splice(0, queue.length);
      }
    } finally {
      unsubscribe();
      offHealth();
    }
  }),

  thought: memberProcedure
    .input(z.object({ id: z.string().min(1).max(200) }))
    .query(({ ctx, input }) => getThought(ctx.db, ctx.projectId, input.id)),

  /**
   * Every new thought of a session, in seq order, each tracked by its seq so a reconnecting client resumes after the
   * last one it saw (tRPC sends it back as lastEventId): no gaps, no duplicates. Between thoughts it may send a
   * LiveStatus: "reconnecting" while this instance cannot hear other instances' writes (or cannot read the
   * database), "live" once it can again and has re-read everything after the last seq it sent.
   */
  onThought: readerProcedure
    .input(z.object({ sessionId: z.string().min(1).max(200), lastEventId: z.string().nullish() }))
    .subscription(async function* ({ ctx, input, signal }) {
      const session = await readableSession(ctx, input.sessionId);
      await ensurePgRelay();
      let after = Number.parseInt(input.lastEventId ?? "0", 10) || 0;
      let wake: (() => void) | null = null;
      let pending = true; // read once at start, then on every event and after every reconnect
      let sent = "live" as LiveStatus["liveStatus"];
      const unsubscribe = subscribe({ sessionId: session.id }, () => {
        pending = true;
        wake?.();
      });
      const offHealth = onRelayHealth(() => {
        pending = true;
        wake?.();
      });
      const aborted = new Promise<void>((resolve) =>
        signal?.addEventListener("abort", () => resolve(), { once: true }),
      );
      const status = (liveStatus: LiveStatus["liveStatus"]) => {
        sent = liveStatus;
        return tracked<ThoughtView | LiveStatus>(String(after), { liveStatus });
      };
      try {
        while (!signal?.aborted) {
          if (!pending) {
            await Promise.race([new Promise<void>((resolve) => (wake = resolve)), aborted]);
            wake = null;
            continue;
          }
          pending = false;
          if (relayHealth() === "reconnecting") {
            if (sent !== "reconnecting") yield status("reconnecting");
            continue; // wait for the relay: its "live" wakes this loop to catch up
          }
          let batch: ThoughtView[];
          try {
            do {
              batch = await thoughtsAfter(ctx.db, ctx.projectId, session.id, after);
              for (const thought of batch) {
                after = thought.seq;
                yield tracked<ThoughtView | LiveStatus>(String(thought.seq), thought);
              }
            } while (batch.length > 0 && !signal?.aborted);
          } catch (error) {
            if (!isDatabaseUnavailable(error)) throw error;
            // The database is gone for now: say so, and read again after a pause (or the relay's next change).
            if (sent !== "reconnecting") yield status("reconnecting");
            await Promise.race([new Promise((resolve) => setTimeout(resolve, READ_RETRY_MS)), aborted]);
            pending = true;
            continue;
          }
          if (sent !== "live") yield status("live");
        }
      } finally {
        unsubscribe();
        offHealth();
      }
    }),

  shareLinks: memberProcedure
    .input(z.object({ sessionId: z.string().min(1).max(200) }))
    .query(({ ctx, input }) => listShareLinks(ctx.db, ctx.projectId, input.sessionId)),

  createShareLink: allowed("share.manage")
    .input(z.object({ sessionId: z.string().min(1).max(200) }))
    .mutation(({ ctx, input }) => createShareLink(ctx.db, ctx.projectId, input.sessionId)),

  /** Sessions of the project, with everything in them; ids of other projects' sessions are not touched. */
  delete: allowed("sessions.delete")
    .input(ZDeleteSessionsInput)
    .mutation(({ ctx, input }) => deleteSessions(ctx.db, ctx.projectId, input.ids)),

  revokeShareLink: allowed("share.manage")
    .input(z.object({ id: z.string().min(1).max(200) }))
    .mutation(({ ctx, input }) => revokeShareLink(ctx.db, ctx.projectId, input.id)),
});
