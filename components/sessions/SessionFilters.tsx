"use client";
// The sessions list's filter bar: search, status, agent and health beside the search; below, the score config to sort
// by, cost and the rarer filters behind "More filters", with the count of matching sessions and the live status.
import { Search } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import type { SessionTableQuery } from "@/lib/contracts/dashboard";
import type { ScoreConfigView } from "@/lib/contracts/scores";
import { SESSION_STATUSES } from "@/lib/contracts/zod-free";
import { HealthFilters } from "@/components/reasoning/HealthCell";
import { CostFilter } from "@/components/usage/UsageCells";
import { Input } from "@/components/ui/Input";
import { NativeSelect } from "@/components/ui/Select";
import { MoreFilters } from "./MoreFilters";
import type { UrlPatch } from "./use-sessions-url";

export function SessionFilters({
  query,
  params,
  set,
  agents,
  numericConfigs,
  status,
}: {
  query: SessionTableQuery;
  params: URLSearchParams;
  set: (patch: UrlPatch) => void;
  agents: readonly string[];
  numericConfigs: readonly Pick<ScoreConfigView, "id" | "name">[];
  /** The count of matching sessions and the live badge, at the end of the second row. */
  status: ReactNode;
}) {
  // The search box is in the page's HTML: text typed into it before the page hydrated fired no onChange, so it is
  // applied once hydrated.
  const searchBox = useRef<HTMLInputElement>(null);
  const applyTyped = useRef(() => {
    const typed = searchBox.current?.value;
    if (typed !== undefined && typed !== (query.q ?? "")) set({ q: typed });
  });
  useEffect(() => applyTyped.current(), []);
  return (
    <form
      className="flex flex-col gap-2"
      role="search"
      aria-label="Filter sessions"
      onSubmit={(e) => e.preventDefault()}
    >
      {/* Two rows at every width from 1024 px: the filters people reach for (text, status, agent, health) beside the
          search; below, the score sort, cost and the rarer filters (flags, scored, tag, dates) behind "More filters".
          Row one is full at 1024 px: a filter more there wraps onto a row of its own. */}
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-64 flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            type="search"
            aria-label="Search sessions and thought text"
            placeholder="Search titles and thoughts…"
            ref={searchBox}
            defaultValue={query.q ?? ""}
            onChange={(e) => set({ q: e.target.value })}
            className="pl-8"
          />
        </div>
        <NativeSelect aria-label="Status" value={query.status ?? ""} onChange={(e) => set({ status: e.target.value })}>
          <option value="">Any status</option>
          {SESSION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label="Agent"
          // At most 11 rem: a long agent name would otherwise push the health filter onto a row of its own.
          className="max-w-44"
          value={query.agent ?? ""}
          onChange={(e) => set({ agent: e.target.value })}
        >
          <option value="">Any agent</option>
          {agents.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </NativeSelect>
        <HealthFilters loops={query.loops} healthBelow={query.healthBelow} onChange={set} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <NativeSelect
          aria-label="Score config to sort by"
          // A fixed width: as wide as its longest config name it took ~280 px and pushed the dates to a third row.
          className="w-52"
          value={query.scoreConfigId ?? ""}
          onChange={(e) =>
            set(
              e.target.value
                ? { scoreConfig: e.target.value, sort: "score", order: "desc" }
                : { scoreConfig: null, sort: query.sort === "score" ? null : query.sort },
            )
          }
        >
          <option value="">Score: any config</option>
          {numericConfigs.map((c) => (
            <option key={c.id} value={c.id}>
              Score: {c.name}
            </option>
          ))}
        </NativeSelect>
        <CostFilter value={query.minCostUsd} onChange={set} />
        <MoreFilters query={query} from={params.get("from") ?? ""} to={params.get("to") ?? ""} set={set} />
        <span className="flex-1" />
        <span className="flex items-center gap-3 text-sm text-muted-foreground" aria-live="polite">
          {status}
        </span>
      </div>
    </form>
  );
}
