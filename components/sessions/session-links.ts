// Where the sessions list's actions lead, for a selection of rows or for the list's filter: the new-queue form
// (components/queues/NewQueueForm.tsx reads ?sessions= or the filter) and the scores CSV download
// (/sessions/export?format=csv with ids= or the same filter parameters).

/** The URL's parameters that are the list's filter, not its view (sort, order, page). */
export function filterOf(params: URLSearchParams): URLSearchParams {
  const filter = new URLSearchParams(params.toString());
  for (const k of ["sort", "order", "page"]) filter.delete(k);
  return filter;
}

export type ActionTarget = { ids: readonly string[] } | { params: URLSearchParams };

const queryOf = (target: ActionTarget, idsParam: string) =>
  "ids" in target ? `${idsParam}=${target.ids.map(encodeURIComponent).join(",")}` : filterOf(target.params).toString();

export function queueHref(target: ActionTarget): string {
  return `/queues?new=1&${queryOf(target, "sessions")}`;
}

export function exportHref(target: ActionTarget): string {
  return `/sessions/export?format=csv&${queryOf(target, "ids")}`;
}
