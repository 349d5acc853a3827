// Tokens and cost: a session's sums (its header, readable wherever the session is) and the project's comparison of
// agents and models (the analytics page, members only).
import { z } from "zod";
import { ZFleetQuery } from "@/lib/contracts/session-health";
import { usageFleet, usageOfSessions } from "@/server/services/usage/usage";
import { createTRPCRouter, memberProcedure, readerProcedure } from "../init";
import { readableSession } from "./sessions";

export const usageRouter = createTRPCRouter({
  /** `upTo` is the thought count the view has: part of the query key, so the sums refresh as thoughts arrive. */
  session: readerProcedure
    .input(z.object({ sessionId: z.string().min(1).max(200), upTo: z.number().int().min(0).optional() }))
    .query(async ({ ctx, input }) => {
      const id = (await readableSession(ctx, input.sessionId)).id;
      return (await usageOfSessions(ctx.db, ctx.projectId, [id])).get(id) ?? null;
    }),
  fleet: memberProcedure.input(ZFleetQuery).query(({ ctx, input }) => usageFleet(ctx.db, ctx.projectId, input.days)),
});
