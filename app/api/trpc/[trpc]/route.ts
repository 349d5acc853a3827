// The tRPC door for the dashboard (queries over HTTP, subscriptions over SSE). Mutations from another site are
// refused before tRPC sees them (CSRF; server/auth/csrf.ts).
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { crossSiteReason, CrossSiteError } from "@/server/auth/csrf";
import { appRouter } from "@/server/trpc/root";
import { createTrpcContext } from "@/server/trpc/init";

export const dynamic = "force-dynamic";

function handler(req: Request): Promise<Response> | Response {
  const reason = crossSiteReason(req.method, req.headers);
  if (reason !== null) return Response.json({ error: new CrossSiteError(reason).toBody() }, { status: 403 });
  return fetchRequestHandler({ endpoint: "/api/trpc", req, router: appRouter, createContext: createTrpcContext });
}

export { handler as GET, handler as POST };
