// The sessions list.
import { Suspense } from "react";
import { SessionsTable } from "@/components/sessions/SessionsTable";
import { Page, PageHeader } from "@/components/ui/Page";
import { SkeletonRows } from "@/components/ui/Skeleton";

export default function SessionsPage() {
  return (
    <Page>
      <PageHeader title="Sessions" description="Every recorded agent run in this project, newest activity first." />
      <Suspense fallback={<SkeletonRows rows={8} label="Loading sessions" />}>
        <SessionsTable />
      </Suspense>
    </Page>
  );
}
