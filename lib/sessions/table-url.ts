// The sessions list's query from its URL (search, filters, sort, page), shared by the list, by "Queue these"
// (components/queues/NewQueueForm.tsx builds a queue from the same filter) and by the scores CSV download of the list's
// filter (app/(dashboard)/sessions/export/route.ts). Pure: anything malformed in the URL is dropped.
import type { SessionTableQuery } from "@/lib/contracts/dashboard";
import { HEALTH_BELOW, SESSION_SORTS, SESSION_STATUSES } from "@/lib/contracts/zod-free";

export const PAGE_SIZE = 25;

export function queryFrom(params: URLSearchParams): SessionTableQuery {
  const status = params.get("status");
  const sort = params.get("sort");
  const flagged = params.get("flagged");
  const scored = params.get("scored");
  const scoredBy = params.get("scoredBy");
  const scoreConfigId = params.get("scoreConfig");
  const from = params.get("from");
  const to = params.get("to");
  const loops = params.get("loops");
  const healthBelow = Number(params.get("healthBelow"));
  const minCost = Number(params.get("minCost") ?? NaN);
  const minTokens = Number(params.get("minTokens") ?? NaN);
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
    ...(scoredBy === "person" || scoredBy === "judge" ? { scoredBy } : {}),
    ...(loops === "yes" ? { loops: true } : loops === "no" ? { loops: false } : {}),
    ...(Number.isInteger(healthBelow) && healthBelow >= HEALTH_BELOW.min && healthBelow <= HEALTH_BELOW.max
      ? { healthBelow }
      : {}),
    ...(Number.isFinite(minCost) && minCost >= 0 && minCost <= 1e9 ? { minCostUsd: minCost } : {}),
    ...(Number.isInteger(minTokens) && minTokens >= 0 && minTokens <= 1e12 ? { minTokens } : {}),
    ...(from && valid(from) ? { from: new Date(from).toISOString() } : {}),
    ...(to && valid(to) ? { to: new Date(`${to}T23:59:59.999Z`).toISOString() } : {}),
    sort:
      sort && (SESSION_SORTS as readonly string[]).includes(sort) ? (sort as SessionTableQuery["sort"]) : "activity",
    order: params.get("order") === "asc" ? "asc" : "desc",
    page: Math.max(1, Number(params.get("page") ?? 1) || 1),
    pageSize: PAGE_SIZE,
  };
}
