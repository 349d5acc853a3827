// Reasoning health and metacognitive results for the session view (issue 16). Readable by share-link visitors for the
// shared session only, as the session itself is.
import { z } from "zod";
import { sessionReasoning } from "@/server/services/reasoning/session-reasoning";
import { createTRPCRouter, readerProcedure } from "../init";
import { readableSession } from "./sessions";

export const reasoningRouter = createTRPCRouter({
  /** `upTo` is the thought count the view has: part of the query key, so the figures refresh as thoughts arrive. */
  session: readerProcedure
    .input(z.object({ sessionId: z.string().min(1).max(200), upTo: z.number().int().min(0).optional() }))
    .query(async ({ ctx, input }) =>
      sessionReasoning(ctx.db, ctx.projectId, (await readableSession(ctx, input.sessionId)).id),
    ),
});
