"use client";
// The sessions list's filters used less often, in a popover: flags, scored, scored by (people or judges), tag and the
// activity dates. Its button counts the ones that are set.
import { SlidersHorizontal } from "lucide-react";
import type { SessionTableQuery } from "@/lib/contracts/dashboard";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Input } from "@/components/ui/Input";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/Popover";
import { NativeSelect, YesNoSelect } from "@/components/ui/Select";
import type { UrlPatch } from "./use-sessions-url";

/** The yes/no filters of "More filters": the URL parameter, the query field it sets, and their words. */
const YES_NO_FILTERS = [
  {
    param: "flagged",
    field: "flagged",
    label: "Flags",
    either: "Flagged or not",
    yes: "With flags",
    no: "Without flags",
  },
  { param: "scored", field: "scored", label: "Scored", either: "Scored or not", yes: "Scored", no: "Not scored" },
] as const;

export function MoreFilters({
  query,
  from,
  to,
  set,
}: {
  query: SessionTableQuery;
  from: string;
  to: string;
  set: (patch: UrlPatch) => void;
}) {
  const active = [
    query.flagged !== undefined,
    query.scored !== undefined,
    query.scoredBy !== undefined,
    Boolean(query.tag),
    from,
    to,
  ].filter(Boolean).length;
  const field =
    "grid grid-cols-[6rem_1fr] items-center gap-2 text-sm text-muted-foreground [&_[data-slot=native-select-wrapper]]:w-full";
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" aria-label={active > 0 ? `More filters (${active} set)` : "More filters"}>
          <SlidersHorizontal aria-hidden />
          More filters
          {active > 0 ? (
            <Badge variant="secondary" className="px-1.5 tabular-nums" aria-hidden>
              {active}
            </Badge>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="flex w-80 flex-col gap-3" aria-label="More filters">
        {YES_NO_FILTERS.map((f) => (
          <label key={f.param} className={field}>
            {f.label}
            <YesNoSelect
              label={f.label}
              value={query[f.field]}
              onChange={(v) => set({ [f.param]: v })}
              either={f.either}
              yes={f.yes}
              no={f.no}
            />
          </label>
        ))}
        <label className={field}>
          Scored by
          <NativeSelect
            aria-label="Scored by"
            value={query.scoredBy ?? ""}
            onChange={(e) => set({ scoredBy: e.target.value || null })}
          >
            <option value="">Anyone</option>
            <option value="person">People</option>
            <option value="judge">Judges</option>
          </NativeSelect>
        </label>
        <label className={field}>
          Tag
          <Input
            type="text"
            aria-label="Tag"
            placeholder="Any tag"
            defaultValue={query.tag ?? ""}
            onChange={(e) => set({ tag: e.target.value.trim() })}
          />
        </label>
        <label className={field}>
          Active from
          <Input type="date" aria-label="Active from" value={from} onChange={(e) => set({ from: e.target.value })} />
        </label>
        <label className={field}>
          Active until
          <Input type="date" aria-label="Active until" value={to} onChange={(e) => set({ to: e.target.value })} />
        </label>
      </PopoverContent>
    </Popover>
  );
}
