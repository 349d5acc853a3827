"use client";
// The analytics page: reasoning health over the project's sessions created in a window — how the health
// scores are spread, how the daily mean moved, and how agents and models compare. One tRPC query
// (reasoning.fleet), folded on the server from the stored SessionHealth rows; and tokens and cost by agent and model
// (usage.fleet) for sessions from traces and transcripts.
import { useQuery } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import type { FleetHealth } from "@/lib/contracts/session-health";
import { FLEET_WINDOWS } from "@/lib/contracts/zod-free";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/Card";
import { NativeSelect } from "@/components/ui/Select";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { ColumnChart } from "./ColumnChart";
import { GroupBars } from "./GroupBars";
import { UsageTable } from "./UsageTable";
import type { UsageFleet } from "@/lib/contracts/usage";
import { formatTokens, formatUsd } from "@/lib/words/usage-text";
import { formatCount } from "@/lib/words/count-of";

type Days = (typeof FLEET_WINDOWS)[number];

function Stat({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-lg border bg-card px-4 py-3" title={hint}>
      <span className="text-xs text-muted-foreground">{label}</span>
      <span
        className="text-xl font-semibold tabular-nums"
        data-testid={`stat-${label.toLowerCase().replace(/\W+/g, "-")}`}
      >
        {value}
      </span>
    </div>
  );
}

const share = (n: number, of: number) => (of ? `${Math.round((n / of) * 100)}%` : "—");

function Charts({ f }: { f: FleetHealth }) {
  const distMax = Math.max(1, ...f.distribution.map((b) => b.count));
  return (
    <>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-5">
        <Stat label="Sessions" value={formatCount(f.sessions)} hint="Sessions created in this window" />
        <Stat label="Mean health" value={f.meanScore === null ? "—" : String(f.meanScore)} hint="0–100" />
        <Stat
          label="With loops"
          value={share(f.withLoops, f.sessions)}
          hint={`${f.withLoops} sessions with near-duplicate consecutive thoughts`}
        />
        <Stat
          label="With stalls"
          value={share(f.withStalls, f.sessions)}
          hint={`${f.withStalls} sessions with a gap of more than 10 minutes`}
        />
        <Stat
          label="Revision rate"
          value={f.meanRevisionRate === null ? "—" : `${Math.round(f.meanRevisionRate * 100)}%`}
          hint="Mean share of thoughts that revise an earlier one"
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard title="Health distribution" description="Sessions per ten points of health score">
          <ColumnChart
            label={`Sessions by health score: ${f.distribution.map((b) => `${b.from}–${b.to}: ${b.count}`).join(", ")}`}
            max={distMax}
            columns={f.distribution.map((b) => ({
              label: String(b.from),
              value: b.count,
              title: `Health ${b.from}–${b.to}: ${b.count} sessions`,
            }))}
          />
        </ChartCard>
        <ChartCard title="Trend" description="Mean health of the sessions created each day (UTC)">
          <ColumnChart
            label={`Mean health per day over ${f.days} days`}
            max={100}
            every={f.days <= 7 ? 1 : f.days <= 30 ? 7 : 14}
            columns={f.trend.map((d) => ({
              label: d.day.slice(5),
              value: d.meanScore,
              title: `${d.day}: ${d.sessions} sessions${d.meanScore === null ? "" : `, mean health ${d.meanScore}`}`,
            }))}
          />
        </ChartCard>
        <ChartCard title="By agent">
          <GroupBars groups={f.byAgent} what="Agent" />
        </ChartCard>
        <ChartCard title="By model">
          <GroupBars groups={f.byModel} what="Model" />
        </ChartCard>
      </div>
    </>
  );
}

/** What the model calls of sessions from traces and transcripts used: in all, then agents and models compared. */
function Usage({ u }: { u: UsageFleet }) {
  return (
    <>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat label="Model calls" value={formatCount(u.total.calls)} hint="Calls with token counts, in this window" />
        <Stat
          label="Tokens in"
          value={formatTokens(u.total.tokensIn)}
          hint={`${formatCount(u.total.tokensIn)} tokens`}
        />
        <Stat
          label="Tokens out"
          value={formatTokens(u.total.tokensOut)}
          hint={`${formatCount(u.total.tokensOut)} tokens, ${formatCount(u.total.tokensReasoning)} of them reasoning`}
        />
        <Stat
          label="Cost"
          value={formatUsd(u.total.costUsd)}
          hint="US dollars: the source's own cost, else list prices on the call's day"
        />
      </div>
      <div className="grid gap-4 xl:grid-cols-2">
        <ChartCard title="Tokens and cost by agent">
          <UsageTable groups={u.byAgent} what="Agent" />
        </ChartCard>
        <ChartCard title="Tokens and cost by model">
          <UsageTable groups={u.byModel} what="Model" />
        </ChartCard>
      </div>
    </>
  );
}

/** One chart of the page: a card with its title, an optional line saying what it counts, and the chart. */
function ChartCard({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function AnalyticsView() {
  const trpc = useTRPC();
  const [days, setDays] = useState<Days>(30);
  const fleet = useQuery(trpc.reasoning.fleet.queryOptions({ days }, { placeholderData: (previous) => previous }));
  const usage = useQuery(trpc.usage.fleet.queryOptions({ days }, { placeholderData: (previous) => previous }));
  return (
    <div className="flex flex-col gap-4" data-testid="analytics">
      <div className="flex items-center gap-2">
        <NativeSelect
          aria-label="Window"
          value={String(days)}
          onChange={(e) => setDays(Number(e.target.value) as Days)}
        >
          {FLEET_WINDOWS.map((d) => (
            <option key={d} value={d}>
              Last {d} days
            </option>
          ))}
        </NativeSelect>
      </div>
      {fleet.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load the figures: {fleet.error.message}
        </p>
      ) : fleet.data ? (
        <Charts f={fleet.data} />
      ) : (
        <SkeletonRows rows={6} label="Loading analytics" />
      )}
      {usage.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load tokens and cost: {usage.error.message}
        </p>
      ) : usage.data ? (
        <Usage u={usage.data} />
      ) : null}
    </div>
  );
}
