// Comments from the dashboard: threads on thoughts and sessions, replies, edits, soft delete, resolve and reopen.
// Dashboard-only (localProcedure): a share-link visitor reads and writes none of it.
import { z } from "zod";
import { ZCommentEdit, ZCommentInput } from "@/lib/contracts/comments";
import {
  createComment,
  deleteComment,
  editComment,
  LOCAL_COMMENT_AUTHOR,
  listSessionComments,
  setThreadResolved,
} from "@/server/services/comments";
import { createTRPCRouter, localProcedure } from "../init";

const id = z.string().min(1).max(200);

export const commentsRouter = createTRPCRouter({
  ofSession: localProcedure
    .input(z.object({ sessionId: id }))
    .query(({ ctx, input }) => listSessionComments(ctx.db, ctx.projectId, LOCAL_COMMENT_AUTHOR, input.sessionId)),

  /** A new thread, or a reply with `parentId`; an anchor that does not match the text is a BAD_REQUEST naming it. */
  create: localProcedure
    .input(ZCommentInput)
    .mutation(({ ctx, input }) => createComment(ctx.db, ctx.projectId, LOCAL_COMMENT_AUTHOR, input)),

  edit: localProcedure
    .input(ZCommentEdit)
    .mutation(({ ctx, input }) => editComment(ctx.db, ctx.projectId, LOCAL_COMMENT_AUTHOR, input.id, input.body)),

  delete: localProcedure
    .input(z.object({ id }))
    .mutation(({ ctx, input }) => deleteComment(ctx.db, ctx.projectId, LOCAL_COMMENT_AUTHOR, input.id)),

  setResolved: localProcedure
    .input(z.object({ id, resolved: z.boolean() }))
    .mutation(({ ctx, input }) =>
      setThreadResolved(ctx.db, ctx.projectId, LOCAL_COMMENT_AUTHOR, input.id, input.resolved),
    ),
});
