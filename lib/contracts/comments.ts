// Comments on a thought or a session: the input shapes (shared by the tRPC router and the UI) and the views the
// dashboard renders. A comment may be anchored to a range of its thought's text; `@name` mentions are recorded.
import { z } from "zod";
import { COMMENT_MAX } from "./zod-free";

export { anchorMatches, COMMENT_MAX } from "./zod-free";

const id = z.string().min(1).max(200);

export const ZCommentAnchor = z
  .object({
    start: z.number().int().min(0),
    end: z.number().int().min(1),
    text: z.string().min(1).max(COMMENT_MAX),
  })
  .refine((a) => a.end > a.start, { message: "The anchor's end must be after its start.", path: ["end"] })
  .refine((a) => a.text.length === a.end - a.start, {
    message: "The anchor's text must be exactly end - start characters long.",
    path: ["text"],
  });
export type CommentAnchor = z.infer<typeof ZCommentAnchor>;

export const ZCommentBody = z.string().trim().min(1, "A comment needs some text.").max(COMMENT_MAX);

export const ZCommentInput = z
  .object({
    sessionId: id,
    thoughtId: id.optional(),
    parentId: id.optional(),
    body: ZCommentBody,
    anchor: ZCommentAnchor.optional(),
  })
  .refine((c) => c.anchor === undefined || c.thoughtId !== undefined, {
    message: "Only a comment on a thought can be anchored to its text.",
    path: ["anchor"],
  })
  .refine((c) => c.anchor === undefined || c.parentId === undefined, {
    message: "A reply cannot carry an anchor; the thread's first comment does.",
    path: ["anchor"],
  });
export type CommentInput = z.infer<typeof ZCommentInput>;

export const ZCommentEdit = z.object({ id, body: ZCommentBody });

/** `@name` mentions in a body, in order, without duplicates (names: letters, digits, `_`, `-`, `.`). */
export function parseMentions(body: string): string[] {
  const names = new Set<string>();
  for (const m of body.matchAll(/(?:^|[^\p{L}\p{N}_.@])@([\p{L}\p{N}_][\p{L}\p{N}_.-]{0,63})/gu)) {
    names.add(m[1]!.replace(/[.-]+$/, ""));
  }
  return [...names];
}

export interface CommentView {
  id: string;
  sessionId: string;
  thoughtId: string | null;
  parentId: string | null;
  author: string;
  mine: boolean;
  /** Empty once deleted (a deleted comment with replies keeps its place). */
  body: string;
  deleted: boolean;
  mentions: string[];
  createdAt: string;
  updatedAt: string;
}

export interface CommentThread {
  root: CommentView;
  replies: CommentView[];
  anchor: CommentAnchor | null;
  /** Whether the anchor still matches the thought's current text. */
  anchorValid: boolean;
  resolvedAt: string | null;
  resolvedBy: string | null;
}

export interface SessionComments {
  sessionId: string;
  /** Thread roots without a thought. */
  session: CommentThread[];
  /** Per thought id, its threads in order. */
  thoughts: Record<string, CommentThread[]>;
}
