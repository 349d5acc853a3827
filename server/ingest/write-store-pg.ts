// The write path's queries on PostgreSQL, on one pg connection inside BEGIN … COMMIT (server/ingest/commit.ts).
// Existing sessions are locked (row locks until commit) as they are read, so writers in other processes cannot hand
// out the same seq.
//
// Why pg and not Prisma, and why this shape: a round trip cost 2.06 ms through Prisma's raw queries against 0.53 ms
// through pg on the same connection pool (2,000 sequential SELECTs in one transaction, same run), and Prisma's
// per-agent findFirst made one round trip per agent. So a batch makes as few round trips as its data allows: one
// INSERT … ON CONFLICT DO NOTHING that claims every new idempotency key (and a read of the taken ones only when there
// are any), one query per project for sessions, one UNION for every agent's most recent session, one locking read, and all
// of its inserts and counter updates in ONE statement (data-modifying CTEs over `unnest` of one array per column, so
// the statement has ~70 parameters whatever the batch size, instead of one per value).
import type pg from "pg";
import { isUuid } from "@/lib/ids";
import { pgSearchVectorOfSearchTextSql, searchText } from "@/lib/search/tsquery";
import {
  jsonColumn,
  replaysOf,
  TABLES,
  type BatchWrites,
  type ColumnKind,
  type FirstLoad,
  type FirstLoadResult,
  type KeyClaim,
  type KeyRow,
  type Row,
  type SecondLoadResult,
  type SessionCounters,
  type SessionRow,
  type TableName,
  type WriteStore,
} from "./write-store";

/** Session columns as SessionRow has them; timestamps are `timestamp(3)` in UTC, read back as absolute instants. */
const SESSION_COLUMNS = `"id", "projectId", "key", "status", "title", "apiKeyId", "client",
  ("lastActivityAt" AT TIME ZONE 'UTC') AS "lastActivityAt", "thoughtCount", "thinkStep", "branchCount"`;

/** A session row as read here: with its branch count, so a batch reads the Branch table only when there are any. */
type PgSessionRow = SessionRow & { branchCount: number };

/** Agents per UNION query for their most recent sessions (each adds 3 parameters and one index probe). */
const AGENTS_PER_QUERY = 500;

const utc = (param: string) => `(${param}::timestamptz AT TIME ZONE 'UTC')`;

const ARRAY_TYPE: Record<ColumnKind, string> = {
  text: "text[]",
  int: "int[]",
  real: "float8[]",
  bool: "bool[]",
  json: "jsonb[]",
  log: "json[]",
  date: "text[]",
};

const SCALAR_TYPE: Record<ColumnKind, string> = {
  text: "text",
  int: "int",
  real: "float8",
  bool: "bool",
  json: "jsonb",
  log: "json",
  date: "text",
};

function encode(value: unknown, kind: ColumnKind): unknown {
  if (value === null || value === undefined) return null;
  if (kind === "json" || kind === "log") return jsonColumn(value);
  if (kind === "date") return (value as Date).toISOString();
  return value;
}

/** Builds one statement's parameter list; `add` answers the placeholder of the value it appended. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * `INSERT INTO table (…) SELECT … FROM unnest(one array per column)`: every row of `rows` in one statement; a single
 * row (a single POST's thought, event and key) as plain `VALUES`, which spares building and unnesting one-element arrays
 * (the server's CPU per 1,000-event batch went from ~27.5 to ~24.5 ms). With `indexText`, Thought's search
 * column is computed in the insert (BatchWrites.indexSearch).
 */
function insertSql(table: TableName, rows: Row[], params: Params, indexText = false): string {
  const columns: Record<string, ColumnKind> = TABLES[table];
  const names = Object.keys(columns);
  const targets = names.map((n) => `"${n}"`);
  if (indexText) targets.push(`"searchVector"`);
  if (rows.length === 1) {
    const row = rows[0]!;
    const values = names.map((n) => {
      const kind = columns[n]!;
      const param = params.add(encode(row[n], kind));
      return kind === "date" ? utc(param) : `${param}::${SCALAR_TYPE[kind]}`;
    });
    // The text to_tsvector reads, lower-cased and split in JavaScript (searchText says why).
    if (indexText) values.push(pgSearchVectorOfSearchTextSql(`${params.add(searchText(row.text as string))}::text`));
    return `INSERT INTO "${table}" (${targets.join(", ")}) VALUES (${values.join(", ")})`;
  }
  const arrays: string[] = [];
  const picks = names.map((n, i) => {
    const kind = columns[n]!;
    const values = rows.map((r) => encode(r[n], kind));
    const first = values[0];
    // A column that holds one value in every row (a batch's project and timestamps, one session's id, the nulls of
    // fields nobody sent) goes as one scalar: no array to escape, send, parse and unnest. The first column (the id)
    // always goes as an array, so unnest has one to make the rows from.
    if (i > 0 && values.every((v) => v === first)) {
      const param = params.add(first);
      return kind === "date" ? utc(param) : `${param}::${SCALAR_TYPE[kind]}`;
    }
    const column = `u.c${arrays.length}`;
    arrays.push(`${params.add(values)}::${ARRAY_TYPE[kind]}`);
    return kind === "date" ? utc(column) : column;
  });
  if (indexText) {
    picks.push(pgSearchVectorOfSearchTextSql(`u.c${arrays.length}`));
    arrays.push(`${params.add(rows.map((r) => searchText(r.text as string)))}::text[]`);
  }
  return `INSERT INTO "${table}" (${targets.join(", ")})
    SELECT ${picks.join(", ")} FROM unnest(${arrays.join(", ")}) AS u(${arrays.map((_, i) => `c${i}`).join(", ")})`;
}

/** One UPDATE … FROM unnest(…) for all existing sessions of a batch. */
function updateSessionsSql(rows: SessionCounters[], params: Params): string {
  const column = <T>(pick: (r: SessionCounters) => T, type: string) => `${params.add(rows.map(pick))}::${type}`;
  const arrays = [
    column((r) => r.id, "text[]"),
    column((r) => r.thoughtCount, "int[]"),
    column((r) => r.branchCount, "int[]"),
    column((r) => r.revisionDelta, "int[]"),
    column((r) => r.flagDelta, "int[]"),
    column((r) => r.status, "text[]"),
    column((r) => r.title, "text[]"),
    column((r) => r.thinkStep, "int[]"),
    column((r) => r.lastActivityAt.toISOString(), "text[]"),
  ];
  return `UPDATE "ThinkingSession" AS s SET "thoughtCount" = v.tc, "branchCount" = v.bc,
      "revisionCount" = s."revisionCount" + v.rd, "flagCount" = s."flagCount" + v.fd, "status" = v.st,
      "title" = v.ti, "thinkStep" = v.ts, "lastActivityAt" = ${utc("v.la")}, "updatedAt" = ${utc("v.la")}
    FROM unnest(${arrays.join(", ")}) AS v(id, tc, bc, rd, fd, st, ti, ts, la) WHERE s."id" = v.id`;
}

/**
 * Every insert and the counter updates of a batch as one statement. The UPDATE only touches sessions that existed
 * before the batch (new ones are inserted with their final counters), so the CTEs' shared snapshot is what it needs;
 * foreign keys are checked at the end of the statement, after every CTE has inserted.
 */
export function batchWriteSql(w: BatchWrites): { text: string; values: unknown[] } {
  const params = new Params();
  const inserts: [TableName, Row[]][] = [
    ["ThinkingSession", w.sessions],
    ["Thought", w.thoughts],
    ["Branch", w.branches],
    ["IngestEvent", w.events],
    ["IngestKey", w.keys],
  ];
  const ctes = inserts
    .filter(([, rows]) => rows.length > 0)
    .map(([table, rows], i) => `i${i} AS (${insertSql(table, rows, params, table === "Thought" && w.indexSearch)})`);
  if (w.unclaimed && w.unclaimed.length > 0) {
    const projects = params.add(w.unclaimed.map((k) => k.projectId));
    const keys = params.add(w.unclaimed.map((k) => k.key));
    ctes.push(`d AS (DELETE FROM "IngestKey" WHERE ("projectId", "key") IN
      (SELECT * FROM unnest(${projects}::text[], ${keys}::text[])))`);
  }
  const main = w.sessionUpdates.length > 0 ? updateSessionsSql(w.sessionUpdates, params) : "SELECT 1";
  return { text: ctes.length > 0 ? `WITH ${ctes.join(",\n")}\n${main}` : main, values: params.values };
}

type Queryable = Pick<pg.PoolClient, "query">;

async function rows<T>(client: Queryable, text: string, values: unknown[]): Promise<T[]> {
  return (await client.query(text, values)).rows as T[];
}

/** `rows`, or none without a round trip when the batch needs none. */
async function rowsIf<T>(client: Queryable, needed: boolean, text: string, values: unknown[]): Promise<T[]> {
  return needed ? rows<T>(client, text, values) : [];
}

/**
 * Inserts the batch's new idempotency keys and answers, per project, the keys that were already taken: one round trip
 * where a lookup and a later insert took two (plus the key probes twice). A key another transaction is inserting makes
 * this wait for it, then count as taken if that one committed, so a key answers once across processes too.
 */
async function claimKeys(client: Queryable, claims: KeyClaim[]): Promise<Map<string, string[]>> {
  const column = <T>(pick: (c: KeyClaim) => T) => claims.map(pick);
  const inserted = await rows<{ projectId: string; key: string }>(
    client,
    `INSERT INTO "IngestKey" ("projectId", "key", "eventId", "position")
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[])
     ON CONFLICT DO NOTHING RETURNING "projectId", "key"`,
    [column((c) => c.projectId), column((c) => c.key), column((c) => c.eventId), column((c) => c.position)],
  );
  const taken = new Map<string, string[]>();
  if (inserted.length === claims.length) return taken;
  const mine = new Set(inserted.map((r) => r.projectId + SEP + r.key));
  for (const c of claims) {
    if (mine.has(c.projectId + SEP + c.key)) continue;
    const keys = taken.get(c.projectId);
    if (keys) keys.push(c.key);
    else taken.set(c.projectId, [c.key]);
  }
  return taken;
}

const SEP = "\u0000";

async function replaysFor(client: Queryable, projectId: string, keys: string[]): Promise<FirstLoadResult["replays"]> {
  const found = await rows<KeyRow>(
    client,
    `SELECT "key", "eventId", "position" FROM "IngestKey" WHERE "projectId" = $1 AND "key" = ANY($2::text[])`,
    [projectId, keys],
  );
  if (found.length === 0) return [];
  // Separately, not joined: the keys of one ingest request share its event, whose body can be hundreds of KB.
  const logged = await rows<{ id: string; result: unknown; body: unknown }>(
    client,
    `SELECT "id", "result", "body" FROM "IngestEvent" WHERE "id" = ANY($1::text[])`,
    [[...new Set(found.map((k) => k.eventId))]],
  );
  return replaysOf(projectId, found, new Map(logged.map((r) => [r.id, r])));
}

/** Each agent's most recent joinable session, in the order of `agents`, in one round trip per 500 agents. */
async function recentSessions(client: Queryable, q: FirstLoad): Promise<(SessionRow | null)[]> {
  const out: (SessionRow | null)[] = [];
  for (let from = 0; from < q.agents.length; from += AGENTS_PER_QUERY) {
    const params = new Params();
    const since = utc(params.add(q.idleSince.toISOString()));
    const chunk = q.agents.slice(from, from + AGENTS_PER_QUERY);
    // `= $n` where the agent has a value and IS NULL where it has none, so each branch uses the session index.
    const same = (column: string, value: string | null) =>
      value === null ? `"${column}" IS NULL` : `"${column}" = ${params.add(value)}`;
    const branches = chunk.map(
      (a, i) => `(SELECT ${i} AS "agentIndex", ${SESSION_COLUMNS} FROM "ThinkingSession"
        WHERE "projectId" = ${params.add(a.projectId)} AND ${same("apiKeyId", a.apiKeyId)} AND ${same("client", a.client)}
          AND "status" = 'active' AND "lastActivityAt" >= ${since}
        ORDER BY "lastActivityAt" DESC LIMIT 1)`,
    );
    const found = await rows<SessionRow & { agentIndex: number }>(
      client,
      branches.join("\nUNION ALL\n"),
      params.values,
    );
    const byAgent = new Map(found.map(({ agentIndex, ...session }) => [agentIndex, session]));
    chunk.forEach((_, i) => out.push(byAgent.get(i) ?? null));
  }
  return out;
}

/**
 * How a store treats a batch's idempotency keys. "claim": inserted (ON CONFLICT DO NOTHING) before the batch is
 * planned, and the taken ones read back as replays. "insert": assumed new, neither claimed nor looked up; the write
 * statement inserts them with the batch's rows. A taken one fails that statement with a unique violation, and a
 * request with a key that the plan refused might be a replay; either way the caller runs the batch again with
 * "claim" (commit.ts). The common case, new keys, then costs no extra round trip: a 1,000-event ingest request's
 * claim was ~9 ms of PostgreSQL time and ~4 ms of this process's (bench:ingest).
 */
export type PgKeyMode = "claim" | "insert";

/**
 * The store of one transaction. Sessions named by id or key are locked as they are first read, so a batch of such
 * thoughts (every ingest request, and agents that send their sessionId) reads what it needs in one round trip: BEGIN,
 * one locking read, the write, COMMIT (plus the key claim when there are keys, and the Branch and Thought reads
 * only when a session has branches or a thought names an earlier one). Only an agent's most recent session, found
 * without a lock, is locked in the second load. Each statement locks in id order; a session locked by the first load
 * in one process and the second in another can deadlock, which PostgreSQL breaks and retryOnConflict retries.
 */
export function pgWriteStore(client: Queryable, keys: PgKeyMode = "claim"): WriteStore<"async"> {
  const locked = new Map<string, PgSessionRow>();
  const lock = async (text: string, values: unknown[]): Promise<PgSessionRow[]> => {
    const found = await rows<PgSessionRow>(client, text, values);
    for (const row of found) locked.set(row.id, row);
    return found;
  };
  return {
    async firstLoad(q: FirstLoad): Promise<FirstLoadResult> {
      const replays: FirstLoadResult["replays"] = [];
      const claimed = keys === "claim" && q.keyClaims !== undefined && q.keyClaims.length > 0;
      let taken = new Map<string, string[]>();
      if (claimed) taken = await claimKeys(client, q.keyClaims!);
      else if (keys === "claim") taken = q.replayKeys;
      for (const [projectId, projectKeys] of taken) replays.push(...(await replaysFor(client, projectId, projectKeys)));
      const sessions: SessionRow[] = [];
      for (const [projectId, refs] of q.sessionRefs) {
        sessions.push(
          ...(await lock(
            `SELECT ${SESSION_COLUMNS} FROM "ThinkingSession"
             WHERE "projectId" = $1 AND ("key" = ANY($2::text[]) OR "id" = ANY($3::text[])) ORDER BY "id" FOR UPDATE`,
            [projectId, refs, refs.filter(isUuid)],
          )),
        );
      }
      return { replays, sessions, recent: await recentSessions(client, q), claimed };
    },

    async secondLoad(sessionIds: string[], numbers: number[]): Promise<SecondLoadResult> {
      if (sessionIds.length === 0) return { locked: null, branches: [], thoughts: [] };
      // The agents' recent sessions, read without a lock: locked now, in id order (the ids arrive sorted), and read
      // again, so their counters are final for this batch.
      const unlocked = sessionIds.filter((id) => !locked.has(id));
      if (unlocked.length > 0) {
        await lock(
          `SELECT ${SESSION_COLUMNS} FROM "ThinkingSession" WHERE "id" = ANY($1::text[]) ORDER BY "id" FOR UPDATE`,
          [unlocked],
        );
      }
      const rowsNow = sessionIds.flatMap((id) => locked.get(id) ?? []);
      const withBranches = rowsNow.filter((r) => r.branchCount > 0).map((r) => r.id);
      const branches = await rowsIf<SecondLoadResult["branches"][number]>(
        client,
        withBranches.length > 0,
        `SELECT "sessionId", "key", "forkThought", "forkThoughtId" FROM "Branch"
         WHERE "sessionId" = ANY($1::text[]) ORDER BY "sessionId", "ordinal"`,
        [withBranches],
      );
      const thoughts = await rowsIf<SecondLoadResult["thoughts"][number]>(
        client,
        numbers.length > 0,
        `SELECT "id", "sessionId", "thoughtNumber", "branchId" FROM "Thought"
         WHERE "sessionId" = ANY($1::text[]) AND "thoughtNumber" = ANY($2::int[]) ORDER BY "seq"`,
        [sessionIds, numbers],
      );
      return { locked: rowsNow, branches, thoughts };
    },

    async write(w: BatchWrites): Promise<void> {
      const { text, values } = batchWriteSql(w);
      await client.query(text, values);
    },
  };
}
