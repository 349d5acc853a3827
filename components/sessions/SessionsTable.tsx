"use client";
// The sessions list: search, filters, sort and server-side pagination, all kept in the URL; refreshed live when any
// session of the project changes.
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useMemo, useRef } from "react";
import { SESSION_SORTS, type SessionTableQuery } from "@/lib/contracts/dashboard";
import { SESSION_STATUSES } from "@/lib/contracts/session";
import { summaryText } from "@/components/scoring/score-format";
import { LIVE_WORDS } from "@/components/ui/live-words";
import { useTRPC } from "@/components/trpc/TrpcProvider";

const PAGE_SIZE = 25;
/** Live refreshes are coalesced: at most one refetch per this many milliseconds while agents write. */
const REFRESH_MS = 1_000;

export function queryFrom(params: URLSearchParams): SessionTableQuery {
  const status = params.get("status");
  const sort = params.get("sort");
  const flagged = params.get("flagged");
  const scored = params.get("scored");
  const scoreConfigId = params.get("scoreConfig");
  const from = params.get("from");
  const to = params.get("to");
  const valid = (d: string) => !Number.isNaN(new Date(d).getTime());
  return {
    ...(params.get("q") ? { q: params.get("q")! } : {}),
    ...(status && (SESSION_STATUSES as readonly string[]).includes(status)
      ? { status: status as SessionTableQuery["status"] }
      : {}),
    ...(params.get("agent") ? { agent: params.get("agent")! } : {}),
    ...(params.get("tag") ? { tag: params.get("tag")!.slice(0, 100) } : {}),
    ...(flagged === "yes" ? { flagged: true } : flagged === "no" ? { flagged: false } : {}),
    ...(scored === "yes" ? { scored: true } : scored === "no" ? { scored: false } : {}),
    ...(scoreConfigId ? { scoreConfigId: scoreConfigId.slice(0, 200) } : {}),
    ...(from && valid(from) ? { from: new Date(from).toISOString() } : {}),
    ...(to && valid(to) ? { to: new Date(`${to}T23:59:59.999Z`).toISOString() } : {}),
    sort:
      sort && (SESSION_SORTS as readonly string[]).includes(sort) ? (sort as SessionTableQuery["sort"]) : "activity",
    order: params.get("order") === "asc" ? "asc" : "desc",
    page: Math.max(1, Number(params.get("page") ?? 1) || 1),
    pageSize: PAGE_SIZE,
  };
}

export function SessionsTable() {
  const trpc = useTRPC();
  const pathname = usePathname();
  const params = useSearchParams();
  const query = useMemo(() => queryFrom(new URLSearchParams(params.toString())), [params]);
  const table = useQuery(trpc.sessions.table.queryOptions(query, { placeholderData: keepPreviousData }));
  const configs = useQuery(trpc.scores.configs.queryOptions());
  const numericConfigs = (configs.data ?? []).filter((c) => c.type === "numeric");
  const queryClient = useQueryClient();
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const live = useSubscription(
    trpc.sessions.onActivity.subscriptionOptions(undefined, {
      onData: () => {
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
  const sortBy = (sort: SessionTableQuery["sort"]) =>
    set({ sort, order: query.sort === sort && query.order === "desc" ? "asc" : "desc" });
  const sortMark = (sort: SessionTableQuery["sort"]) =>
    query.sort === sort ? (query.order === "desc" ? " ↓" : " ↑") : "";
  const ariaSort = (sort: SessionTableQuery["sort"]) =>
    query.sort === sort ? (query.order === "desc" ? "descending" : "ascending") : "none";

  const data = table.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filtered = Boolean(
    query.q ||
    query.status ||
    query.agent ||
    query.tag ||
    query.flagged !== undefined ||
    query.scored !== undefined ||
    query.from,
  );
  return (
    <>
      <form className="tg-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <input
          type="search"
          aria-label="Search sessions and thought text"
          placeholder="Search titles and thoughts…"
          defaultValue={query.q ?? ""}
          onChange={(e) => set({ q: e.target.value })}
        />
        <select aria-label="Status" value={query.status ?? ""} onChange={(e) => set({ status: e.target.value })}>
          <option value="">Any status</option>
          {SESSION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <select aria-label="Agent" value={query.agent ?? ""} onChange={(e) => set({ agent: e.target.value })}>
          <option value="">Any agent</option>
          {(data?.agents ?? []).map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
        <input
          type="text"
          aria-label="Tag"
          placeholder="Tag"
          size={10}
          defaultValue={query.tag ?? ""}
          onChange={(e) => set({ tag: e.target.value.trim() })}
        />
        <select
          aria-label="Flags"
          value={query.flagged === undefined ? "" : query.flagged ? "yes" : "no"}
          onChange={(e) => set({ flagged: e.target.value })}
        >
          <option value="">Flagged or not</option>
          <option value="yes">With flags</option>
          <option value="no">Without flags</option>
        </select>
        <select
          aria-label="Scored"
          value={query.scored === undefined ? "" : query.scored ? "yes" : "no"}
          onChange={(e) => set({ scored: e.target.value })}
        >
          <option value="">Scored or not</option>
          <option value="yes">Scored</option>
          <option value="no">Not scored</option>
        </select>
        <select
          aria-label="Score config to sort by"
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
        </select>
        <label>
          From{" "}
          <input
            type="date"
            aria-label="Active from"
            value={params.get("from") ?? ""}
            onChange={(e) => set({ from: e.target.value })}
          />
        </label>
        <label>
          To{" "}
          <input
            type="date"
            aria-label="Active until"
            value={params.get("to") ?? ""}
            onChange={(e) => set({ to: e.target.value })}
          />
        </label>
        <span className="muted" aria-live="polite">
          {data ? `${data.total} sessions` : ""} · live: {LIVE_WORDS[live.status]}
        </span>
        {data && data.total > 0 ? <QueueTheseLink params={params} /> : null}
      </form>
      {table.isError ? <p role="alert">Could not load sessions: {table.error.message}</p> : null}
      {data && data.total === 0 ? (
        <p className="muted">
          {filtered
            ? "No sessions match these filters."
            : "No sessions yet. Point an agent at POST /api/v1/thoughts or the MCP endpoint (see the README) and its thoughts appear here."}
        </p>
      ) : (
        <table aria-label="Sessions" aria-busy={table.isFetching}>
          <thead>
            <tr>
              <th>Title</th>
              <th>Agent</th>
              <th>Status</th>
              <th aria-sort={ariaSort("thoughts")}>
                <button type="button" onClick={() => sortBy("thoughts")}>
                  Thoughts{sortMark("thoughts")}
                </button>
              </th>
              <th>Branches</th>
              <th>Revisions</th>
              <th aria-sort={ariaSort("flags")}>
                <button type="button" onClick={() => sortBy("flags")}>
                  Flags{sortMark("flags")}
                </button>
              </th>
              <th aria-sort={ariaSort("score")}>
                {query.scoreConfigId ? (
                  <button type="button" onClick={() => sortBy("score")} title="Sort by the chosen config's mean">
                    Scores{sortMark("score")}
                  </button>
                ) : (
                  "Scores"
                )}
              </th>
              <th aria-sort={ariaSort("activity")}>
                <button type="button" onClick={() => sortBy("activity")}>
                  Last activity{sortMark("activity")}
                </button>
              </th>
            </tr>
          </thead>
          <tbody>
            {(data?.sessions ?? []).map((s) => (
              <tr key={s.id} data-testid="session-row">
                <td>
                  <Link href={`/sessions/${s.id}`}>{s.title ?? "Untitled"}</Link>
                  {s.key ? <div className="muted tg-small">{s.key}</div> : null}
                </td>
                <td>{s.agent ?? "—"}</td>
                <td>
                  <span className={`tg-status tg-status-${s.status}`}>{s.status}</span>
                </td>
                <td data-testid="row-thoughts">{s.thoughtCount}</td>
                <td>{s.branchCount}</td>
                <td>{s.revisionCount}</td>
                <td>{s.flagCount > 0 ? <span className="tg-chip tg-chip-flag">⚠ {s.flagCount}</span> : 0}</td>
                <td data-testid="row-scores" className="tg-small">
                  {(data?.scores[s.id] ?? []).map(summaryText).join(" · ") || <span className="muted">—</span>}
                </td>
                <td>
                  <time dateTime={s.lastActivityAt}>{s.lastActivityAt.replace("T", " ").slice(0, 19)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav className="tg-pager" aria-label="Pages">
        <button type="button" disabled={query.page <= 1} onClick={() => set({ page: String(query.page - 1) })}>
          ← Previous
        </button>
        <span>
          Page {query.page} of {pages}
        </span>
        <button type="button" disabled={query.page >= pages} onClick={() => set({ page: String(query.page + 1) })}>
          Next →
        </button>
      </nav>
    </>
  );
}

/** Opens the new-queue form with this list's filters (not its sort or page): the queue takes every match. */
function QueueTheseLink({ params }: { params: URLSearchParams }) {
  const filter = new URLSearchParams(params.toString());
  for (const k of ["sort", "order", "page"]) filter.delete(k);
  return <Link href={`/queues?new=1&${filter.toString()}`}>Queue these</Link>;
}
