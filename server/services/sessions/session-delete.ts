// Deleting sessions from the dashboard (owners and admins: the "sessions.delete" permission). A session takes with it
// everything recorded in it or about it: thoughts and their versions, branches, scores, comments, queue items, share
// links, health and its full-text rows (foreign keys and triggers on both providers). Only the project's own sessions
// are touched: an id from another project, or one already gone, counts as not deleted.
import type { Db } from "@/server/db/client";

export async function deleteSessions(db: Db, projectId: string, ids: readonly string[]): Promise<{ deleted: number }> {
  const { count } = await db.thinkingSession.deleteMany({ where: { projectId, id: { in: [...new Set(ids)] } } });
  return { deleted: count };
}
