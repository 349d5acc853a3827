// tRPC set-up: context, error mapping and procedure tiers in one place (the create-t3-app shape).
// Until accounts arrive (team review issue) the dashboard reads the default project and is served on loopback only.
import { initTRPC, TRPCError } from "@trpc/server";
import { getDb, type Db } from "@/server/db/client";
import { DomainError } from "@/server/errors";
import { defaultProjectIdOf } from "@/server/services/projects";
import { resolveShareToken } from "@/server/services/share-links";

/** Who is asking: the local single-user dashboard, or a visitor holding a read-only share link to one session. */
export type Access = { kind: "local" } | { kind: "share"; sessionId: string };

export interface TrpcContext {
  db: Db;
  projectId: string;
  access: Access;
}

export const SHARE_HEADER = "x-thoughtgraph-share";

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
  return { db, projectId: await defaultProjectIdOf(db), access: { kind: "local" } };
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
  // Keeps idle SSE connections alive through proxies and lets the client notice a dead one.
  sse: { ping: { enabled: true, intervalMs: 15_000 }, client: { reconnectAfterInactivityMs: 20_000 } },
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
export const publicProcedure = t.procedure.use(mapDomainErrors);

/** Procedures only the dashboard's own user may call (not share-link visitors). */
export const localProcedure = publicProcedure.use(({ ctx, next }) => {
  if (ctx.access.kind !== "local") throw new TRPCError({ code: "NOT_FOUND", message: "Not found." });
  return next();
});
