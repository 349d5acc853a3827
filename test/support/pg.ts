// The PostgreSQL cluster a test file should use. `npm test` starts one throwaway cluster for the whole run and passes
// its admin URL as TEST_PG_URL; a test file run on its own (`npx vitest run test/services/x.test.ts`) starts its own
// cluster instead and stops it after the file's afterAll hooks.
//
//   const url = await freshPgUrl("migrations");   // in beforeAll: a new, uniquely named database
import { randomBytes } from "node:crypto";

import { afterAll } from "vitest";

import { createDatabase, type PgCluster, startPgCluster } from "@/scripts/lib/pg-cluster";

let ownCluster: Promise<PgCluster> | undefined;

/** The admin URL (…/postgres) of the run's cluster: TEST_PG_URL, else a cluster started for this test file. */
export async function pgAdminUrl(): Promise<string> {
  const shared = process.env.TEST_PG_URL?.trim();
  if (shared) return shared;
  ownCluster ??= startPgCluster();
  return (await ownCluster).url;
}

/**
 * The data directory of the run's cluster, for tests that restart it (test/fleet): TEST_PG_DATA_DIR from `npm test`,
 * else this file's own cluster's.
 */
export async function pgDataDir(): Promise<string> {
  const shared = process.env.TEST_PG_DATA_DIR?.trim();
  if (process.env.TEST_PG_URL?.trim()) {
    if (!shared) throw new Error("TEST_PG_URL is set without TEST_PG_DATA_DIR: this test restarts the cluster");
    return shared;
  }
  ownCluster ??= startPgCluster();
  return (await ownCluster).dataDir;
}

/** A new database with a unique name (`<label>_<random>`) on the run's cluster; returns its URL. */
export async function freshPgUrl(label = "test"): Promise<string> {
  const safe =
    label
      .toLowerCase()
      .replace(/[^a-z0-9_]+/g, "_")
      .slice(0, 40) || "test";
  return createDatabase(
    await pgAdminUrl(),
    `${/^[a-z_]/.test(safe) ? "" : "t_"}${safe}_${randomBytes(4).toString("hex")}`,
  );
}

// Registered while the file is collected, so it runs after the file's own afterAll hooks (which close their clients).
afterAll(async () => {
  const cluster = ownCluster;
  ownCluster = undefined;
  if (cluster) await (await cluster.catch(() => undefined))?.stop();
});
