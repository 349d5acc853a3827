// A placeholder block that pulses while data loads (instead of "Loading…"). `SkeletonRows` draws a list of lines;
// the region is announced once as busy so screen readers hear "loading" and not a pile of empty blocks.
import type { ComponentProps } from "react";
import { cn } from "./cn";

export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="skeleton" className={cn("animate-pulse rounded-md bg-muted", className)} {...props} />;
}

export function SkeletonRows({
  rows = 5,
  className,
  label = "Loading",
}: {
  rows?: number;
  className?: string;
  label?: string;
}) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className={cn("flex flex-col gap-2", className)}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-8 w-full" style={{ opacity: 1 - i * (0.6 / rows) }} />
      ))}
    </div>
  );
}
