// The write path's queries on SQLite: prepared statements on the one connection Prisma also uses, run inside one
// synchronous transaction. Nothing else can run on the connection meanwhile (Node runs one thing at a time and
// better-sqlite3 never yields), so no reader sees a half-written batch and no other write joins it. Measured on this
// machine: ~3 µs per inserted row, against ~35 µs through Prisma's raw queries and ~1 ms through createMany.
import type BetterSqlite3 from "better-sqlite3";
import type { ThoughtResult } from "@/lib/contracts/thought";
import {
  sqliteDate,
  TABLES,
  type BatchWrites,
  type ColumnKind,
  type FirstLoad,
  type FirstLoadResult,
  type Row,
  type SecondLoadResult,
  type SessionRow,
  type TableName,
  type WriteStore,
} from "./write-store";

const SESSION_COLUMNS = `"id", "projectId", "key", "status", "title", "apiKeyId", "client", "lastActivityAt", "thoughtCount", "thinkStep"`;

interface RawSession extends Omit<SessionRow, "lastActivityAt"> {
  lastActivityAt: string;
}
const toSession = (r: RawSession): SessionRow => ({ ...r, lastActivityAt: new Date(r.lastActivityAt) });

function encode(value: unknown, kind: ColumnKind): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case "json":
      return JSON.stringify(value);
    case "date":
      return sqliteDate(value as Date);
    case "bool":
      return value ? 1 : 0;
    default:
      return value;
  }
}

/** Statements are prepared once per connection. Prisma's adapter turns on BigInt integers for the connection;
 *  these counts and numbers are small, so read them as plain numbers. */
function statementsFor(db: BetterSqlite3.Database) {
  const read = (sql: string) => db.prepare(sql).safeIntegers(false);
  const insert = {} as Record<TableName, { stmt: BetterSqlite3.Statement; names: string[]; kinds: ColumnKind[] }>;
  for (const table of Object.keys(TABLES) as TableName[]) {
    const columns: Record<string, ColumnKind> = TABLES[table];
    const names = Object.keys(columns);
    insert[table] = {
      stmt: db.prepare(
        `INSERT INTO "${table}" (${names.map((n) => `"${n}"`).join(", ")}) VALUES (${names.map(() => "?").join(", ")})`,
      ),
      names,
      kinds: names.map((n) => columns[n]!),
    };
  }
  return {
    insert,
    replays: read(
      `SELECT "idempotencyKey" AS key, "result" FROM "IngestEvent"
       WHERE "projectId" = ? AND "idempotencyKey" IN (SELECT value FROM json_each(?))`,
    ),
    sessionsByRef: read(
      `SELECT ${SESSION_COLUMNS} FROM "ThinkingSession" WHERE "projectId" = ?
       AND ("key" IN (SELECT value FROM json_each(?)) OR "id" IN (SELECT value FROM json_each(?)))`,
    ),
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
    updateSession: db.prepare(
      `UPDATE "ThinkingSession" SET "thoughtCount" = ?, "branchCount" = ?, "revisionCount" = "revisionCount" + ?,
       "flagCount" = "flagCount" + ?, "status" = ?, "title" = ?, "thinkStep" = ?, "lastActivityAt" = ?, "updatedAt" = ?
       WHERE "id" = ?`,
    ),
  };
}

const cache = new WeakMap<BetterSqlite3.Database, ReturnType<typeof statementsFor>>();

export function sqliteWriteStore(db: BetterSqlite3.Database): WriteStore<"sync"> {
  let s = cache.get(db);
  if (!s) cache.set(db, (s = statementsFor(db)));
  const st = s;
  return {
    firstLoad(q: FirstLoad): FirstLoadResult {
      const replays: FirstLoadResult["replays"] = [];
      for (const [projectId, keys] of q.replayKeys) {
        for (const row of st.replays.all(projectId, JSON.stringify(keys)) as { key: string; result: string }[]) {
          replays.push({ projectId, key: row.key, result: JSON.parse(row.result) as ThoughtResult });
        }
      }
      const sessions: SessionRow[] = [];
      for (const [projectId, refs] of q.sessionRefs) {
        const list = JSON.stringify(refs);
        for (const row of st.sessionsByRef.all(projectId, list, list) as RawSession[]) sessions.push(toSession(row));
      }
      const since = sqliteDate(q.idleSince);
      const recent = q.agents.map((a) => {
        const row = st.recent.get(a.projectId, a.apiKeyId, a.client, since) as RawSession | undefined;
        return row ? toSession(row) : null;
      });
      return { replays, sessions, recent };
    },

    secondLoad(sessionIds: string[], numbers: number[]): SecondLoadResult {
      if (sessionIds.length === 0) return { locked: null, branches: [], thoughts: [] };
      const ids = JSON.stringify(sessionIds);
      return {
        locked: null, // one writer: this connection already holds SQLite's write lock
        branches: st.branches.all(ids) as SecondLoadResult["branches"],
        thoughts:
          numbers.length === 0 ? [] : (st.thoughts.all(ids, JSON.stringify(numbers)) as SecondLoadResult["thoughts"]),
      };
    },

    write(w: BatchWrites): void {
      const put = (table: TableName, rows: Row[]) => {
        const { stmt, names, kinds } = st.insert[table];
        const values = new Array<unknown>(names.length);
        for (const row of rows) {
          for (let c = 0; c < names.length; c++) values[c] = encode(row[names[c]!], kinds[c]!);
          stmt.run(values);
        }
      };
      put("ThinkingSession", w.sessions);
      put("Thought", w.thoughts);
      put("Branch", w.branches);
      put("IngestEvent", w.events);
      for (const u of w.sessionUpdates) {
        const at = sqliteDate(u.lastActivityAt);
        st.updateSession.run(
          u.thoughtCount,
          u.branchCount,
          u.revisionDelta,
          u.flagDelta,
          u.status,
          u.title,
          u.thinkStep,
          at,
          at,
          u.id,
        );
      }
    },
  };
}
