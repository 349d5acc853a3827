// The sessions list's reasoning-health cell and filters: the 0–100 triage score (lib/health/health-score.ts)
// with what cost it points (loops, stalls, abandoned branches), and the revision rate in the tooltip.
import type { HealthCells } from "@/lib/contracts/session-health";
import { Badge } from "@/components/ui/Badge";
import { NativeSelect, YesNoSelect } from "@/components/ui/Select";

export function HealthCell({ health }: { health: HealthCells | undefined }) {
  if (!health) return <span className="text-muted-foreground">—</span>;
  const issues = [
    health.loops > 0 ? `${health.loops} loop${health.loops === 1 ? "" : "s"}` : null,
    health.stalls > 0 ? `${health.stalls} stall${health.stalls === 1 ? "" : "s"}` : null,
    health.abandonedBranches > 0 ? `${health.abandonedBranches} abandoned` : null,
  ].filter((x): x is string => x !== null);
  const title =
    `Health ${health.score}/100 · revisions ${Math.round(health.revisionRate * 100)}% · ` +
    `${health.branchCount} branches · linearity ${health.linearity} · drift ${health.drift} · ` +
    `${health.unresolvedFlags} unresolved flags`;
  return (
    <span className="inline-flex items-center justify-end gap-1" title={title} data-testid="row-health">
      {/* The issues in words from 1280 px; narrower, the score alone (the tooltip names them). */}
      {issues.map((i) => (
        <Badge key={i} variant="warning" className="max-xl:hidden">
          {i}
        </Badge>
      ))}
      <span className="tabular-nums">{health.score}</span>
    </span>
  );
}

/** "Health below" choices: the score loses 10 per loop or abandoned branch and 5 per stall or unresolved flag. */
const BELOW = [90, 70, 50] as const;

export function HealthFilters({
  loops,
  healthBelow,
  onChange,
}: {
  loops: boolean | undefined;
  healthBelow: number | undefined;
  onChange: (patch: Record<string, string | null>) => void;
}) {
  return (
    <>
      <YesNoSelect
        label="Loops"
        value={loops}
        onChange={(v) => onChange({ loops: v })}
        either="Loops or not"
        yes="With loops"
        no="Without loops"
      />
      <NativeSelect
        aria-label="Health"
        value={healthBelow === undefined ? "" : String(healthBelow)}
        onChange={(e) => onChange({ healthBelow: e.target.value })}
      >
        <option value="">Any health</option>
        {BELOW.map((b) => (
          <option key={b} value={b}>
            Health below {b}
          </option>
        ))}
      </NativeSelect>
    </>
  );
}
