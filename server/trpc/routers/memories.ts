// Agent memory for the dashboard's Memories page: list, detail with links, the graph, a session's memories.
import { z } from "zod";

import { ZMemoryGraphQuery, ZMemoryListQuery } from "@/lib/contracts/memory-dashboard";
import { listMemories, memoriesOfSession, memoryDetail, memoryGraph } from "@/server/services/memory/memory-dashboard";
import { findSession } from "@/server/services/sessions/sessions";
import { createTRPCRouter, memberProcedure } from "../init";

export const memoriesRouter = createTRPCRouter({
  list: memberProcedure.input(ZMemoryListQuery).query(({ ctx, input }) => listMemories(ctx.db, ctx.projectId, input)),

  byId: memberProcedure
    .input(z.object({ id: z.string().min(1).max(200) }))
    .query(({ ctx, input }) => memoryDetail(ctx.db, ctx.projectId, input.id)),

  graph: memberProcedure.input(ZMemoryGraphQuery).query(({ ctx, input }) => memoryGraph(ctx.db, ctx.projectId, input)),

  ofSession: memberProcedure
    .input(z.object({ sessionId: z.string().min(1).max(200) }))
    .query(async ({ ctx, input }) =>
      memoriesOfSession(ctx.db, ctx.projectId, (await findSession(ctx.db, ctx.projectId, input.sessionId)).id),
    ),
});
