"use client";
// The sessions list: search, filters, sort and server-side pagination, all kept in the URL (use-sessions-url.ts);
// refreshed live when any session of the project changes (use-live-sessions.ts); rows selected with their boxes
// (use-row-selection.ts) for the actions beside the title (SessionActions.tsx). An empty project shows the first-run
// page (components/onboarding/ConnectAgent.tsx) instead, and the first thought to arrive opens its session.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ConnectAgent } from "@/components/onboarding/ConnectAgent";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { LiveBadge } from "@/components/ui/LiveBadge";
import { PageHeader } from "@/components/ui/Page";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { Table, TableBody, TableCell, TableRow } from "@/components/ui/Table";
import { countOf } from "@/lib/words/count-of";
import { SessionActions } from "./SessionActions";
import { SessionFilters } from "./SessionFilters";
import { SessionRow } from "./SessionRow";
import { SessionsHead } from "./SessionsHead";
import { SessionsPager } from "./SessionsPager";
import { filterOf } from "./session-links";
import { useLiveSessions } from "./use-live-sessions";
import { useRowSelection } from "./use-row-selection";
import { isFiltered, useSessionsUrl } from "./use-sessions-url";

export function SessionsTable() {
  const trpc = useTRPC();
  const { params, query, set } = useSessionsUrl();
  const table = useQuery(trpc.sessions.table.queryOptions(query, { placeholderData: keepPreviousData }));
  const configs = useQuery(trpc.scores.configs.queryOptions());
  const data = table.data;
  const showUsage =
    Object.keys(data?.usage ?? {}).length > 0 ||
    query.sort === "tokens" ||
    query.sort === "cost" ||
    query.minCostUsd !== undefined ||
    query.minTokens !== undefined;
  const emptyProject = data !== undefined && data.total === 0 && !isFiltered(query);
  const live = useLiveSessions(emptyProject);
  const pageIds = (data?.sessions ?? []).map((s) => s.id);
  const selection = useRowSelection(filterOf(params).toString(), pageIds);

  if (emptyProject) return <ConnectAgent />;

  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <>
      <PageHeader
        title="Sessions"
        description="Every recorded agent run in this project, newest activity first."
        actions={
          data && data.total > 0 ? <SessionActions params={params} selection={selection} total={data.total} /> : null
        }
      />
      <SessionFilters
        query={query}
        params={params}
        set={set}
        agents={data?.agents ?? []}
        numericConfigs={(configs.data ?? []).filter((c) => c.type === "numeric")}
        status={
          <>
            {data ? <span>{countOf(data.total, "session")}</span> : null}
            <LiveBadge status={live.status} />
          </>
        }
      />
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
            <SessionsHead
              query={query}
              set={set}
              page={selection.page}
              onSelectPage={selection.clickPage}
              showUsage={showUsage}
            />
            <TableBody>
              {data.sessions.length === 0 ? (
                <TableRow className="hover:bg-transparent">
                  <TableCell colSpan={showUsage ? 13 : 11} className="py-10 text-center text-muted-foreground">
                    No sessions match these filters.
                  </TableCell>
                </TableRow>
              ) : null}
              {data.sessions.map((s) => (
                <SessionRow
                  key={s.id}
                  session={s}
                  scores={data.scores[s.id] ?? []}
                  health={data.health[s.id]}
                  usage={data.usage[s.id]}
                  connector={data.connectors[s.id]}
                  showUsage={showUsage}
                  scoreConfigChosen={Boolean(query.scoreConfigId)}
                  selected={selection.isSelected(s.id)}
                  onSelect={(range) => selection.click(s.id, range)}
                />
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <SessionsPager page={query.page} pages={pages} go={(page) => set({ page: String(page) })} />
    </>
  );
}
