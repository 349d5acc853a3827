// The session review screen (client-rendered: it streams live updates and can hold 20,000 thoughts). A full-height
// page: the session view fills the window below the app bar and its panes scroll inside themselves.
import { HydrationBoundary } from "@tanstack/react-query";
import { Suspense } from "react";
import { preload } from "react-dom";
import { SessionView } from "@/components/session/SessionView";
import { Page } from "@/components/ui/Page";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { findSession } from "@/server/services/sessions/sessions";
import { pageContext, prefetchedQuery } from "@/server/trpc/prefetch";

/** Up to this many thoughts the outline comes inside the page (~300 bytes a thought, so at most ~75 KB of HTML):
 *  the header and the transcript render on the server and no request follows hydration. An empty session's page
 *  showed its text 1.0-1.8 s after navigation while it waited for hydration and the client's outline request
 *  (bench:ui baseline, quiet machine). Larger outlines stay a separate request: a 20,000-thought outline is ~6 MB,
 *  and in the page it would be parsed twice (HTML and the RSC payload) before anything is drawn. */
const OUTLINE_IN_PAGE_MAX = 250;

export default async function SessionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const sessionId = decodeURIComponent(id);
  const { prefetched, thoughtCount } = await prefetchOutline(sessionId);
  if (!prefetched) {
    // The outline is the page's first request; sent by the client, it would leave only once the scripts had loaded
    // and hydrated (2.6 s into an empty session's load, 2.9 s into a 1,000-thought one, on a loaded machine: Chromium
    // trace). A preload in the head sends it with the scripts; the tRPC client's identical GET (an unbatched first query: the
    // outline is the only query SessionView issues before the outline answers) then takes the preloaded response.
    preload(
      `/api/trpc/sessions.outline?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { id: sessionId } }))}`,
      {
        as: "fetch",
        crossOrigin: "anonymous",
      },
    );
  }
  const view = (
    <Suspense fallback={<SkeletonRows rows={8} className="p-4" label="Loading session" />}>
      <SessionView sessionId={sessionId} thoughtCount={thoughtCount} />
    </Suspense>
  );
  return (
    <Page width="full">{prefetched ? <HydrationBoundary state={prefetched}>{view}</HydrationBoundary> : view}</Page>
  );
}

/** The outline of a small session as react-query state for the client, under the same key its useQuery reads; null
 *  for a large, unknown or unreadable session (the client then asks, and shows "not found" as before). With it the
 *  session's size, when the session was found. */
async function prefetchOutline(sessionId: string) {
  const ctx = await pageContext();
  if (!ctx?.projectId) return { prefetched: null };
  const session = await findSession(ctx.db, ctx.projectId, sessionId).catch(() => null);
  if (!session) return { prefetched: null };
  const thoughtCount = session.thoughtCount;
  if (thoughtCount > OUTLINE_IN_PAGE_MAX) return { prefetched: null, thoughtCount };
  const prefetched = await prefetchedQuery(
    ctx,
    (trpc) => trpc.sessions.outline.queryKey({ id: sessionId }),
    (caller) => caller.sessions.outline({ id: sessionId }),
  );
  return { prefetched, thoughtCount };
}
