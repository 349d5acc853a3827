// Server-side prefetch for dashboard pages: a tRPC query answered while the page renders and handed to the browser's
// react-query cache (HydrationBoundary), so a page's first data arrives in its HTML instead of after hydration and a
// round trip (without it the sessions list's request left ~1.1-1.3 s after navigation; production-build trace). The
// answer goes through JSON first, so the client sees what its HTTP tRPC link would have given it (no transformer:
// dates as ISO strings), whichever way the data arrived.
import { dehydrate, QueryClient, type DehydratedState, type QueryKey } from "@tanstack/react-query";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { pageActor } from "@/server/auth/page-actor";
import { getDb } from "@/server/db/client";
import { contextOf, type TrpcContext } from "./init";
import { appRouter, createCaller, type AppRouter } from "./root";

type Keys = ReturnType<typeof createTRPCOptionsProxy<AppRouter>>;
type Caller = ReturnType<typeof createCaller>;

/** The page's tRPC context, from its cookies; null for a visitor without a project (the layout tells them). */
export async function pageContext(): Promise<TrpcContext | null> {
  const { actor } = await pageActor();
  const ctx = contextOf(getDb(), actor);
  return ctx.projectId === null ? null : ctx;
}

/** One query's answer as dehydrated react-query state under the key the client's useQuery reads; null when the call
 *  failed (the browser then asks itself, and shows the error with its usual retry). */
export async function prefetchedQuery(
  ctx: TrpcContext,
  key: (trpc: Keys) => QueryKey,
  load: (caller: Caller) => Promise<unknown>,
): Promise<DehydratedState | null> {
  const queryClient = new QueryClient();
  const trpc = createTRPCOptionsProxy<AppRouter>({ router: appRouter, ctx, queryClient });
  try {
    const answer: unknown = JSON.parse(JSON.stringify(await load(createCaller(ctx))));
    queryClient.setQueryData(key(trpc), answer);
  } catch {
    return null;
  }
  return dehydrate(queryClient);
}
