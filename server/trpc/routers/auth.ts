// The signed-in person and their projects (the app bar). Signing in and out are cookie doors: server/http/routes/auth.ts.
import { meView } from "@/server/auth/actor";
import { createTRPCRouter, publicProcedure } from "../init";

export const authRouter = createTRPCRouter({
  me: publicProcedure.query(async ({ ctx }) => {
    const actor = ctx.access.kind === "share" ? null : ctx.access.actor;
    return actor ? meView(ctx.db, actor) : null;
  }),
});
