// The detectors' findings (server/services/reasoning/detect-on-write.ts) as raw multi-row inserts, the way the rest
// of the write path stores rows: prepared statements of up to ROWS_PER_INSERT rows on SQLite (run by the write thread
// when there is one, so the serving thread never takes SQLite's write lock), one INSERT … SELECT FROM unnest(…) on
// PostgreSQL. Prisma's createMany cost ~1 ms per row here (server/ingest/README.md); these ~3 µs (SQLite).
// `ON CONFLICT DO NOTHING` on the key (thoughtId, kind): a catch-up pass may assess a thought again, and a tool call with a
// thought id may have stored its finding first; either way the first stays. A thought deleted since it was assessed
// fails the insert on its foreign key; the rows are then inserted again with a check of each thought (WHERE EXISTS),
// so one deletion cannot fail, and so hold back, the findings of its neighbours. (Checking always cost the write
// thread ~25 % more per finding.) Free of Prisma: the write thread loads it.
import type BetterSqlite3 from "better-sqlite3";
import type pg from "pg";
import { ROWS_PER_INSERT } from "./write-store-sqlite";

/** Findings as columns (they cross to the write thread like a batch's requests): JSON already serialised. */
export interface FindingRows {
  projectId: string[];
  sessionId: string[];
  thoughtId: string[];
  kind: string[];
  result: string[];
  componentsUsed: string[];
  /** One timestamp for all, ISO 8601. */
  at: string;
}

const COLUMNS = `"projectId", "sessionId", "thoughtId", "kind", "result", "componentsUsed", "createdAt", "updatedAt"`;

const prepared = new WeakMap<BetterSqlite3.Database, Map<number, BetterSqlite3.Statement>>();

/** The INSERT of `n` rows; `checked`: only those whose thought still exists. */
function statement(connection: BetterSqlite3.Database, n: number, checked: boolean): BetterSqlite3.Statement {
  let byCount = prepared.get(connection);
  if (!byCount) prepared.set(connection, (byCount = new Map<number, BetterSqlite3.Statement>()));
  const key = checked ? -n : n;
  let insert = byCount.get(key);
  if (!insert) {
    const values = Array.from({ length: n }, () => "(?, ?, ?, ?, ?, ?, ?, ?)").join(", ");
    // column3 is the thought id (SQLite names a VALUES list's columns column1, column2, …).
    insert = connection.prepare(
      checked
        ? `INSERT INTO "ThoughtAssessment" (${COLUMNS}) SELECT * FROM (VALUES ${values}) AS v
           WHERE EXISTS (SELECT 1 FROM "Thought" t WHERE t."id" = v.column3)
           ON CONFLICT ("thoughtId", "kind") DO NOTHING`
        : `INSERT INTO "ThoughtAssessment" (${COLUMNS}) VALUES ${values} ON CONFLICT ("thoughtId", "kind") DO NOTHING`,
    );
    byCount.set(key, insert);
  }
  return insert;
}

/** SQLite: every row in one IMMEDIATE transaction on `connection`. */
export function insertFindingsSqlite(connection: BetterSqlite3.Database, rows: FindingRows): void {
  try {
    insertSqlite(connection, rows, false);
  } catch (error) {
    if ((error as { code?: unknown }).code !== "SQLITE_CONSTRAINT_FOREIGNKEY") throw error;
    insertSqlite(connection, rows, true);
  }
}

function insertSqlite(connection: BetterSqlite3.Database, rows: FindingRows, checked: boolean): void {
  const total = rows.thoughtId.length;
  if (total === 0) return;
  // SQLite keeps dates as text in the form Prisma reads back (server/ingest/write-store.ts sqliteDate).
  const at = rows.at.replace("Z", "+00:00");
  connection
    .transaction(() => {
      const values: unknown[] = [];
      for (let start = 0; start < total; start += ROWS_PER_INSERT) {
        const n = Math.min(ROWS_PER_INSERT, total - start);
        values.length = 0;
        for (let k = start; k < start + n; k++) {
          values.push(
            rows.projectId[k],
            rows.sessionId[k],
            rows.thoughtId[k],
            rows.kind[k],
            rows.result[k],
            rows.componentsUsed[k],
            at,
            at,
          );
        }
        statement(connection, n, checked).run(values);
      }
    })
    .immediate();
}

/** PostgreSQL: every row in one statement on a connection of the pool (autocommit: one statement is atomic). */
export async function insertFindingsPg(client: pg.Pool | pg.PoolClient, rows: FindingRows): Promise<void> {
  if (rows.thoughtId.length === 0) return;
  try {
    await insertPg(client, rows, false);
  } catch (error) {
    // 23503: foreign_key_violation.
    if ((error as { code?: unknown }).code !== "23503") throw error;
    await insertPg(client, rows, true);
  }
}

async function insertPg(client: pg.Pool | pg.PoolClient, rows: FindingRows, checked: boolean): Promise<void> {
  await client.query(
    `INSERT INTO "ThoughtAssessment" (${COLUMNS})
     SELECT u.p, u.s, u.t, u.k, u.r::jsonb, u.c::jsonb, $7::timestamptz AT TIME ZONE 'UTC',
            $7::timestamptz AT TIME ZONE 'UTC'
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) AS u(p, s, t, k, r, c)
     ${checked ? `WHERE EXISTS (SELECT 1 FROM "Thought" th WHERE th."id" = u.t)` : ""}
     ON CONFLICT ("thoughtId", "kind") DO NOTHING`,
    [rows.projectId, rows.sessionId, rows.thoughtId, rows.kind, rows.result, rows.componentsUsed, rows.at],
  );
}
