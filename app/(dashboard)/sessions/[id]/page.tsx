// The session review screen (client-rendered: it streams live updates and can hold 20,000 thoughts). A full-height
// page: the session view fills the window below the app bar and its panes scroll inside themselves.
import { Suspense } from "react";
import { preload } from "react-dom";
import { SessionView } from "@/components/session/SessionView";
import { Page } from "@/components/ui/Page";
import { SkeletonRows } from "@/components/ui/Skeleton";

export default async function SessionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const sessionId = decodeURIComponent(id);
  // The outline is the page's first request, and it used to leave only once the scripts had loaded and hydrated
  // (2.6 s into an empty session's load, 2.9 s into a 1,000-thought one, on a loaded machine: Chromium trace). A
  // preload in the head sends it with the scripts; the tRPC client's identical GET (an unbatched first query: the
  // outline is the only query SessionView issues before the outline answers) then takes the preloaded response.
  preload(`/api/trpc/sessions.outline?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { id: sessionId } }))}`, {
    as: "fetch",
    crossOrigin: "anonymous",
  });
  return (
    <Page width="full">
      <Suspense fallback={<SkeletonRows rows={8} className="p-4" label="Loading session" />}>
        <SessionView sessionId={sessionId} />
      </Suspense>
    </Page>
  );
}
