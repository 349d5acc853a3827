// One judge run: progress, cost, failures with the provider's error, cancel.
import { Suspense } from "react";
import { RunDetail } from "@/components/judges/RunDetail";
import { Page } from "@/components/ui/Page";
import { SkeletonRows } from "@/components/ui/Skeleton";

export default async function JudgeRunPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Page>
      <Suspense fallback={<SkeletonRows rows={6} label="Loading run" />}>
        <RunDetail runId={decodeURIComponent(id)} />
      </Suspense>
    </Page>
  );
}
