// A queue's progress as a bar: items complete (N reviews) of all items, with the count in words beside it.
import type { QueueProgress } from "@/lib/contracts/queues";

export function ProgressBar({ progress, label }: { progress: QueueProgress; label: string }) {
  const { total, complete } = progress;
  return (
    <div className="tg-queue-progress">
      <progress max={Math.max(1, total)} value={complete} aria-label={label} />
      <span className="tg-small" data-testid="queue-progress">
        {complete} of {total} complete
        {progress.inProgress > 0 ? ` · ${progress.inProgress} in review` : ""} · {progress.mine} by you
      </span>
    </div>
  );
}
