// A session's review (scores and comment threads) as the exports carry it: every score with its author in words,
// every thread with its anchor phrase, replies and resolution. Read-only; scoped to the project.
import type { ExportedComment, ExportedThread } from "@/lib/contracts/session";
import type { ScoreView } from "@/lib/contracts/scores";
import type { CommentThread, CommentView } from "@/lib/contracts/comments";
import type { Db } from "@/server/db/client";
import { listSessionComments } from "../comments";
import { authorLabels } from "../scores/score-views";

/** The scores with `authorLabel` filled ("Alice", "API key judge (tg_ab…)", "the agent"). */
export async function labelScores(db: Db, projectId: string, scores: ScoreView[]): Promise<ScoreView[]> {
  if (scores.length === 0) return scores;
  // No reader is "you" in a file that is passed around: an empty key matches nobody.
  const labels = await authorLabels(
    db,
    projectId,
    scores.map((s) => s.authorKey),
    "",
  );
  return scores.map((s) => ({ ...s, authorLabel: labels.get(s.authorKey) ?? s.authorKey }));
}

const toComment = (c: CommentView): ExportedComment => ({
  id: c.id,
  author: c.author,
  body: c.body,
  deleted: c.deleted,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
});

function toThread(t: CommentThread): ExportedThread {
  return {
    ...toComment(t.root),
    thoughtId: t.root.thoughtId,
    anchor: t.anchor,
    resolved: t.resolvedAt !== null,
    resolvedAt: t.resolvedAt,
    resolvedBy: t.resolvedBy,
    replies: t.replies.map(toComment),
  };
}

/** Every comment thread of the session, oldest first (session-level and on thoughts alike). */
export async function exportedThreads(db: Db, projectId: string, sessionId: string): Promise<ExportedThread[]> {
  const comments = await listSessionComments(db, projectId, { kind: "local" }, sessionId);
  const threads = [...comments.session, ...Object.values(comments.thoughts).flat()];
  return threads.map(toThread).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}
