// The metacognition badges on a graph node: the most severe bias detect_bias stored on the thought and
// assess_confidence's overall confidence. Rendered inside the memoized ThoughtNode; no hooks, no fetching.
import type { NodeBadge } from "@/lib/graph/node-badges";
import { cn } from "@/components/ui/cn";

const CHIP = "inline-flex h-[18px] shrink-0 items-center rounded px-1 text-xs leading-none font-medium";

export function NodeBadges({ badge }: { badge: NodeBadge | null }) {
  if (!badge) return null;
  const confidence = badge.confidence === null ? null : Math.round(badge.confidence * 100);
  return (
    <>
      {badge.bias ? (
        <span
          className={cn(CHIP, "max-w-24 truncate bg-warning-muted text-foreground")}
          title={`Biases detected: ${badge.biases.join(", ")}`}
          aria-label={`Bias: ${badge.biases.join(", ")}`}
          data-testid="bias-badge"
        >
          {badge.bias}
        </span>
      ) : null}
      {confidence !== null ? (
        <span
          className={cn(CHIP, "bg-muted text-muted-foreground")}
          title="Assessed confidence (assess_confidence)"
          aria-label={`Confidence ${confidence}%`}
          data-testid="confidence-badge"
        >
          {confidence}%
        </span>
      ) : null}
    </>
  );
}
