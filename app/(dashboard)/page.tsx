// The sessions list (its header lives in SessionsTable: an empty project shows the first-run page instead). Its first
// page of rows is fetched here, on the server, and handed to the client's query cache: the rows arrive in the HTML
// instead of after hydration and a tRPC round trip (in a production-build trace the list's request only started
// ~1.1-1.3 s after navigation, ~0.8 s after the HTML was parsed).
import { HydrationBoundary } from "@tanstack/react-query";
import { Suspense } from "react";
import { SessionsTable } from "@/components/sessions/SessionsTable";
import { queryFrom } from "@/lib/sessions/table-url";
import { Page } from "@/components/ui/Page";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { pageContext, prefetchedQuery } from "@/server/trpc/prefetch";

type SearchParams = Record<string, string | string[] | undefined>;

/** The list's first page (for the filters in the URL) as react-query state; null without a project or on an error. */
async function prefetchedList(searchParams: SearchParams) {
  const ctx = await pageContext();
  if (!ctx) return null;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(searchParams)) {
    for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) params.append(k, one);
  }
  const query = queryFrom(params);
  return prefetchedQuery(
    ctx,
    (trpc) => trpc.sessions.table.queryKey(query),
    (caller) => caller.sessions.table(query),
  );
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
