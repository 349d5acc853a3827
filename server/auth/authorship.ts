// Who a dashboard write is attributed to: the signed-in person, or single-user mode's local person.
import type { CommentAuthor } from "@/server/services/comments";
import type { ScoreAuthor } from "@/server/services/scores/scores";
import type { Actor } from "./actor";

export function scoreAuthorOf(actor: Actor): ScoreAuthor {
  return actor.kind === "local" ? { kind: "local" } : { kind: "user", userId: actor.user.id };
}

export function commentAuthorOf(actor: Actor): CommentAuthor {
  return actor.kind === "local" ? { kind: "local" } : { kind: "user", userId: actor.user.id };
}
