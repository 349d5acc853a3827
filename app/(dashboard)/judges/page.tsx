// LLM judges: models that fill the project's score configs, their runs and the daily budget.
import { Suspense } from "react";
import { JudgesView } from "@/components/judges/JudgesView";
import { Page, PageHeader } from "@/components/ui/Page";
import { SkeletonRows } from "@/components/ui/Skeleton";

export default function JudgesPage() {
  return (
    <Page>
      <PageHeader
        title="Judges"
        description="Models that fill your score configs, thought by thought or per session; their scores sit beside the people's, marked, and the agreement page says how far to trust them."
      />
      <Suspense fallback={<SkeletonRows rows={6} label="Loading judges" />}>
        <JudgesView />
      </Suspense>
    </Page>
  );
}
