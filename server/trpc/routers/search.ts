// Search across every thought of the project, for the app bar's search box: the same service as
// GET /api/v1/search.
import { ZThoughtSearchQuery } from "@/lib/contracts/search";
import { searchThoughts } from "@/server/services/search/thought-search";
import { createTRPCRouter, memberProcedure } from "../init";

export const searchRouter = createTRPCRouter({
  thoughts: memberProcedure
    .input(ZThoughtSearchQuery)
    .query(({ ctx, input }) => searchThoughts(ctx.db, ctx.projectId, input)),
});
