// After a create, the settings lists show the new row from the mutation's own answer at once, then refetch to agree
// with the server. The row never waits on a second round trip, and a failed refetch shows its error, not an old list.
import type { QueryClient, QueryKey } from "@tanstack/react-query";

/** Puts `created` (without the one-time secret fields) first in the cached list under `key`, then refetches it. */
export async function showCreated<Row extends { id: string }>(
  queryClient: QueryClient,
  key: QueryKey,
  created: Row,
): Promise<void> {
  queryClient.setQueryData<Row[]>(key, (rows) =>
    rows ? [created, ...rows.filter((r) => r.id !== created.id)] : [created],
  );
  await queryClient.invalidateQueries({ queryKey: key });
}
