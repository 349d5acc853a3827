// Reasoning health and metacognitive results for the session view, readable by share-link visitors for the
// shared session only, as the session itself is; and the analytics page's fleet figures, for project members only.
import { z } from "zod";
import { ZFleetQuery } from "@/lib/contracts/session-health";
import { detectOnWriteOf, setDetectOnWrite } from "@/server/services/reasoning/detect-on-write";
import { fleetHealthOf } from "@/server/services/reasoning/session-health";
import { sessionReasoning } from "@/server/services/reasoning/session-reasoning";
import { allowed, createTRPCRouter, memberProcedure, readerProcedure } from "../init";
import { readableSession } from "./sessions";

export const reasoningRouter = createTRPCRouter({
  /** `upTo` is the thought count the view has: part of the query key, so the figures refresh as thoughts arrive. */
  session: readerProcedure
    .input(z.object({ sessionId: z.string().min(1).max(200), upTo: z.number().int().min(0).optional() }))
    .query(async ({ ctx, input }) =>
      sessionReasoning(ctx.db, ctx.projectId, (await readableSession(ctx, input.sessionId)).id),
    ),
  /** The analytics page: reasoning health over the project's sessions created in the last `days` days. */
  fleet: memberProcedure.input(ZFleetQuery).query(({ ctx, input }) => fleetHealthOf(ctx.db, ctx.projectId, input.days)),

  /** The project's reasoning settings (Settings page). */
  settings: memberProcedure.query(async ({ ctx }) => ({ detectOnWrite: await detectOnWriteOf(ctx.db, ctx.projectId) })),

  setDetectOnWrite: allowed("members.manage")
    .input(z.object({ detectOnWrite: z.boolean() }))
    .mutation(({ ctx, input }) => setDetectOnWrite(ctx.db, ctx.projectId, input.detectOnWrite)),
});
