// The session view's shape while its outline loads: the header's lines and the three panes.
import { Skeleton, SkeletonRows } from "@/components/ui/Skeleton";

export function SessionSkeleton() {
  return (
    <div className="flex min-h-0 flex-1 flex-col" aria-busy="true" aria-label="Loading session">
      <div className="flex shrink-0 flex-col gap-2 border-b border-border px-4 py-3">
        <Skeleton className="h-3 w-20" />
        <Skeleton className="h-5 w-80 max-w-full" />
        <Skeleton className="h-3 w-96 max-w-full" />
      </div>
      <div className="flex min-h-0 flex-1 flex-col gap-px min-[900px]:flex-row">
        <div className="flex-[42] bg-graph-canvas p-6">
          <Skeleton className="mx-auto h-20 w-64" />
        </div>
        <div className="flex flex-[30] flex-col gap-3 border-border p-4 min-[900px]:border-l">
          <SkeletonRows rows={6} />
        </div>
        <div className="flex flex-[28] flex-col gap-3 border-border p-4 min-[900px]:border-l">
          <SkeletonRows rows={4} />
        </div>
      </div>
    </div>
  );
}
