// BEGIN … COMMIT on one connection of a pg pool: the write path's transactions (commit.ts) and the search indexer's
// passes (search-indexer.ts).
import type pg from "pg";

/**
 * Runs `fn` between BEGIN and COMMIT on one connection of `pool`; ROLLBACK on any error. A connection whose ROLLBACK
 * failed too (the server went away mid-transaction) is destroyed instead of returned to the pool.
 */
export async function inPgTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("BEGIN");
    const result = await fn(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch((rollbackError: unknown) => {
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    });
    throw error;
  } finally {
    client.release(broken);
  }
}
