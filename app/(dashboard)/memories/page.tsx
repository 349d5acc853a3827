// Agent memory: what agents stored with ThoughtMCP's memory tools, with its waypoint links.
import { Suspense } from "react";
import { MemoriesView } from "@/components/memories/MemoriesView";
import { Page, PageHeader } from "@/components/ui/Page";
import { SkeletonRows } from "@/components/ui/Skeleton";

export default function MemoriesPage() {
  return (
    <Page>
      <PageHeader
        title="Memories"
        description="What agents remembered through ThoughtMCP's memory tools, by sector and strength, with the waypoint links between similar memories."
      />
      <Suspense fallback={<SkeletonRows rows={6} label="Loading memories" />}>
        <MemoriesView />
      </Suspense>
    </Page>
  );
}
