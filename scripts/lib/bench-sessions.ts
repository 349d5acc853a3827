// What the in-process benchmarks (bench:search, bench:health) share: a migrated database with its default project,
// and sessions written through the production batch writer (ingestEvents, 1,000 events per call), so the rows and
// their indexes are what the write path makes. Imported after DATABASE_URL is set (server modules read it on load).

/** Migrates the database at `url`, makes it the process's (DATABASE_URL) and answers its client and default project. */
export async function openBenchProject(url: string) {
  process.env.DATABASE_URL = url;
  (await import("@/server/config")).reloadConfig();
  const { applyMigrations } = await import("@/server/db/migrations");
  await applyMigrations(url);
  const { closeDb, getDb } = await import("@/server/db/client");
  const { ensureDefaultProject } = await import("@/server/db/default-project");
  const db = getDb();
  const projectId = (await ensureDefaultProject(db)).id;
  return {
    db,
    projectId,
    close: async () => {
      await (await import("@/server/events/pg-relay")).stopPgRelay();
      await closeDb();
    },
  };
}

/** Writes `total` thoughts as ingest events; `body(n)` is the n-th event's thought. */
export async function writeThoughts(projectId: string, total: number, body: (n: number) => Record<string, unknown>) {
  const { ingestEvents } = await import("@/server/ingest/record-thoughts");
  for (let start = 0; start < total; start += 1_000) {
    const events = Array.from({ length: Math.min(1_000, total - start) }, (_, i) => ({
      id: `bench-${start + i}`,
      type: "thought",
      body: body(start + i),
    }));
    const results = await ingestEvents({ projectId, apiKeyId: null }, { events });
    const failed = results.find((r) => r.status >= 300);
    if (failed) throw new Error(`ingest failed: ${JSON.stringify(failed)}`);
  }
}

/** Runs a benchmark's main: exit 0 when it ends, 1 with the error printed when it fails. */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
