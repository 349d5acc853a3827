// A live subscription's state: a coloured dot and the words ("live: connected"), green when connected, amber while
// connecting or retrying, grey when off.
import { cn } from "./cn";
import { LIVE_WORDS } from "./live-words";

export function LiveBadge({ status, className }: { status: string; className?: string }) {
  const tone =
    status === "pending" ? "bg-success" : status === "idle" ? "bg-muted-foreground" : "animate-pulse bg-warning";
  return (
    <span className={cn("inline-flex items-center gap-1.5 text-sm text-muted-foreground", className)}>
      <span aria-hidden className={cn("size-2 rounded-full", tone)} />
      live: {LIVE_WORDS[status] ?? status}
    </span>
  );
}
