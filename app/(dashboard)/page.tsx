// The sessions list (its header lives in SessionsTable: an empty project shows the first-run page instead). Its first
// page of rows is fetched here, on the server, and handed to the client's query cache: the rows arrive in the HTML
// instead of after hydration and a tRPC round trip (in a production-build trace the list's request only started
// ~1.1-1.3 s after navigation, ~0.8 s after the HTML was parsed).
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { Suspense } from "react";
import { SessionsTable } from "@/components/sessions/SessionsTable";
import { queryFrom } from "@/components/sessions/session-query";
import { Page } from "@/components/ui/Page";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { pageActor } from "@/server/auth/page-actor";
import { getDb } from "@/server/db/client";
import { contextOf } from "@/server/trpc/init";
import { appRouter, createCaller } from "@/server/trpc/root";

type SearchParams = Record<string, string | string[] | undefined>;

/** The list's first page in a dehydrated query cache; empty when the visitor has no project (the layout says so). */
async function prefetchedList(searchParams: SearchParams) {
  const queryClient = new QueryClient();
  const { actor } = await pageActor();
  if (!actor?.access) return dehydrate(queryClient);
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(searchParams)) {
    for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) params.append(k, one);
  }
  const query = queryFrom(params);
  const ctx = contextOf(getDb(), actor);
  const trpc = createTRPCOptionsProxy({ router: appRouter, ctx, queryClient });
  try {
    // Through JSON, as the browser's tRPC client would receive it (no transformer: dates arrive as strings).
    const rows: unknown = JSON.parse(JSON.stringify(await createCaller(ctx).sessions.table(query)));
    queryClient.setQueryData(trpc.sessions.table.queryKey(query), rows as never);
  } catch {
    // The browser asks again and shows what went wrong, with its usual error and retry.
  }
  return dehydrate(queryClient);
}

export default async function SessionsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const state = await prefetchedList(await searchParams);
  return (
    <Page>
      <HydrationBoundary state={state}>
        <Suspense fallback={<SkeletonRows rows={8} label="Loading sessions" />}>
          <SessionsTable />
        </Suspense>
      </HydrationBoundary>
    </Page>
  );
}
