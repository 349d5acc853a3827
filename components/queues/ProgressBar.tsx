// A queue's progress as a bar: items complete (N reviews) of all items, items in review as a lighter segment, and
// the count in words beside it (or under it, `compact`: the review screen's header and the queue list's fixed column).
import type { QueueProgress } from "@/lib/contracts/queues";
import { cn } from "@/components/ui/cn";
import { formatCount } from "@/lib/words/count-of";

export function ProgressBar({
  progress,
  label,
  compact = false,
  byYou = !compact,
}: {
  progress: QueueProgress;
  label: string;
  compact?: boolean;
  /** Adds "· N by you" (the review screen's header says "N done by you" already). */
  byYou?: boolean;
}) {
  const { total, complete, inProgress } = progress;
  const share = (n: number) => `${total === 0 ? 0 : Math.min(100, (n / total) * 100)}%`;
  return (
    <div className={cn("flex min-w-0 gap-x-3 gap-y-1", compact ? "flex-col" : "flex-wrap items-center")}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={Math.max(1, total)}
        aria-valuenow={complete}
        aria-valuetext={`${formatCount(complete)} of ${formatCount(total)} complete`}
        className={cn("relative h-2 overflow-hidden rounded-full bg-muted", compact ? "w-full" : "w-48")}
      >
        <div className="absolute inset-y-0 left-0 bg-primary/30" style={{ width: share(complete + inProgress) }} />
        <div className="absolute inset-y-0 left-0 bg-primary" style={{ width: share(complete) }} />
      </div>
      <span
        className={cn("text-muted-foreground tabular-nums", compact ? "truncate text-xs" : "text-sm")}
        data-testid="queue-progress"
      >
        {formatCount(complete)} of {formatCount(total)} complete
        {inProgress > 0 ? ` · ${formatCount(inProgress)} in review` : ""}
        {byYou ? ` · ${formatCount(progress.mine)} by you` : ""}
      </span>
    </div>
  );
}
