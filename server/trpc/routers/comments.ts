// Comments from the dashboard: threads on thoughts and sessions, replies, edits, soft delete, resolve and reopen.
// Members read them; annotators and up write. A share-link visitor reads and writes none of it.
import { z } from "zod";
import { ZCommentEdit, ZCommentInput } from "@/lib/contracts/comments";
import {
  createComment,
  deleteComment,
  editComment,
  listSessionComments,
  mentionableMembers,
  mentioning,
  setThreadResolved,
} from "@/server/services/comments";
import { allowed, createTRPCRouter, memberProcedure } from "../init";
import { authorOf } from "@/server/auth/authorship";

const id = z.string().min(1).max(200);

export const commentsRouter = createTRPCRouter({
  /** Comments in this project that @mention me, newest first; nothing in single-user mode (nobody to mention). */
  mentionsOfMe: memberProcedure.query(({ ctx }) =>
    ctx.actor.kind === "user" ? mentioning(ctx.db, ctx.projectId, ctx.actor.user.id) : [],
  ),

  /** The project's members and the @handles that mention them (the comment box's hints). */
  mentionable: memberProcedure.query(({ ctx }) => mentionableMembers(ctx.db, ctx.projectId)),

  ofSession: memberProcedure
    .input(z.object({ sessionId: id }))
    .query(({ ctx, input }) => listSessionComments(ctx.db, ctx.projectId, authorOf(ctx.actor), input.sessionId)),

  /** A new thread, or a reply with `parentId`; an anchor that does not match the text is a BAD_REQUEST naming it. */
  create: allowed("comment")
    .input(ZCommentInput)
    .mutation(({ ctx, input }) => createComment(ctx.db, ctx.projectId, authorOf(ctx.actor), input)),

  edit: allowed("comment")
    .input(ZCommentEdit)
    .mutation(({ ctx, input }) => editComment(ctx.db, ctx.projectId, authorOf(ctx.actor), input.id, input.body)),

  delete: allowed("comment")
    .input(z.object({ id }))
    .mutation(({ ctx, input }) => deleteComment(ctx.db, ctx.projectId, authorOf(ctx.actor), input.id)),

  setResolved: allowed("comment")
    .input(z.object({ id, resolved: z.boolean() }))
    .mutation(({ ctx, input }) =>
      setThreadResolved(ctx.db, ctx.projectId, authorOf(ctx.actor), input.id, input.resolved),
    ),
});
