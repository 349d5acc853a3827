// The session review screen (client-rendered: it streams live updates and can hold 20,000 thoughts). A full-height
// page: the session view fills the window below the app bar and its panes scroll inside themselves.
import { Suspense } from "react";
import { SessionView } from "@/components/session/SessionView";
import { Page } from "@/components/ui/Page";
import { SkeletonRows } from "@/components/ui/Skeleton";

export default async function SessionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Page width="full">
      <Suspense fallback={<SkeletonRows rows={8} className="p-4" label="Loading session" />}>
        <SessionView sessionId={decodeURIComponent(id)} />
      </Suspense>
    </Page>
  );
}
