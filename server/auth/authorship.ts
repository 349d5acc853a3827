// Who a dashboard write is attributed to: the signed-in person, or single-user mode's local person. The services take
// this plain shape (comments as it is, scores beside their API-key and agent authors).
import type { Actor } from "./actor";

export type PersonAuthor = { kind: "user"; userId: string } | { kind: "local" };

export function authorOf(actor: Actor): PersonAuthor {
  return actor.kind === "local" ? { kind: "local" } : { kind: "user", userId: actor.user.id };
}
