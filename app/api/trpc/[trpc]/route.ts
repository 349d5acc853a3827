// The tRPC door for the dashboard (queries over HTTP, subscriptions over SSE).
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "@/server/trpc/root";
import { createTrpcContext } from "@/server/trpc/init";

export const dynamic = "force-dynamic";

function handler(req: Request): Promise<Response> {
  return fetchRequestHandler({ endpoint: "/api/trpc", req, router: appRouter, createContext: createTrpcContext });
}

export { handler as GET, handler as POST };
