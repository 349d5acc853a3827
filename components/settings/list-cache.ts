// A settings list whose new rows come with a secret shown only once (API keys, invitation links). After a create, the
// list shows the new row from the mutation's own answer at once, then refetches to agree with the server: the row
// never waits on a second round trip, and a failed refetch shows its error, not an old list.
import { useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { useState } from "react";

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

/**
 * The secret on show (null once dismissed), `created` for a create's answer (shows its secret and its row), and
 * `refresh` for other changes (a revoke): the one shape of the keys and invitations sections.
 */
export function useSecretList<Row extends { id: string }>(key: QueryKey) {
  const queryClient = useQueryClient();
  const [secret, setSecret] = useState<string | null>(null);
  return {
    secret,
    dismiss: () => setSecret(null),
    created: async (shown: string, row: Row) => {
      setSecret(shown);
      await showCreated(queryClient, key, row);
    },
    refresh: () => queryClient.invalidateQueries({ queryKey: key }),
  };
}
