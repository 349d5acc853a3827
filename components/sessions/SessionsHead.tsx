"use client";
// The sessions table's header row: the columns, the sortable ones as buttons that set the sort in the URL (a second
// press on the active column flips its order).
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { SessionTableQuery } from "@/lib/contracts/dashboard";
import { Checkbox } from "@/components/ui/Checkbox";
import { cn } from "@/components/ui/cn";
import { TableHead, TableHeader, TableRow } from "@/components/ui/Table";
import { AGENT_WIDTH, ROOMY_ONLY, SCORES_WIDTH, USAGE_ONLY, WIDE_ONLY } from "./table-columns";
import type { UrlPatch } from "./use-sessions-url";

type Sort = SessionTableQuery["sort"];

export function SessionsHead({
  query,
  set,
  page,
  onSelectPage,
  showUsage,
}: {
  query: SessionTableQuery;
  set: (patch: UrlPatch) => void;
  /** How much of the page is selected. */
  page: "all" | "some" | "none";
  onSelectPage: () => void;
  /** Tokens and cost columns (./table-columns.ts USAGE_ONLY). */
  showUsage: boolean;
}) {
  const sortHead = (sort: Sort, label: string, title?: string, className?: string) => (
    <SortHead query={query} sort={sort} label={label} title={title} set={set} className={className} />
  );
  return (
    <TableHeader>
      <TableRow className="hover:bg-transparent">
        <TableHead className="w-10 px-3">
          <Checkbox
            aria-label="Select every session on this page"
            checked={page === "all"}
            ref={(box) => {
              if (box) box.indeterminate = page === "some";
            }}
            onChange={onSelectPage}
          />
        </TableHead>
        {/* The title keeps room for words at 768 px (it shrank to one letter); lesser columns go first. The agent
            column is fixed: names like "e2e-list-agent" wrapped onto three lines at 1024 px and took the title's
            room; they truncate, with the full name on hover. Below 1024 px both are narrower (at 768 px 7rem and 40%
            pushed Last activity 7 px out of the window). */}
        <TableHead className="w-[32%] min-w-44">Title</TableHead>
        <TableHead className={AGENT_WIDTH}>Agent</TableHead>
        <TableHead>Status</TableHead>
        {sortHead("thoughts", "Thoughts")}
        {/* Below 1536 px branches and revisions give way to the title and the scores (the health tooltip has both). */}
        <TableHead className={cn("text-right", ROOMY_ONLY)}>Branches</TableHead>
        <TableHead className={cn("text-right", ROOMY_ONLY)}>Revisions</TableHead>
        {sortHead("flags", "Flags")}
        {query.scoreConfigId ? (
          sortHead("score", "Scores", "Sort by the chosen config's mean")
        ) : (
          <TableHead className={cn(SCORES_WIDTH, WIDE_ONLY)} aria-sort={query.sort === "score" ? "descending" : "none"}>
            Scores
          </TableHead>
        )}
        {sortHead("health", "Health", "Reasoning health, 0–100: loops, stalls and abandoned branches cost points")}
        {showUsage ? sortHead("tokens", "Tokens", "Tokens in and out of the session's model calls", USAGE_ONLY) : null}
        {showUsage ? sortHead("cost", "Cost", "US dollars of the session's model calls", USAGE_ONLY) : null}
        {sortHead("activity", "Last activity")}
      </TableRow>
    </TableHeader>
  );
}

function SortHead({
  query,
  sort,
  label,
  title,
  set,
  className,
}: {
  query: SessionTableQuery;
  sort: Sort;
  label: string;
  title?: string | undefined;
  set: (patch: UrlPatch) => void;
  className?: string | undefined;
}) {
  const active = query.sort === sort;
  const Icon = !active ? ArrowUpDown : query.order === "desc" ? ArrowDown : ArrowUp;
  return (
    <TableHead
      aria-sort={active ? (query.order === "desc" ? "descending" : "ascending") : "none"}
      className={cn(sort !== "activity" && "text-right", className)}
    >
      <button
        type="button"
        title={title}
        onClick={() => set({ sort, order: active && query.order === "desc" ? "asc" : "desc" })}
        className={cn(
          "-mx-1 inline-flex cursor-pointer items-center gap-1 rounded-sm px-1 outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50",
          active && "text-foreground",
        )}
      >
        {label}
        <Icon className={cn("size-3.5", !active && "opacity-50")} aria-hidden />
      </button>
    </TableHead>
  );
}
