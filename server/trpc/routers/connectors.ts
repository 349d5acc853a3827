// Connected apps (OAuth grants) of the current project, for Settings: listed beside the API keys, revocable at once.
import { can } from "@/lib/auth/roles";
import { ZRevokeGrantInput } from "@/lib/contracts/oauth";
import type { Actor } from "@/server/auth/actor";
import { listGrants, revokeProjectGrant, type GrantCaller } from "@/server/oauth/grant-list";
import type { Role } from "@/lib/auth/roles";
import { createTRPCRouter, memberProcedure } from "../init";

const callerOf = (ctx: { actor: Actor; role: Role }): GrantCaller => ({
  userId: ctx.actor.kind === "user" ? ctx.actor.user.id : null,
  all: can(ctx.role, "keys.manage"),
});

export const connectorsRouter = createTRPCRouter({
  grants: memberProcedure.query(({ ctx }) => listGrants(ctx.db, ctx.projectId, callerOf(ctx))),

  revokeGrant: memberProcedure
    .input(ZRevokeGrantInput)
    .mutation(({ ctx, input }) => revokeProjectGrant(ctx.db, ctx.projectId, callerOf(ctx), input.id)),
});
