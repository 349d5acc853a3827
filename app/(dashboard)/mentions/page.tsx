// Comments that @mention the signed-in person, newest first, each linked to its thought. The page has the width every
// list page has (centred narrow, its title sat 290 px right of the other pages' at 1440 px); the list itself keeps a
// reading width.
import { Suspense } from "react";
import { MentionsList } from "@/components/comments/MentionsList";
import { Page, PageHeader } from "@/components/ui/Page";
import { SkeletonRows } from "@/components/ui/Skeleton";

export default function MentionsPage() {
  return (
    <Page>
      <PageHeader title="Mentions" description="Comments that mention you, newest first." />
      <div className="max-w-3xl">
        <Suspense fallback={<SkeletonRows rows={5} label="Loading mentions" />}>
          <MentionsList />
        </Suspense>
      </div>
    </Page>
  );
}
