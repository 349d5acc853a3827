// Score configs and how far reviewers agree on them (single-user dashboard: "you" and the API keys that score).
import { Suspense } from "react";
import { AgreementView } from "@/components/scoring/AgreementView";
import { ConfigManager } from "@/components/scoring/ConfigManager";
import { Page, PageHeader } from "@/components/ui/Page";
import { SkeletonRows } from "@/components/ui/Skeleton";

export default function AgreementPage() {
  return (
    <Page>
      <PageHeader
        title="Scores and agreement"
        description="How the reviewers' and agents' scores are spread, and how far they agree beyond chance."
      />
      <Suspense fallback={<SkeletonRows rows={6} label="Loading agreement" />}>
        <AgreementView />
      </Suspense>
      <ConfigManager />
    </Page>
  );
}
