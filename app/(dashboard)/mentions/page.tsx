// Comments that @mention the signed-in person, newest first, each linked to its thought.
import { Suspense } from "react";
import { MentionsList } from "@/components/comments/MentionsList";
import { Page, PageHeader } from "@/components/ui/Page";
import { SkeletonRows } from "@/components/ui/Skeleton";

export default function MentionsPage() {
  return (
    <Page width="narrow">
      <PageHeader title="Mentions" description="Comments that mention you, newest first." />
      <Suspense fallback={<SkeletonRows rows={5} label="Loading mentions" />}>
        <MentionsList />
      </Suspense>
    </Page>
  );
}
