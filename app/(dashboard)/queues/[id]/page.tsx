// One annotation queue: progress, reviewers, configs and "Start reviewing".
import { Suspense } from "react";
import { QueueOverview } from "@/components/queues/QueueOverview";
import { BackLink } from "@/components/ui/BackLink";
import { Page } from "@/components/ui/Page";
import { SkeletonRows } from "@/components/ui/Skeleton";

export default async function QueuePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Page>
      <BackLink href="/queues">Queues</BackLink>
      <Suspense fallback={<SkeletonRows rows={6} label="Loading queue" />}>
        <QueueOverview queueId={decodeURIComponent(id)} />
      </Suspense>
    </Page>
  );
}
