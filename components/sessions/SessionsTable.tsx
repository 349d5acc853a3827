"use client";
// The sessions list: search, filters, sort and server-side pagination, all kept in the URL; refreshed live when any
// session of the project changes. An empty project shows the first-run page (components/onboarding/ConnectAgent.tsx)
// instead, and the first thought to arrive opens its session.
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  ChevronLeft,
  ChevronRight,
  ListPlus,
  Search,
  SlidersHorizontal,
  TriangleAlert,
} from "lucide-react";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useMemo, useRef, type ReactNode } from "react";
import type { SessionTableQuery } from "@/lib/contracts/dashboard";
import type { ScoreSummary } from "@/lib/contracts/scores";
import { SESSION_STATUSES } from "@/lib/contracts/zod-free";
import { summaryText, summaryValueText } from "@/components/scoring/score-format";
import { ConnectAgent } from "@/components/onboarding/ConnectAgent";
import { HealthCell, HealthFilters } from "@/components/reasoning/HealthCell";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { cn } from "@/components/ui/cn";
import { Input } from "@/components/ui/Input";
import { LiveBadge } from "@/components/ui/LiveBadge";
import { PageHeader } from "@/components/ui/Page";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/Popover";
import { RelativeTime } from "@/components/ui/RelativeTime";
import { NativeSelect, YesNoSelect } from "@/components/ui/Select";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/Table";
import { countOf, formatCount } from "@/lib/words/count-of";
import { queryFrom } from "./session-query";

/** Live refreshes are coalesced: at most one refetch per this many milliseconds while agents write. */
const REFRESH_MS = 1_000;

export function SessionsTable() {
  const trpc = useTRPC();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const query = useMemo(() => queryFrom(new URLSearchParams(params.toString())), [params]);
  const table = useQuery(trpc.sessions.table.queryOptions(query, { placeholderData: keepPreviousData }));
  const configs = useQuery(trpc.scores.configs.queryOptions());
  const numericConfigs = (configs.data ?? []).filter((c) => c.type === "numeric");
  const queryClient = useQueryClient();
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const filtered = Boolean(
    query.q ||
    query.status ||
    query.agent ||
    query.tag ||
    query.flagged !== undefined ||
    query.scored !== undefined ||
    query.loops !== undefined ||
    query.healthBelow !== undefined ||
    query.from ||
    query.to,
  );
  const data = table.data;
  const emptyProject = data !== undefined && data.total === 0 && !filtered;
  // Read inside the subscription's callback, which is created once.
  const emptyRef = useRef(emptyProject);
  emptyRef.current = emptyProject;
  const live = useSubscription(
    trpc.sessions.onActivity.subscriptionOptions(undefined, {
      onData: (events) => {
        const first = events[0];
        if (emptyRef.current && first) {
          // The first-run page was waiting for this: open the session the first thought started.
          router.push(`/sessions/${first.sessionId}`);
          return;
        }
        pending.current ??= setTimeout(() => {
          pending.current = null;
          void queryClient.invalidateQueries({ queryKey: trpc.sessions.table.queryKey() });
        }, REFRESH_MS);
      },
    }),
  );

  const set = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params.toString());
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === "") next.delete(k);
      else next.set(k, v);
    }
    if (!("page" in patch)) next.delete("page");
    // No server round trip: the list fetches over tRPC, and Next keeps useSearchParams in step with replaceState.
    window.history.replaceState(null, "", `${pathname}?${next.toString()}`);
  };
  // The search box is in the page's HTML: text typed into it before the page hydrated fired no onChange. Applied
  // once hydrated (it was silently ignored, issue 12).
  const searchBox = useRef<HTMLInputElement>(null);
  const applyTyped = useRef(() => {
    const typed = searchBox.current?.value;
    if (typed !== undefined && typed !== (query.q ?? "")) set({ q: typed });
  });
  useEffect(() => applyTyped.current(), []);
  const sortBy = (sort: SessionTableQuery["sort"]) =>
    set({ sort, order: query.sort === sort && query.order === "desc" ? "asc" : "desc" });
  const sortHead = (sort: SessionTableQuery["sort"], label: string, title?: string) => {
    const active = query.sort === sort;
    const Icon = !active ? ArrowUpDown : query.order === "desc" ? ArrowDown : ArrowUp;
    return (
      <TableHead
        aria-sort={active ? (query.order === "desc" ? "descending" : "ascending") : "none"}
        className={cn(sort !== "activity" && "text-right")}
      >
        <button
          type="button"
          title={title}
          onClick={() => sortBy(sort)}
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
  };

  if (emptyProject) return <ConnectAgent />;

  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <>
      <PageHeader
        title="Sessions"
        description="Every recorded agent run in this project, newest activity first."
        actions={data && data.total > 0 ? <QueueTheseLink params={params} /> : null}
      />
      <form
        className="flex flex-col gap-2"
        role="search"
        aria-label="Filter sessions"
        onSubmit={(e) => e.preventDefault()}
      >
        {/* Two rows at every width from 1024 px: the filters people reach for (text, status, agent, health) beside the
            search; below, the score sort and the rarer filters (flags, scored, tag, dates) behind "More filters". All
            in one wrapping row, "Any health" sat alone on a line at 1024 px (and "More filters" did, in row one). */}
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
          <NativeSelect
            aria-label="Status"
            value={query.status ?? ""}
            onChange={(e) => set({ status: e.target.value })}
          >
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
            {(data?.agents ?? []).map((a) => (
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
          <MoreFilters query={query} from={params.get("from") ?? ""} to={params.get("to") ?? ""} set={set} />
          <span className="flex-1" />
          <span className="flex items-center gap-3 text-sm text-muted-foreground" aria-live="polite">
            {data ? <span>{countOf(data.total, "session")}</span> : null}
            <LiveBadge status={live.status} />
          </span>
        </div>
      </form>
      {table.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load sessions: {table.error.message}
        </p>
      ) : null}
      {!data ? (
        <SkeletonRows rows={8} label="Loading sessions" />
      ) : (
        <div className="overflow-hidden rounded-lg border">
          <Table aria-label="Sessions" aria-busy={table.isFetching}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                {/* The title keeps room for words at 768 px (it shrank to one letter); lesser columns go first. The agent
                    column is fixed: names like "e2e-list-agent" wrapped onto three lines at 1024 px and took the
                    title's room; they truncate, with the full name on hover. Below 1024 px both are narrower (at
                    768 px 7rem and 40% pushed Last activity 7 px out of the window). */}
                <TableHead className="w-[32%] min-w-44 lg:w-[40%]">Title</TableHead>
                <TableHead className={AGENT_WIDTH}>Agent</TableHead>
                <TableHead>Status</TableHead>
                {sortHead("thoughts", "Thoughts")}
                {/* Below 1280 px branches and revisions give way to the title and the health column (its tooltip has both). */}
                <TableHead className={cn("text-right", ROOMY_ONLY)}>Branches</TableHead>
                <TableHead className={cn("text-right", ROOMY_ONLY)}>Revisions</TableHead>
                {sortHead("flags", "Flags")}
                {query.scoreConfigId ? (
                  sortHead("score", "Scores", "Sort by the chosen config's mean")
                ) : (
                  <TableHead
                    className={cn(SCORES_WIDTH, WIDE_ONLY)}
                    aria-sort={query.sort === "score" ? "descending" : "none"}
                  >
                    Scores
                  </TableHead>
                )}
                {sortHead(
                  "health",
                  "Health",
                  "Reasoning health, 0–100: loops, stalls and abandoned branches cost points",
                )}
                {sortHead("activity", "Last activity")}
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.sessions.length === 0 ? (
                <TableRow className="hover:bg-transparent">
                  <TableCell colSpan={10} className="py-10 text-center text-muted-foreground">
                    No sessions match these filters.
                  </TableCell>
                </TableRow>
              ) : null}
              {data.sessions.map((s) => (
                <TableRow key={s.id} data-testid="session-row">
                  <TableCell className="max-w-0">
                    <Link
                      href={`/sessions/${s.id}`}
                      className="block truncate font-medium text-foreground outline-none hover:text-primary hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                      title={s.title ?? "Untitled"}
                    >
                      {s.title ?? "Untitled"}
                    </Link>
                    {s.key ? <div className="truncate font-mono text-xs text-muted-foreground">{s.key}</div> : null}
                  </TableCell>
                  <TableCell className={cn(AGENT_WIDTH, "text-muted-foreground")}>
                    <span className="block truncate" title={s.agent ?? undefined}>
                      {s.agent ?? "—"}
                    </span>
                  </TableCell>
                  <TableCell>
                    <StatusBadge status={s.status} />
                  </TableCell>
                  <Num data-testid="row-thoughts">{formatCount(s.thoughtCount)}</Num>
                  <Num className={ROOMY_ONLY}>{formatCount(s.branchCount)}</Num>
                  <Num className={ROOMY_ONLY}>{formatCount(s.revisionCount)}</Num>
                  <Num>
                    {s.flagCount > 0 ? (
                      <Badge variant="warning" title={countOf(s.flagCount, "flag")}>
                        <TriangleAlert aria-hidden />
                        {formatCount(s.flagCount)}
                      </Badge>
                    ) : (
                      <span className="text-muted-foreground">0</span>
                    )}
                  </Num>
                  {/* Below 1024 px the scores show only when a config is chosen (it is then the sort asked for). */}
                  <TableCell data-testid="row-scores" className={cn(SCORES_WIDTH, !query.scoreConfigId && WIDE_ONLY)}>
                    <ScoreChips summaries={data.scores[s.id] ?? []} />
                  </TableCell>
                  <TableCell className="text-right">
                    <HealthCell health={data.health[s.id]} />
                  </TableCell>
                  <TableCell className="text-muted-foreground">
                    <RelativeTime at={s.lastActivityAt} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <nav className="flex items-center justify-end gap-2 text-sm text-muted-foreground" aria-label="Pages">
        <span className="mr-2">
          Page {query.page} of {pages}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={query.page <= 1}
          onClick={() => set({ page: String(query.page - 1) })}
        >
          <ChevronLeft aria-hidden />
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={query.page >= pages}
          onClick={() => set({ page: String(query.page + 1) })}
        >
          Next
          <ChevronRight aria-hidden />
        </Button>
      </nav>
    </>
  );
}

/** Columns shown from 1024 px up: below it the title needs their room. */
const WIDE_ONLY = "max-lg:hidden";
/** Branches and revisions from 1280 px up: with the health column, at 1024 px they left the title ~160 px. */
const ROOMY_ONLY = "max-xl:hidden";
/** The agent column: names truncate to this width (the full name is the cell's title). */
const AGENT_WIDTH = "w-16 max-w-16 lg:w-28 lg:max-w-28";
/**
 * The scores column: one line of chips. "effort-… 7 (1) · percent-… 100 (1)" as text wrapped onto four lines at 1440.
 * Narrower below 1280 px, where 176 px of it left the title ~200 px.
 */
const SCORES_WIDTH = "w-32 max-w-32 xl:w-44 xl:max-w-44";
/** Chips drawn in the cell; the rest count as "+n" (every summary is in the cell's title). */
const SHOWN_CHIPS = 2;

/** One chip per config: its name truncated, its mean (count) or count× whole; the full list on hover. */
function ScoreChips({ summaries }: { summaries: ScoreSummary[] }) {
  if (summaries.length === 0) return <span className="text-muted-foreground">—</span>;
  const rest = summaries.length - SHOWN_CHIPS;
  return (
    <div className="flex min-w-0 items-center gap-1" title={summaries.map(summaryText).join("\n")}>
      {summaries.slice(0, SHOWN_CHIPS).map((s) => (
        <Badge key={s.configId} variant="secondary" className="min-w-0 shrink font-normal" data-testid="score-summary">
          <span className="min-w-0 truncate">{s.name}</span>{" "}
          <span className="font-medium tabular-nums">{summaryValueText(s)}</span>
        </Badge>
      ))}
      {rest > 0 ? (
        <Badge variant="outline" className="font-normal text-muted-foreground">
          +{rest}
        </Badge>
      ) : null}
    </div>
  );
}

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

/** The filters used less often, in a popover; its button counts the ones that are set. */
function MoreFilters({
  query,
  from,
  to,
  set,
}: {
  query: SessionTableQuery;
  from: string;
  to: string;
  set: (patch: Record<string, string | null>) => void;
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

function Num({ children, className, ...props }: { children: ReactNode; className?: string; "data-testid"?: string }) {
  return (
    <TableCell className={cn("text-right tabular-nums", className)} {...props}>
      {children}
    </TableCell>
  );
}

function StatusBadge({ status }: { status: string }) {
  const variant = status === "active" ? "success" : status === "cleared" ? "outline" : "secondary";
  return (
    <Badge variant={variant}>
      {status === "active" ? <span className="size-1.5 rounded-full bg-current" aria-hidden /> : null}
      {status}
    </Badge>
  );
}

/** Opens the new-queue form with this list's filters (not its sort or page): the queue takes every match. */
function QueueTheseLink({ params }: { params: URLSearchParams }) {
  const filter = new URLSearchParams(params.toString());
  for (const k of ["sort", "order", "page"]) filter.delete(k);
  return (
    <Button asChild variant="outline">
      <Link href={`/queues?new=1&${filter.toString()}`}>
        <ListPlus aria-hidden />
        Queue these
      </Link>
    </Button>
  );
}
