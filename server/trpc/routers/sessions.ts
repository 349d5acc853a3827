// Sessions and thoughts for the dashboard, plus the live feed of a session's new thoughts.
import { tracked } from "@trpc/server";
import { z } from "zod";
import { ZListSessionsQuery, type ThoughtView } from "@/lib/contracts/session";
import { subscribe } from "@/server/events/bus";
import { ensurePgRelay } from "@/server/events/pg-relay";
import { ZSessionTableQuery } from "@/lib/contracts/dashboard";
import { sessionOutline, sessionsTable, thoughtDetail, thoughtsBySeq } from "@/server/services/dashboard";
import { findSession, getSessionGraph, getThought, listSessions, thoughtsAfter } from "@/server/services/sessions";
import { createTRPCRouter, publicProcedure } from "../init";

export const sessionsRouter = createTRPCRouter({
  list: publicProcedure.input(ZListSessionsQuery).query(({ ctx, input }) => listSessions(ctx.db, ctx.projectId, input)),

  byId: publicProcedure
    .input(z.object({ id: z.string().min(1).max(200) }))
    .query(({ ctx, input }) => getSessionGraph(ctx.db, ctx.projectId, input.id)),

  table: publicProcedure
    .input(ZSessionTableQuery)
    .query(({ ctx, input }) => sessionsTable(ctx.db, ctx.projectId, input)),

  outline: publicProcedure
    .input(z.object({ id: z.string().min(1).max(200) }))
    .query(({ ctx, input }) => sessionOutline(ctx.db, ctx.projectId, input.id)),

  thoughtsBySeq: publicProcedure
    .input(
      z.object({
        sessionId: z.string().min(1).max(200),
        fromSeq: z.number().int().min(1),
        toSeq: z.number().int().min(1),
      }),
    )
    .query(({ ctx, input }) => thoughtsBySeq(ctx.db, ctx.projectId, input.sessionId, input.fromSeq, input.toSeq)),

  thoughtDetail: publicProcedure
    .input(z.object({ id: z.string().min(1).max(200) }))
    .query(({ ctx, input }) => thoughtDetail(ctx.db, ctx.projectId, input.id)),

  /** Any session of the project changed (new thoughts, new sessions): the sessions list refreshes on these. */
  onActivity: publicProcedure.subscription(async function* ({ ctx, signal }) {
    await ensurePgRelay();
    const queue: { sessionId: string; seq: number }[] = [];
    let wake: (() => void) | null = null;
    const unsubscribe = subscribe({ projectId: ctx.projectId }, (e) => {
      queue.push({ sessionId: e.sessionId, seq: e.seq });
      wake?.();
    });
    const aborted = new Promise<void>((resolve) => signal?.addEventListener("abort", () => resolve(), { once: true }));
    try {
      while (!signal?.aborted) {
        if (queue.length === 0) {
          await Promise.race([new Promise<void>((resolve) => (wake = resolve)), aborted]);
          wake = null;
          continue;
        }
        yield queue.splice(0, queue.length);
      }
    } finally {
      unsubscribe();
    }
  }),

  thought: publicProcedure
    .input(z.object({ id: z.string().min(1).max(200) }))
    .query(({ ctx, input }) => getThought(ctx.db, ctx.projectId, input.id)),

  /**
   * Every new thought of a session, in seq order, each tracked by its seq so a reconnecting client resumes after the
   * last one it saw (tRPC sends it back as lastEventId): no gaps, no duplicates.
   */
  onThought: publicProcedure
    .input(z.object({ sessionId: z.string().min(1).max(200), lastEventId: z.string().nullish() }))
    .subscription(async function* ({ ctx, input, signal }) {
      const session = await findSession(ctx.db, ctx.projectId, input.sessionId);
      await ensurePgRelay();
      let after = Number.parseInt(input.lastEventId ?? "0", 10) || 0;
      let wake: (() => void) | null = null;
      let pending = true; // read once at start, then on every event
      const unsubscribe = subscribe({ sessionId: session.id }, () => {
        pending = true;
        wake?.();
      });
      const aborted = new Promise<void>((resolve) =>
        signal?.addEventListener("abort", () => resolve(), { once: true }),
      );
      try {
        while (!signal?.aborted) {
          if (!pending) {
            await Promise.race([new Promise<void>((resolve) => (wake = resolve)), aborted]);
            wake = null;
            continue;
          }
          pending = false;
          let batch: ThoughtView[];
          do {
            batch = await thoughtsAfter(ctx.db, ctx.projectId, session.id, after);
            for (const thought of batch) {
              after = thought.seq;
              yield tracked(String(thought.seq), thought);
            }
          } while (batch.length > 0 && !signal?.aborted);
        }
      } finally {
        unsubscribe();
      }
    }),
});
