"use client";
// The sessions list's state in the URL: its query (search, filters, sort, page) and how to change it. Changes replace
// the history entry without a server round trip: the list fetches over tRPC, and Next keeps useSearchParams in step
// with replaceState.
import { usePathname, useSearchParams } from "next/navigation";
import { useMemo } from "react";
import type { SessionTableQuery } from "@/lib/contracts/dashboard";
import { queryFrom } from "@/lib/sessions/table-url";

/** A change to the URL's parameters: null or "" removes one. Any change but the page's goes back to page 1. */
export type UrlPatch = Record<string, string | null>;

export function useSessionsUrl(): {
  params: URLSearchParams;
  query: SessionTableQuery;
  set: (patch: UrlPatch) => void;
} {
  const pathname = usePathname();
  const current = useSearchParams();
  const params = useMemo(() => new URLSearchParams(current.toString()), [current]);
  const query = useMemo(() => queryFrom(params), [params]);
  const set = (patch: UrlPatch) => {
    const next = new URLSearchParams(params.toString());
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === "") next.delete(k);
      else next.set(k, v);
    }
    if (!("page" in patch)) next.delete("page");
    window.history.replaceState(null, "", `${pathname}?${next.toString()}`);
  };
  return { params, query, set };
}

/** Whether the query narrows the list (anything but sort and page). */
export function isFiltered(query: SessionTableQuery): boolean {
  return Boolean(
    query.q ||
    query.status ||
    query.agent ||
    query.tag ||
    query.flagged !== undefined ||
    query.scored !== undefined ||
    query.loops !== undefined ||
    query.healthBelow !== undefined ||
    query.minCostUsd !== undefined ||
    query.minTokens !== undefined ||
    query.from ||
    query.to,
  );
}
