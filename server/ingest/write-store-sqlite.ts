// The write path's queries on SQLite: prepared statements on the one connection Prisma also uses, run inside one
// synchronous transaction. Nothing else can run on the connection meanwhile (Node runs one thing at a time and
// better-sqlite3 never yields), so no reader sees a half-written batch and no other write joins it. Measured on this
// machine: ~3 µs per inserted row, against ~35 µs through Prisma's raw queries and ~1 ms through createMany.
import type BetterSqlite3 from "better-sqlite3";
import { valuesGetter } from "@/lib/contracts/object-shape";
import {
  sqliteDate,
  jsonColumn,
  replaysOf,
  TABLES,
  type BatchWrites,
  type ColumnKind,
  type FirstLoad,
  type FirstLoadResult,
  type KeyRow,
  type Row,
  type SecondLoadResult,
  type SessionRow,
  type TableName,
  type WriteStore,
} from "./write-store";

const SESSION_COLUMNS = `"id", "projectId", "key", "status", "title", "apiKeyId", "client", "lastActivityAt", "thoughtCount", "thinkStep", "branchCount"`;

/** A session row as read here: with its branch count, so a batch reads the Branch table only when there are any. */
interface RawSession extends Omit<SessionRow, "lastActivityAt"> {
  lastActivityAt: string;
  branchCount: number;
}
const toSession = (r: RawSession): SessionRow & { branchCount: number } => ({
  ...r,
  lastActivityAt: new Date(r.lastActivityAt),
});

function encode(value: unknown, kind: ColumnKind): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case "json":
    case "log":
      return jsonColumn(value);
    case "date":
      return sqliteDate(value as Date);
    case "bool":
      return value ? 1 : 0;
    default:
      return value;
  }
}

/**
 * The sessions a batch names, by project (parameters: project, references as a JSON array, the same array, project).
 * A reference is an agent's key or our id: one index probe each way. One WHERE with "key IN … OR id IN …" read every
 * session of the project through its projectId index (a 10-thought commit spent 38 µs per thought in this query with
 * 300 other sessions in the project, 174 µs with 3,000), and so does the id lookup unless the unary + keeps SQLite's
 * planner off that index.
 */
export const SESSIONS_BY_REF = `SELECT ${SESSION_COLUMNS} FROM "ThinkingSession"
  WHERE "projectId" = ? AND "key" IN (SELECT value FROM json_each(?))
  UNION
  SELECT ${SESSION_COLUMNS} FROM "ThinkingSession" WHERE "id" IN (SELECT value FROM json_each(?)) AND +"projectId" = ?`;

/** Rows per INSERT statement: one statement for 32 rows binds the same values but crosses into SQLite 32 times less
 *  often (measured: 1,000 thought rows in 4.6 ms instead of 6.3 ms). Stays far below SQLite's 32,766 variables. */
export const ROWS_PER_INSERT = 32;

/** Prepared INSERTs per table, beyond those binding every column (see tableInsert). */
export const MAX_STATEMENTS = 256;

interface TableInsert {
  names: string[];
  kinds: ColumnKind[];
  /** A row's values in the order of `names`, read by straight-line code: reading them by name in a loop cost the write
   *  thread 0.62 ms per 1,000 thought rows, this 0.21 ms (same run). */
  valuesOf: (row: Row) => unknown[];
  /** Bit c set: column c must always be written (it is NOT NULL, or has a default an explicit null must override). */
  always: number;
  /**
   * The INSERT of `n` rows (1 ≤ n ≤ ROWS_PER_INSERT) into the columns whose bits are set, prepared on first use, and
   * those columns' indexes. Past MAX_STATEMENTS column sets it names every column instead: input chooses which
   * columns are null, and must not choose how many statements stay in memory.
   */
  forRows: (n: number, columns: number) => { statement: BetterSqlite3.Statement; columns: number[] };
}

/**
 * A statement names only the columns some row of it holds a value for: a thought leaves most of its 24 columns null,
 * and binding nulls cost ~9 % of the insert (measured: 1,000 thought rows, 24 columns against 12). A column left out
 * is NULL, as bound, because only nullable columns without a default are ever left out (PRAGMA table_info).
 */
function tableInsert(db: BetterSqlite3.Database, table: TableName): TableInsert {
  const columns: Record<string, ColumnKind> = TABLES[table];
  const names = Object.keys(columns);
  if (names.length > 30) throw new Error(`${table}: too many columns for a 31-bit column set`);
  const info = db.pragma(`table_info("${table}")`) as { name: string; notnull: number; dflt_value: unknown }[];
  let always = 0;
  names.forEach((name, c) => {
    const column = info.find((i) => i.name === name);
    if (!column) throw new Error(`${table}.${name} is not in the database`);
    if (column.notnull || column.dflt_value !== null) always |= 1 << c;
  });
  const all = (1 << names.length) - 1;
  const prepared = new Map<number, { statement: BetterSqlite3.Statement; columns: number[] }>();
  const forRows: TableInsert["forRows"] = (n, set) => {
    const key = set * (ROWS_PER_INSERT + 1) + n;
    let insert = prepared.get(key);
    if (!insert) {
      if (prepared.size >= MAX_STATEMENTS && set !== all) return forRows(n, all);
      const used = names.flatMap((_, c) => (set & (1 << c) ? [c] : []));
      const tuple = `(${used.map(() => "?").join(", ")})`;
      const sql = `INSERT INTO "${table}" (${used.map((c) => `"${names[c]}"`).join(", ")}) VALUES `;
      insert = { statement: db.prepare(sql + Array.from({ length: n }, () => tuple).join(", ")), columns: used };
      prepared.set(key, insert);
    }
    return insert;
  };
  return { names, kinds: names.map((n) => columns[n]!), valuesOf: valuesGetter(names), always, forRows };
}

/** Statements are prepared once per connection. Prisma's adapter turns on BigInt integers for the connection;
 *  these counts and numbers are small, so read them as plain numbers. */
function statementsFor(db: BetterSqlite3.Database) {
  const read = (sql: string) => db.prepare(sql).safeIntegers(false);
  const insert = {} as Record<TableName, TableInsert>;
  for (const table of Object.keys(TABLES) as TableName[]) insert[table] = tableInsert(db, table);
  return {
    insert,
    keys: read(
      `SELECT "key", "eventId", "position" FROM "IngestKey"
       WHERE "projectId" = ? AND "key" IN (SELECT value FROM json_each(?))`,
    ),
    results: read(`SELECT "id", "result", "body" FROM "IngestEvent" WHERE "id" IN (SELECT value FROM json_each(?))`),
    sessionsByRef: read(SESSIONS_BY_REF),
    recent: read(
      `SELECT ${SESSION_COLUMNS} FROM "ThinkingSession" WHERE "projectId" = ? AND "apiKeyId" IS ? AND "client" IS ?
       AND "status" = 'active' AND "lastActivityAt" >= ? ORDER BY "lastActivityAt" DESC LIMIT 1`,
    ),
    branches: read(
      `SELECT "sessionId", "key", "forkThought", "forkThoughtId" FROM "Branch"
       WHERE "sessionId" IN (SELECT value FROM json_each(?)) ORDER BY "sessionId", "ordinal"`,
    ),
    thoughts: read(
      `SELECT "id", "sessionId", "thoughtNumber", "branchId" FROM "Thought"
       WHERE "sessionId" IN (SELECT value FROM json_each(?)) AND "thoughtNumber" IN (SELECT value FROM json_each(?))
       ORDER BY "seq"`,
    ),
    // Full-text index of new thoughts, per batch rather than by an insert trigger: lib/search/README.md measured 0.38x
    // of raw insert speed this way against 0.12x through a trigger (100,000 rows, same run). Thought rowids only grow
    // within the transaction, so "rowid > the maximum before the batch" is exactly this batch. The write thread leaves
    // it to after the commit (search-index-sqlite.ts).
    maxThoughtRowid: read(`SELECT coalesce(max(rowid), 0) AS "max" FROM "Thought"`).pluck(),
    indexThoughtKeys: db.prepare(
      `INSERT INTO "ThoughtSearchKey" ("thoughtId", "version") SELECT "id", 0 FROM "Thought" WHERE rowid > ? ORDER BY rowid`,
    ),
    indexThoughtText: db.prepare(
      `INSERT INTO "ThoughtFts" (rowid, text) SELECT k."key", t."text" FROM "Thought" t
       JOIN "ThoughtSearchKey" k ON k."thoughtId" = t."id" AND k."version" = 0 WHERE t.rowid > ?`,
    ),
    updateSession: db.prepare(
      `UPDATE "ThinkingSession" SET "thoughtCount" = ?, "branchCount" = ?, "revisionCount" = "revisionCount" + ?,
       "flagCount" = "flagCount" + ?, "status" = ?, "thinkStep" = ?, "lastActivityAt" = ?, "updatedAt" = ?, "title" = ?
       WHERE "id" = ?`,
    ),
    // The same without the title, for a session whose title the batch leaves as it was (nearly every update): an
    // UPDATE that names "title" runs the title's search-index trigger program for each row, ~5 µs of a single
    // thought's ~10 µs update (10-thought commits, CPU time).
    updateSessionCounters: db.prepare(
      `UPDATE "ThinkingSession" SET "thoughtCount" = ?, "branchCount" = ?, "revisionCount" = "revisionCount" + ?,
       "flagCount" = "flagCount" + ?, "status" = ?, "thinkStep" = ?, "lastActivityAt" = ?, "updatedAt" = ?
       WHERE "id" = ?`,
    ),
  };
}

const cache = new WeakMap<BetterSqlite3.Database, ReturnType<typeof statementsFor>>();

export interface SqliteStoreOptions {
  /** Index new thoughts' text in the batch's transaction (true), or leave them to a SqliteThoughtIndexer (false). */
  indexSearch?: boolean;
}

export function sqliteWriteStore(
  db: BetterSqlite3.Database,
  { indexSearch = true }: SqliteStoreOptions = {},
): WriteStore<"sync"> {
  let s = cache.get(db);
  if (!s) cache.set(db, (s = statementsFor(db)));
  const st = s;
  /** The sessions the first load read, by id: whether the Branch table needs reading, and the title as stored. */
  const loadedRows = new Map<string, { branchCount: number; title: string | null }>();
  const loaded = (row: SessionRow & { branchCount: number }): SessionRow => {
    loadedRows.set(row.id, { branchCount: row.branchCount, title: row.title });
    return row;
  };
  return {
    firstLoad(q: FirstLoad): FirstLoadResult {
      const replays: FirstLoadResult["replays"] = [];
      for (const [projectId, keys] of q.replayKeys) {
        const found = st.keys.all(projectId, JSON.stringify(keys)) as KeyRow[];
        if (found.length === 0) continue;
        const eventIds = JSON.stringify([...new Set(found.map((k) => k.eventId))]);
        const rows = st.results.all(eventIds) as { id: string; result: string; body: string }[];
        const logged = new Map(
          rows.map((r) => [r.id, { result: JSON.parse(r.result) as unknown, body: JSON.parse(r.body) as unknown }]),
        );
        replays.push(...replaysOf(projectId, found, logged));
      }
      const sessions: SessionRow[] = [];
      for (const [projectId, refs] of q.sessionRefs) {
        const list = JSON.stringify(refs);
        for (const row of st.sessionsByRef.all(projectId, list, list, projectId) as RawSession[]) {
          sessions.push(loaded(toSession(row)));
        }
      }
      const since = sqliteDate(q.idleSince);
      const recent = q.agents.map((a) => {
        const row = st.recent.get(a.projectId, a.apiKeyId, a.client, since) as RawSession | undefined;
        return row ? loaded(toSession(row)) : null;
      });
      return { replays, sessions, recent };
    },

    secondLoad(sessionIds: string[], numbers: number[]): SecondLoadResult {
      if (sessionIds.length === 0) return { locked: null, branches: [], thoughts: [] };
      const ids = JSON.stringify(sessionIds);
      const withBranches = sessionIds.filter((id) => (loadedRows.get(id)?.branchCount ?? 1) > 0);
      return {
        locked: null, // one writer: this connection already holds SQLite's write lock
        branches:
          withBranches.length === 0
            ? []
            : (st.branches.all(JSON.stringify(withBranches)) as SecondLoadResult["branches"]),
        thoughts:
          numbers.length === 0 ? [] : (st.thoughts.all(ids, JSON.stringify(numbers)) as SecondLoadResult["thoughts"]),
      };
    },

    write(w: BatchWrites): void {
      const put = (table: TableName, rows: Row[]) => {
        const { names, kinds, valuesOf, always, forRows } = st.insert[table];
        const width = names.length;
        const chunk = new Array<unknown[]>(ROWS_PER_INSERT);
        for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
          const n = Math.min(ROWS_PER_INSERT, rows.length - start);
          let set = always;
          for (let r = 0; r < n; r++) {
            const row = (chunk[r] = valuesOf(rows[start + r]!));
            for (let c = 0; c < width; c++) if (row[c] != null) set |= 1 << c;
          }
          const { statement, columns } = forRows(n, set);
          const values = new Array<unknown>(n * columns.length);
          let v = 0;
          for (let r = 0; r < n; r++) {
            const row = chunk[r]!;
            for (const c of columns) values[v++] = encode(row[c], kinds[c]!);
          }
          statement.run(values);
        }
      };
      put("ThinkingSession", w.sessions);
      const indexNow = indexSearch && w.thoughts.length > 0;
      const before = indexNow ? (st.maxThoughtRowid.get() as number) : 0;
      put("Thought", w.thoughts);
      if (indexNow) {
        st.indexThoughtKeys.run(before);
        st.indexThoughtText.run(before);
      }
      put("Branch", w.branches);
      put("IngestEvent", w.events);
      put("IngestKey", w.keys);
      for (const u of w.sessionUpdates) {
        const at = sqliteDate(u.lastActivityAt);
        const counters = [u.thoughtCount, u.branchCount, u.revisionDelta, u.flagDelta, u.status, u.thinkStep, at, at];
        const stored = loadedRows.get(u.id);
        if (stored !== undefined && stored.title === u.title) st.updateSessionCounters.run(...counters, u.id);
        else st.updateSession.run(...counters, u.title, u.id);
      }
    },
  };
}
