// Comments that @mention the signed-in person, newest first, each linked to its thought. The page has the width every
// list page has (centred narrow, its title sat 290 px right of the other pages' at 1440 px), and the list spans it as
// the queues list does (held to 48 rem, its empty state filled 62 % of the width under a full-width header at 1440 px).
import { Suspense } from "react";
import { MentionsList } from "@/components/comments/MentionsList";
import { Page, PageHeader } from "@/components/ui/Page";
import { SkeletonRows } from "@/components/ui/Skeleton";

export default function MentionsPage() {
  return (
    <Page>
      <PageHeader title="Mentions" description="Comments that mention you, newest first." />
      <Suspense fallback={<SkeletonRows rows={5} label="Loading mentions" />}>
        <MentionsList />
      </Suspense>
    </Page>
  );
}
