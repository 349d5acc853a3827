// The sessions table's tokens and cost cells, and its cost filter: a session's model calls (thoughts from traces and
// transcripts), "—" for a session without figures.
import type { UsageTotals } from "@/lib/contracts/usage";
import { NativeSelect } from "@/components/ui/Select";
import { formatCount } from "@/lib/words/count-of";
import { formatTokens, formatUsd } from "@/lib/words/usage-text";

export function TokensCell({ usage }: { usage: UsageTotals | undefined }) {
  if (!usage) return <span className="text-muted-foreground">—</span>;
  const reasoning = usage.tokensReasoning > 0 ? `, ${formatCount(usage.tokensReasoning)} reasoning` : "";
  return (
    <span title={`${formatCount(usage.tokensIn)} in, ${formatCount(usage.tokensOut)} out${reasoning}`}>
      {formatTokens(usage.tokensIn + usage.tokensOut)}
    </span>
  );
}

export function CostCell({ usage }: { usage: UsageTotals | undefined }) {
  if (!usage || usage.costUsd === null) return <span className="text-muted-foreground">—</span>;
  return (
    <span title={`$${usage.costUsd.toFixed(6)} over ${formatCount(usage.calls)} model calls`}>
      {formatUsd(usage.costUsd)}
    </span>
  );
}

/** Minimum costs offered by the filter, in US dollars. */
const COST_STEPS = ["0.01", "0.1", "1", "10"] as const;

export function CostFilter({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (patch: { minCost: string | null }) => void;
}) {
  return (
    <NativeSelect
      aria-label="Cost"
      className="w-32"
      value={value === undefined ? "" : String(value)}
      onChange={(e) => onChange({ minCost: e.target.value || null })}
    >
      <option value="">Any cost</option>
      {COST_STEPS.map((c) => (
        <option key={c} value={c}>
          Cost ≥ ${c}
        </option>
      ))}
    </NativeSelect>
  );
}
