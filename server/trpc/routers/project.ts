// Team settings of the current project: the project itself (create, rename), members and roles, password reset
// links, invitation links and API keys. Who may call what is the procedure tier (lib/auth/roles.ts); the finer rules (only owners touch
// owners, one owner always kept) live in the services. Renaming needs an owner or admin: the roles that manage members.
// Accepting an invitation is a cookie door (server/http/routes/invitations.ts), not a procedure.
import type { Actor } from "@/server/auth/actor";
import {
  ZCreateInvitationInput,
  ZCreatePasswordResetInput,
  ZCreateKeyInput,
  ZCreateProjectInput,
  ZRemoveMemberInput,
  ZRenameProjectInput,
  ZRevokeInvitationInput,
  ZRevokeKeyInput,
  ZSetMemberRoleInput,
} from "@/lib/contracts/settings";
import { createInvitation, listInvitations, revokeInvitation } from "@/server/services/projects/invitations";
import { listMembers, removeMember, setMemberRole, type SettingsCaller } from "@/server/services/projects/members";
import { createPasswordReset } from "@/server/services/projects/password-resets";
import {
  createKey,
  createProject,
  listKeys,
  projectSettings,
  renameProject,
  revokeKey,
} from "@/server/services/projects/project-settings";
import { allowed, createTRPCRouter, memberProcedure, signedInProcedure } from "../init";

const callerOf = (ctx: { actor: Actor; role: SettingsCaller["role"] }): SettingsCaller => ({
  role: ctx.role,
  userId: ctx.actor.kind === "user" ? ctx.actor.user.id : null,
});

export const projectRouter = createTRPCRouter({
  /** The current project and the caller's place in it (what the settings page may offer). */
  current: memberProcedure.query(({ ctx }) => projectSettings(ctx.db, ctx.projectId, callerOf(ctx))),

  /** A new project owned by the caller; the browser then makes it the current one (POST /api/auth/project). */
  create: signedInProcedure
    .input(ZCreateProjectInput)
    .mutation(({ ctx, input }) =>
      createProject(ctx.db, ctx.actor.kind === "user" ? ctx.actor.user.id : null, input.name),
    ),

  rename: allowed("members.manage")
    .input(ZRenameProjectInput)
    .mutation(({ ctx, input }) => renameProject(ctx.db, ctx.projectId, input.name)),

  /** Every member may see who else is in the project. */
  members: memberProcedure.query(({ ctx }) => listMembers(ctx.db, ctx.projectId)),

  setRole: allowed("members.manage")
    .input(ZSetMemberRoleInput)
    .mutation(({ ctx, input }) => setMemberRole(ctx.db, ctx.projectId, callerOf(ctx), input.userId, input.role)),

  removeMember: allowed("members.manage")
    .input(ZRemoveMemberInput)
    .mutation(({ ctx, input }) => removeMember(ctx.db, ctx.projectId, callerOf(ctx), input.userId)),

  /** A one-time link for a member to set a new password; its path (/reset-password/<token>) is in this answer only. */
  createPasswordReset: allowed("members.manage")
    .input(ZCreatePasswordResetInput)
    .mutation(({ ctx, input }) => createPasswordReset(ctx.db, ctx.projectId, callerOf(ctx), input.userId)),

  /** Pending links (not accepted, revoked or expired). */
  invitations: allowed("members.manage").query(({ ctx }) => listInvitations(ctx.db, ctx.projectId)),

  /** A new link; its path (/invite/<token>) is in this answer only. */
  invite: allowed("members.manage")
    .input(ZCreateInvitationInput)
    .mutation(({ ctx, input }) => createInvitation(ctx.db, ctx.projectId, callerOf(ctx), input)),

  revokeInvitation: allowed("members.manage")
    .input(ZRevokeInvitationInput)
    .mutation(({ ctx, input }) => revokeInvitation(ctx.db, ctx.projectId, callerOf(ctx), input.id)),

  keys: allowed("keys.manage").query(({ ctx }) => listKeys(ctx.db, ctx.projectId)),

  /** A new key; the key itself is in this answer only. */
  createKey: allowed("keys.manage")
    .input(ZCreateKeyInput)
    .mutation(({ ctx, input }) => createKey(ctx.db, ctx.projectId, input.name, input.scope)),

  revokeKey: allowed("keys.manage")
    .input(ZRevokeKeyInput)
    .mutation(({ ctx, input }) => revokeKey(ctx.db, ctx.projectId, input.id)),
});
