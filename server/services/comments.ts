// Comments on thoughts and sessions, always scoped to one project: threads (a root and its replies), an optional
// anchor on a range of the thought's text (checked against the text when posted), `@handle` mentions of project
// members resolved to their user ids, edits
// by the author only, soft delete, and resolve/reopen on a thread's root. Another project's ids answer 404.
import {
  anchorMatches,
  parseMentions,
  type CommentInput,
  type CommentThread,
  type CommentView,
  type SessionComments,
} from "@/lib/contracts/comments";
import { uuidv7 } from "@/lib/ids";
import type { PersonAuthor } from "@/server/auth/authorship";
import { Prisma, type Db } from "@/server/db/client";
import { NotFoundError, ValidationError } from "@/server/errors";
import { findSession } from "./sessions/sessions";

/**
 * Who comments. Comment.authorId is a required foreign key to User, so single-user mode's person is a placeholder
 * User row, `local`, whose password hash can never verify. The first account takes its comments over
 * (services/accounts.ts adoptLocalWork).
 */
export type CommentAuthor = PersonAuthor;

export const LOCAL_USER_ID = "local";

async function authorIdOf(db: Db, author: CommentAuthor): Promise<string> {
  if (author.kind === "user") return author.userId;
  await db.user.upsert({
    where: { id: LOCAL_USER_ID },
    create: { id: LOCAL_USER_ID, email: "local@thoughtgraph.invalid", passwordHash: "!", name: "You" },
    update: {},
  });
  return LOCAL_USER_ID;
}

const authorIdFor = (author: CommentAuthor) => (author.kind === "user" ? author.userId : LOCAL_USER_ID);

type Row = Awaited<ReturnType<Db["comment"]["findFirstOrThrow"]>>;

/** Stored mentions are `{ userId, handle }` (older rows: bare handles); the view shows the handles. */
function mentionsOf(json: unknown): string[] {
  if (!Array.isArray(json)) return [];
  return json.flatMap((m: unknown) =>
    typeof m === "string"
      ? [m]
      : typeof m === "object" && m !== null && typeof (m as { handle?: unknown }).handle === "string"
        ? [(m as { handle: string }).handle]
        : [],
  );
}

/** A member's handles: the email's local part and the name without spaces, lower-cased ("@alice", "@AliceSmith"). */
export function handlesOf(user: { email: string; name: string | null }): string[] {
  const local = user.email.split("@")[0]!.toLowerCase();
  const name = user.name?.replace(/\s+/g, "").toLowerCase();
  return name && name !== local ? [local, name] : [local];
}

/** A comment that @mentions the asking person, newest first (the Mentions page). */
export interface MentionView {
  commentId: string;
  sessionId: string;
  sessionTitle: string | null;
  thoughtId: string | null;
  author: string;
  excerpt: string;
  /** The comment's whole markdown (the Mentions page renders it, sanitised as every comment is). */
  body: string;
  createdAt: string;
  resolved: boolean;
}

// How many recent mentioning comments are scanned: mentions are stored as JSON (SQLite and PostgreSQL filter JSON
// differently), so the newest comments that mention anyone are read and matched here.
const MENTION_SCAN = 2_000;

/** The newest comments in the project that @mention `userId` (not their own, not deleted). */
export async function mentioning(db: Db, projectId: string, userId: string, limit = 50): Promise<MentionView[]> {
  const rows = await db.comment.findMany({
    where: { projectId, deletedAt: null, authorId: { not: userId }, mentions: { not: Prisma.AnyNull } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: MENTION_SCAN,
    select: {
      id: true,
      sessionId: true,
      thoughtId: true,
      parentId: true,
      body: true,
      mentions: true,
      createdAt: true,
      resolvedAt: true,
      author: { select: { name: true, email: true } },
      session: { select: { title: true } },
      parent: { select: { resolvedAt: true } },
    },
  });
  const mine = rows
    .filter((r) => Array.isArray(r.mentions) && r.mentions.some((m) => (m as { userId?: unknown })?.userId === userId))
    .slice(0, limit);
  return mine.map((r) => ({
    commentId: r.id,
    sessionId: r.sessionId,
    sessionTitle: r.session.title,
    thoughtId: r.thoughtId,
    author: r.author.name ?? r.author.email,
    excerpt: r.body.length > 200 ? `${r.body.slice(0, 199)}…` : r.body,
    body: r.body,
    createdAt: r.createdAt.toISOString(),
    resolved: (r.parentId ? r.parent?.resolvedAt : r.resolvedAt) != null,
  }));
}

/** Every member with the handle that mentions them, by name. */
export async function mentionableMembers(db: Db, projectId: string): Promise<{ handle: string; name: string }[]> {
  const members = await db.membership.findMany({
    where: { projectId },
    select: { user: { select: { email: true, name: true } } },
  });
  return members
    .map(({ user }) => ({ handle: handlesOf(user)[0]!, name: user.name ?? user.email }))
    .sort((a, b) => a.handle.localeCompare(b.handle));
}

/**
 * The project members a body @mentions, as `{ userId, handle }`. A handle that names nobody in the project stays
 * plain text: it is not recorded as a mention (and says nothing about people elsewhere).
 */
export async function resolveMentions(db: Db, projectId: string, body: string) {
  const wanted = parseMentions(body);
  if (wanted.length === 0) return [];
  const members = await db.membership.findMany({
    where: { projectId },
    select: { user: { select: { id: true, email: true, name: true } } },
  });
  const byHandle = new Map<string, string>();
  for (const { user } of members) for (const h of handlesOf(user)) if (!byHandle.has(h)) byHandle.set(h, user.id);
  return wanted.flatMap((handle) => {
    const userId = byHandle.get(handle.toLowerCase());
    return userId ? [{ userId, handle }] : [];
  });
}

function toView(row: Row, me: string, names: Map<string, string>): CommentView {
  const deleted = row.deletedAt !== null;
  return {
    id: row.id,
    sessionId: row.sessionId,
    thoughtId: row.thoughtId,
    parentId: row.parentId,
    author: names.get(row.authorId) ?? "someone",
    mine: row.authorId === me,
    body: deleted ? "" : row.body,
    deleted,
    mentions: deleted ? [] : mentionsOf(row.mentions),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every thread in a session: session-level ones apart, thought-level ones by thought, oldest first. */
export async function listSessionComments(
  db: Db,
  projectId: string,
  author: CommentAuthor,
  sessionIdOrKey: string,
): Promise<SessionComments> {
  const session = await findSession(db, projectId, sessionIdOrKey);
  const rows = await db.comment.findMany({
    where: { projectId, sessionId: session.id },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const userIds = [...new Set(rows.flatMap((r) => [r.authorId, ...(r.resolvedBy ? [r.resolvedBy] : [])]))];
  const users =
    userIds.length > 0
      ? await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true, email: true } })
      : [];
  const names = new Map(users.map((u) => [u.id, u.name ?? u.email]));
  const anchoredIds = [...new Set(rows.filter((r) => r.anchorText !== null && r.thoughtId).map((r) => r.thoughtId!))];
  const texts = new Map(
    anchoredIds.length > 0
      ? (
          await db.thought.findMany({
            where: { projectId, id: { in: anchoredIds } },
            select: { id: true, text: true },
          })
        ).map((t) => [t.id, t.text])
      : [],
  );
  const me = authorIdFor(author);
  const threads = new Map<string, CommentThread>();
  const result: SessionComments = { sessionId: session.id, session: [], thoughts: {} };
  for (const r of rows.filter((r) => r.parentId === null)) {
    const anchor =
      r.anchorStart !== null && r.anchorEnd !== null && r.anchorText !== null
        ? { start: r.anchorStart, end: r.anchorEnd, text: r.anchorText }
        : null;
    const thread: CommentThread = {
      root: toView(r, me, names),
      replies: [],
      anchor,
      anchorValid: anchor !== null && r.thoughtId !== null && anchorMatches(texts.get(r.thoughtId) ?? "", anchor),
      resolvedAt: r.resolvedAt?.toISOString() ?? null,
      resolvedBy: r.resolvedBy ? (names.get(r.resolvedBy) ?? "someone") : null,
    };
    threads.set(r.id, thread);
    if (r.thoughtId === null) result.session.push(thread);
    else (result.thoughts[r.thoughtId] ??= []).push(thread);
  }
  for (const r of rows.filter((r) => r.parentId !== null)) threads.get(r.parentId!)?.replies.push(toView(r, me, names));
  return result;
}

async function findComment(db: Db, projectId: string, id: string): Promise<Row> {
  const row = await db.comment.findFirst({ where: { projectId, id } });
  if (!row) throw new NotFoundError(`Comment "${id}"`, "id");
  return row;
}

/** A new thread (on a thought or the session) or a reply; an anchor must match the thought's current text. */
export async function createComment(
  db: Db,
  projectId: string,
  author: CommentAuthor,
  input: CommentInput,
): Promise<CommentView> {
  const session = await findSession(db, projectId, input.sessionId);
  let thoughtId: string | null = input.thoughtId ?? null;
  let parentId: string | null = null;
  if (input.parentId !== undefined) {
    const parent = await findComment(db, projectId, input.parentId);
    if (parent.sessionId !== session.id) throw new NotFoundError(`Comment "${input.parentId}"`, "parentId");
    if (input.thoughtId !== undefined && input.thoughtId !== parent.thoughtId) {
      throw new ValidationError({
        field: "thoughtId",
        message: "A reply belongs to its thread's thought.",
        suggestion: "Leave thoughtId out of a reply, or send the thread's own.",
      });
    }
    // Replies always hang off the thread's root, so threads stay one level deep.
    parentId = parent.parentId ?? parent.id;
    thoughtId = parent.thoughtId;
  }
  if (thoughtId !== null) {
    const thought = await db.thought.findFirst({
      where: { projectId, id: thoughtId, sessionId: session.id },
      select: { id: true, text: true },
    });
    if (!thought) throw new NotFoundError(`Thought "${thoughtId}"`, "thoughtId");
    if (input.anchor && !anchorMatches(thought.text, input.anchor)) {
      throw new ValidationError({
        field: "anchor",
        message: "The anchor does not match the thought's text at those offsets.",
        suggestion: "Select the phrase again; the thought may have been edited.",
      });
    }
  }
  const authorId = await authorIdOf(db, author);
  const now = new Date();
  const row = await db.comment.create({
    data: {
      id: uuidv7(),
      projectId,
      sessionId: session.id,
      thoughtId,
      parentId,
      authorId,
      body: input.body,
      mentions: await resolveMentions(db, projectId, input.body),
      anchorStart: input.anchor?.start ?? null,
      anchorEnd: input.anchor?.end ?? null,
      anchorText: input.anchor?.text ?? null,
      createdAt: now,
      updatedAt: now,
    },
  });
  const me = await db.user.findUnique({ where: { id: authorId }, select: { name: true, email: true } });
  return toView(row, authorId, new Map([[authorId, author.kind === "local" ? "You" : (me?.name ?? me?.email ?? "")]]));
}

/** Only the author edits their comment; someone else's (or a deleted one) answers 404. */
export async function editComment(
  db: Db,
  projectId: string,
  author: CommentAuthor,
  id: string,
  body: string,
): Promise<{ id: string }> {
  const row = await findComment(db, projectId, id);
  if (row.authorId !== authorIdFor(author) || row.deletedAt !== null) throw new NotFoundError(`Comment "${id}"`, "id");
  await db.comment.update({
    where: { id },
    data: { body, mentions: await resolveMentions(db, projectId, body), updatedAt: new Date() },
  });
  return { id };
}

/** Soft delete by the author: the row keeps its place in the thread, its words are gone from every view. */
export async function deleteComment(
  db: Db,
  projectId: string,
  author: CommentAuthor,
  id: string,
): Promise<{ id: string }> {
  const row = await findComment(db, projectId, id);
  if (row.authorId !== authorIdFor(author)) throw new NotFoundError(`Comment "${id}"`, "id");
  if (row.deletedAt === null) await db.comment.update({ where: { id }, data: { deletedAt: new Date() } });
  return { id };
}

/** Resolves (or reopens, `resolved: false`) a thread by its root. */
export async function setThreadResolved(
  db: Db,
  projectId: string,
  author: CommentAuthor,
  id: string,
  resolved: boolean,
): Promise<{ id: string; resolvedAt: string | null }> {
  const row = await findComment(db, projectId, id);
  if (row.parentId !== null) {
    throw new ValidationError({
      field: "id",
      message: "Only a thread's first comment can be resolved or reopened.",
      suggestion: "Send the id of the thread's root comment.",
    });
  }
  const resolvedAt = resolved ? new Date() : null;
  const resolvedBy = resolved ? await authorIdOf(db, author) : null;
  await db.comment.update({ where: { id }, data: { resolvedAt, resolvedBy } });
  return { id, resolvedAt: resolvedAt?.toISOString() ?? null };
}
