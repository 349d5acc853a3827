"use client";
// The session header's compact reasoning-health line: what a reviewer checks first (revisions, branches
// and the abandoned ones, linearity, stalls, loops, totalThoughts drift, unresolved flags). A figure that points at a
// problem is a warning badge; the tooltip of each says what it counts.
import type { ReasoningHealth } from "@/lib/health/reasoning-health";
import { Badge } from "@/components/ui/Badge";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/Popover";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/Tooltip";
import { useSessionReasoning } from "./useSessionReasoning";

interface Figure {
  label: string;
  hint: string;
  warn: boolean;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function healthFigures(h: ReasoningHealth): Figure[] {
  const drift = h.totalThoughts.drift;
  return [
    {
      label: `revisions ${Math.round(h.revisionRate * 100)}%`,
      hint: "Share of thoughts that revise an earlier one",
      warn: false,
    },
    {
      label: `${plural(h.branchCount, "branch", "branches")}${h.abandonedBranches ? ` (${h.abandonedBranches} abandoned)` : ""}`,
      hint: `Deepest nesting ${h.maxBranchDepth}; a branch is abandoned when its last thought asked for more and the session moved on`,
      warn: h.abandonedBranches > 0,
    },
    {
      label: `linearity ${h.linearity}`,
      hint: "Share of main-line thoughts that are not revisions (1 = straight)",
      warn: false,
    },
    { label: plural(h.stalls, "stall"), hint: "Gaps of more than 10 minutes between thoughts", warn: h.stalls > 0 },
    { label: plural(h.loops, "loop"), hint: "Consecutive near-duplicate thoughts", warn: h.loops > 0 },
    {
      label: `drift ${drift > 0 ? `+${drift}` : drift}`,
      hint: `totalThoughts went from ${h.totalThoughts.first ?? "–"} to ${h.totalThoughts.last ?? "–"} (${plural(h.totalThoughts.changes, "change")})`,
      warn: drift !== 0,
    },
    {
      label: plural(h.unresolvedFlags, "unresolved flag"),
      hint: "Flags on thoughts that no later revision addressed",
      warn: h.unresolvedFlags > 0,
    },
  ];
}

export function HealthSummary({ sessionId, upTo }: { sessionId: string; upTo: number }) {
  const reasoning = useSessionReasoning(sessionId, upTo);
  if (!reasoning.data) return null;
  const figures = healthFigures(reasoning.data.health);
  const quiet = figures.filter((f) => !f.warn).length;
  const shown = quiet === figures.length ? "no warnings" : `+${quiet}`;
  // Below 1280 px the header's line holds only the warnings; the other figures are one "+n" away, so the line
  // never wraps beside the toolbar.
  return (
    <p
      className="flex min-w-0 flex-wrap items-center gap-1 text-xs"
      data-testid="reasoning-health"
      aria-label="Reasoning health"
    >
      <span className="text-muted-foreground">Health</span>
      {figures.map((f) => (
        <Tooltip key={f.label}>
          <TooltipTrigger asChild>
            <Badge
              variant={f.warn ? "warning" : "outline"}
              tabIndex={0}
              className={f.warn ? undefined : "max-xl:hidden"}
            >
              {f.label}
            </Badge>
          </TooltipTrigger>
          <TooltipContent>{f.hint}</TooltipContent>
        </Tooltip>
      ))}
      {quiet > 0 ? (
        <Popover>
          <PopoverTrigger asChild>
            <Badge asChild variant="outline" className="cursor-pointer xl:hidden">
              {/* The name starts with what is shown (WCAG 2.5.3, axe's label-content-name-mismatch). */}
              <button type="button" aria-label={`${shown}: all ${figures.length} health figures`}>
                {shown}
              </button>
            </Badge>
          </PopoverTrigger>
          <PopoverContent align="start" className="w-80 p-3">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-xs">
              {figures.map((f) => (
                <div key={f.label} className="contents">
                  <dt>
                    <Badge variant={f.warn ? "warning" : "outline"}>{f.label}</Badge>
                  </dt>
                  <dd className="text-muted-foreground">{f.hint}</dd>
                </div>
              ))}
            </dl>
          </PopoverContent>
        </Popover>
      ) : null}
    </p>
  );
}
