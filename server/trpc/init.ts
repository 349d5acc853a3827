// tRPC set-up: context, error mapping and procedure tiers in one place (the create-t3-app shape).
// Who may call what is decided here and in lib/auth/roles.ts, never inside a router:
//   publicProcedure      anyone (sign-in state itself)
//   readerProcedure      a project member, or a share-link visitor (then only the shared session; see routers)
//   signedInProcedure    anyone signed in, member of a project or not (creating a first project)
//   memberProcedure      a signed-in project member (or single-user mode's local owner)
//   allowed(permission)  a member whose role grants the permission
import { initTRPC, TRPCError } from "@trpc/server";
import { can, type Permission, type Role } from "@/lib/auth/roles";
import { findIllFormedText } from "@/lib/contracts/text";
import { resolveActor, type Actor } from "@/server/auth/actor";
import { getDb, type Db } from "@/server/db/client";
import { DomainError, ValidationError } from "@/server/errors";
import { resolveShareToken } from "@/server/services/projects/share-links";
import { SHARE_HEADER } from "@/lib/contracts/session";

/** Who is asking: a project member, a visitor holding a read-only share link to one session, or nobody known. */
export type Access =
  | { kind: "member"; actor: Actor; role: Role }
  | { kind: "share"; sessionId: string }
  | { kind: "anonymous"; actor: Actor | null };

export interface TrpcContext {
  db: Db;
  /** The project every query is scoped to; null for anonymous callers (who reach only public procedures). */
  projectId: string | null;
  access: Access;
}

/** The context of a known actor (also used by server-side callers and tests). */
export function contextOf(db: Db, actor: Actor | null): TrpcContext {
  if (actor?.access) {
    return { db, projectId: actor.access.projectId, access: { kind: "member", actor, role: actor.access.role } };
  }
  return { db, projectId: null, access: { kind: "anonymous", actor } };
}

/**
 * A share token arrives as a header on queries, and as a connection parameter on subscriptions (EventSource cannot
 * send headers). An unknown or revoked token is refused outright rather than falling back to wider access.
 */
export async function createTrpcContext(opts?: {
  req?: Request;
  info?: { connectionParams?: Record<string, string | undefined> | null };
}): Promise<TrpcContext> {
  const db = getDb();
  const token = opts?.req?.headers.get(SHARE_HEADER) ?? opts?.info?.connectionParams?.share ?? null;
  if (token !== null) {
    const share = await resolveShareToken(db, token);
    if (!share) throw new TRPCError({ code: "NOT_FOUND", message: "This share link is unknown or was revoked." });
    return { db, projectId: share.projectId, access: { kind: "share", sessionId: share.sessionId } };
  }
  return contextOf(db, await resolveActor(db, opts?.req?.headers.get("cookie")));
}

const STATUS_TO_TRPC: Record<number, TRPCError["code"]> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  422: "UNPROCESSABLE_CONTENT",
  429: "TOO_MANY_REQUESTS",
};

const t = initTRPC.context<TrpcContext>().create({
  // Keeps idle SSE connections alive through proxies and lets the client notice a dead one: a stream silent for
  // 1.5 s reconnects, so the session view says "reconnecting" within 2 s of losing the server. A ping is
  // one ~10-byte event per open session view every 0.7 s.
  sse: { ping: { enabled: true, intervalMs: 700 }, client: { reconnectAfterInactivityMs: 1_500 } },
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    return cause instanceof DomainError ? { ...shape, data: { ...shape.data, error: cause.toBody() } } : shape;
  },
});

/** Domain errors thrown by services become tRPC errors with the same status and body. */
const mapDomainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: STATUS_TO_TRPC[cause.status] ?? "BAD_REQUEST", message: cause.message, cause });
  }
  return result;
});

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;
/** The text rule of lib/contracts/text.ts for every input of the dashboard's door, before any schema sees it. */
const wellFormedInput = t.middleware(async ({ getRawInput, next }) => {
  const problem = findIllFormedText(await getRawInput());
  if (problem) throw new ValidationError(problem);
  return next();
});

export const publicProcedure = t.procedure.use(mapDomainErrors).use(wellFormedInput);

function signInRequired(access: Access): never {
  throw new TRPCError({
    code: "UNAUTHORIZED",
    message:
      access.kind === "anonymous" && access.actor
        ? "You are not a member of any project yet; ask an admin for an invitation link."
        : "Sign in first.",
  });
}

/** Members, and share-link visitors (procedures check that a visitor reads only the shared session). */
export const readerProcedure = publicProcedure.use(({ ctx, next }) => {
  if (ctx.access.kind === "anonymous" || ctx.projectId === null) signInRequired(ctx.access);
  return next({ ctx: { ...ctx, projectId: ctx.projectId, access: ctx.access } });
});

/** Anyone signed in (or single-user mode's owner), whether or not they belong to a project yet. */
export const signedInProcedure = publicProcedure.use(({ ctx, next }) => {
  if (ctx.access.kind === "share") throw new TRPCError({ code: "NOT_FOUND", message: "Not found." });
  const actor = ctx.access.actor;
  if (!actor) signInRequired(ctx.access);
  return next({ ctx: { ...ctx, actor } });
});

/** Project members only (a share-link visitor gets NOT_FOUND: the link reveals nothing else). */
export const memberProcedure = publicProcedure.use(({ ctx, next }) => {
  if (ctx.access.kind === "share") throw new TRPCError({ code: "NOT_FOUND", message: "Not found." });
  if (ctx.access.kind !== "member" || ctx.projectId === null) signInRequired(ctx.access);
  return next({ ctx: { ...ctx, projectId: ctx.projectId, actor: ctx.access.actor, role: ctx.access.role } });
});

const PERMISSION_WORDS: Record<Permission, string> = {
  read: "read this project",
  score: "score",
  comment: "comment",
  review: "review queue items",
  record: "let connectors record thoughts",
  "configs.manage": "manage score configs",
  "queues.manage": "manage annotation queues",
  "keys.manage": "manage API keys",
  "share.manage": "manage share links",
  "members.manage": "manage members",
  "judges.manage": "manage model connections and judges",
  "sessions.delete": "delete sessions",
};

/** Members whose role grants `permission`; others get FORBIDDEN naming their role. */
export function allowed(permission: Permission) {
  return memberProcedure.use(({ ctx, next }) => {
    if (!can(ctx.role, permission)) {
      throw new TRPCError({
        code: "FORBIDDEN",
        message: `Your role in this project (${ctx.role}) cannot ${PERMISSION_WORDS[permission]}; ask an admin.`,
      });
    }
    return next();
  });
}
