// The sessions list (its header lives in SessionsTable: an empty project shows the first-run page instead).
import { Suspense } from "react";
import { SessionsTable } from "@/components/sessions/SessionsTable";
import { Page } from "@/components/ui/Page";
import { SkeletonRows } from "@/components/ui/Skeleton";

export default function SessionsPage() {
  return (
    <Page>
      <Suspense fallback={<SkeletonRows rows={8} label="Loading sessions" />}>
        <SessionsTable />
      </Suspense>
    </Page>
  );
}
