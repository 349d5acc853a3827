// Two lines of a session's reasoning side by side, at a URL a reviewer can share:
// /sessions/{id}/compare?left=main&right=<branchId> (any two of "main" and the session's branch ids).
import { Suspense } from "react";
import { CompareView } from "@/components/compare/CompareView";
import { Page } from "@/components/ui/Page";
import { SkeletonRows } from "@/components/ui/Skeleton";

export default async function ComparePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ left?: string | string[]; right?: string | string[] }>;
}) {
  const { id } = await params;
  const query = await searchParams;
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  return (
    <Page width="full">
      <Suspense fallback={<SkeletonRows rows={8} className="p-4" label="Loading comparison" />}>
        <CompareView
          sessionId={decodeURIComponent(id)}
          left={one(query.left) ?? null}
          right={one(query.right) ?? null}
        />
      </Suspense>
    </Page>
  );
}
