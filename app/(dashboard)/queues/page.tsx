// Annotation queues: the list with progress, and the new-queue form (also reached from the sessions list).
import { Suspense } from "react";
import { QueueList } from "@/components/queues/QueueList";
import { Page, PageHeader } from "@/components/ui/Page";
import { SkeletonRows } from "@/components/ui/Skeleton";

export default function QueuesPage() {
  return (
    <Page>
      <PageHeader
        title="Annotation queues"
        description="Sessions picked for review, handed out one at a time to the reviewers of each queue."
      />
      <Suspense fallback={<SkeletonRows rows={4} label="Loading queues" />}>
        <QueueList />
      </Suspense>
    </Page>
  );
}
