// PostgreSQL's thought search indexer (server/ingest/search-indexer.ts) on a real database: the write leaves a
// thought unindexed, the indexer (woken by the write path, or a test's waitForSearchIndex) makes it searchable, an
// edit is indexed in its own transaction, and indexers running at once (instances, or a test beside the server) never
// take the same row.
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_LIMITS } from "@/lib/limits";
import { parseThoughtInput } from "@/lib/contracts/thought";
import { freshPgUrl } from "@/test/support/pg";

let url = "";
let projectId = "";
let svc: {
  db: import("@/server/db/client").Db;
  commitBatch: typeof import("@/server/ingest/commit").commitBatch;
  submit: typeof import("@/server/ingest/thought-writer").submitThoughts;
  search: typeof import("@/server/services/search/thought-search").searchThoughts;
  indexer: typeof import("@/server/ingest/search-indexer");
  revise: typeof import("@/server/services/agent-tools").reviseThought;
  pool: () => pg.Pool;
  close: () => Promise<void>;
};

beforeAll(async () => {
  url = process.env.DATABASE_URL = await freshPgUrl("search_indexer");
  await (await import("@/server/db/migrations")).applyMigrations(url);
  const client = await import("@/server/db/client");
  svc = {
    db: client.getDb(),
    commitBatch: (await import("@/server/ingest/commit")).commitBatch,
    submit: (await import("@/server/ingest/thought-writer")).submitThoughts,
    search: (await import("@/server/services/search/thought-search")).searchThoughts,
    indexer: await import("@/server/ingest/search-indexer"),
    revise: (await import("@/server/services/agent-tools")).reviseThought,
    pool: () => client.pgPool(client.getDb())!,
    close: client.closeDb,
  };
  projectId = (await (await import("@/server/db/default-project")).ensureDefaultProject(svc.db)).id;
});

afterAll(async () => {
  await svc?.indexer.stopSearchIndexer();
  await (await import("@/server/events/pg-relay")).stopPgRelay();
  await svc?.close();
});

let counter = 0;
const unique = (label: string) => `${label}${Date.now().toString(36)}${++counter}`;

function request(sessionId: string, n: number, thought: string) {
  const raw = { sessionId, thought, thoughtNumber: n, totalThoughts: n, nextThoughtNeeded: false };
  const parsed = parseThoughtInput(raw);
  if (!parsed.ok) throw new Error(parsed.problem.message);
  return { projectId, apiKeyId: null, input: parsed.value, raw, idempotencyKey: null };
}

/** Writes thoughts in one transaction without waking the indexer (commitBatch is below the group commit). */
async function writeUnannounced(texts: string[]): Promise<string[]> {
  const session = unique("s");
  const { outcomes } = await svc.commitBatch(
    texts.map((text, i) => request(session, i + 1, text)),
    DEFAULT_LIMITS,
  );
  return outcomes.map((o) => o.result!.thoughtId);
}

const hits = async (q: string) =>
  (await svc.search(svc.db, projectId, { q, limit: 50, offset: 0 })).hits.map((h) => [h.thoughtId, h.matchedVersion]);

async function unindexed(ids: string[]): Promise<number> {
  const { rows } = await svc
    .pool()
    .query<{ n: number }>(
      `SELECT count(*)::int AS "n" FROM "Thought" WHERE "id" = ANY($1::text[]) AND "searchVector" IS NULL`,
      [ids],
    );
  return rows[0]!.n;
}

describe("thought search indexer (PostgreSQL)", () => {
  it("leaves a written thought unindexed until the indexer runs, then finds it", async () => {
    const word = unique("needle");
    const [id] = await writeUnannounced([`The ${word} is in the logs`]);
    expect(await unindexed([id!])).toBe(1);
    expect(await hits(word)).toEqual([]);

    await svc.indexer.waitForSearchIndex(svc.db);
    expect(await unindexed([id!])).toBe(0);
    expect(await hits(word)).toEqual([[id, "current"]]);
  });

  it("follows the write path: a thought submitted through the group commit becomes searchable without a wait hook", async () => {
    const word = unique("follow");
    const [outcome] = await svc.submit([request(unique("s"), 1, `Followed ${word} here`)]);
    // Polls the search itself: the indexer was woken by the commit and needs no help (vi.waitFor gives up after 5 s).
    await vi.waitFor(async () => expect(await hits(word)).toEqual([[outcome!.result!.thoughtId, "current"]]), {
      timeout: 5_000,
      interval: 20,
    });
  });

  it("indexes an edit of the text in the edit's own transaction: the new words at once, the old ones only in history", async () => {
    const before = unique("before");
    const after = unique("after");
    const [id] = await writeUnannounced([`Original ${before} text`]);
    await svc.indexer.waitForSearchIndex(svc.db);
    expect(await hits(before)).toEqual([[id, "current"]]);

    await svc.indexer.stopSearchIndexer(); // nothing but the edit itself may index it
    await svc.revise({ projectId, apiKeyId: null }, { thoughtId: id, thought: `Edited ${after} text` });
    expect(await unindexed([id!])).toBe(0);
    expect(await hits(after)).toEqual([[id, "current"]]);
    expect(await hits(before)).toEqual([[id, 1]]);
  });

  it("leaves a backlog within its bounds to the indexer, and indexes in the write itself past them", async () => {
    await svc.indexer.stopSearchIndexer();
    // Announced thoughts wait for a pass a minute away: only the bounds decide what the writes below do.
    const previous = svc.indexer.paceSearchIndexer({ delayMs: 60_000, maxLagMs: 0 });
    try {
      // Nothing announced yet: a write leaves its thought to the indexer.
      const [first] = await writeUnannounced([`Before any backlog ${unique("w")}`]);
      expect(await unindexed([first!])).toBe(1);
      expect(svc.indexer.searchIndexBehind()).toBe(false);

      // The lag bound (0 ms here): once a thought is announced and waiting, the next write indexes itself.
      await svc.submit([request(unique("s"), 1, `Announced ${unique("w")}`)]);
      expect(svc.indexer.searchIndexBehind()).toBe(true);
      const word = unique("inline");
      const [inline] = await writeUnannounced([`Written while behind: ${word}`]);
      expect(await unindexed([inline!])).toBe(0);
      expect(await hits(word)).toEqual([[inline, "current"]]);

      // A pass that empties the backlog ends it.
      await svc.indexer.waitForSearchIndex(svc.db);
      expect(svc.indexer.searchIndexBehind()).toBe(false);
      const [deferred] = await writeUnannounced([`Written after: ${unique("later")}`]);
      expect(await unindexed([deferred!])).toBe(1);

      // The backlog bound counts thoughts, not sessions: 5 waiting thoughts of one session are within a bound of 5,
      // a sixth is past it.
      svc.indexer.paceSearchIndexer({ maxLagMs: 60_000, maxBacklog: 5 });
      const session = unique("s");
      await svc.submit([1, 2, 3, 4, 5].map((n) => request(session, n, `Thought ${n} ${unique("w")}`)));
      expect(svc.indexer.searchIndexBehind()).toBe(false);
      await svc.submit([request(session, 6, `Thought 6 ${unique("w")}`)]);
      expect(svc.indexer.searchIndexBehind()).toBe(true);
      const [bounded] = await writeUnannounced([`Past the backlog bound ${unique("w")}`]);
      expect(await unindexed([bounded!])).toBe(0);
    } finally {
      svc.indexer.paceSearchIndexer(previous);
      await svc.indexer.waitForSearchIndex(svc.db);
    }
  });

  it("never gives one row to two indexers: a pass holding rows is skipped, and concurrent passes split the rest", async () => {
    await svc.indexer.stopSearchIndexer();
    const pool = svc.pool();
    const first = await writeUnannounced(Array.from({ length: 30 }, (_, i) => `row ${i} ${unique("held")}`));

    // Instance A's pass is still open (its transaction holds 10 rows); B's pass takes the other 20.
    const a = await pool.connect();
    try {
      await a.query("BEGIN");
      const takenByA = await svc.indexer.indexPendingThoughts(a, 10);
      const takenByB = await svc.indexer.indexPendingThoughts(pool, 100);
      expect(takenByA).toHaveLength(10);
      expect(takenByB).toHaveLength(20);
      expect(new Set([...takenByA, ...takenByB])).toEqual(new Set(first));
      await a.query("COMMIT");
    } finally {
      a.release();
    }
    expect(await unindexed(first)).toBe(0);

    // Four indexers at once on 400 rows, 7 per pass: every row indexed exactly once.
    const rest = await writeUnannounced(Array.from({ length: 400 }, (_, i) => `row ${i} ${unique("shared")}`));
    const seen: string[] = [];
    const indexer = async () => {
      for (let got = await svc.indexer.indexPendingThoughts(pool, 7); got.length > 0;) {
        seen.push(...got);
        got = await svc.indexer.indexPendingThoughts(pool, 7);
      }
    };
    await Promise.all([indexer(), indexer(), indexer(), indexer()]);
    expect(seen).toHaveLength(400);
    expect(new Set(seen)).toEqual(new Set(rest));
    expect(await unindexed(rest)).toBe(0);
  });

  it("keeps a session's title vector by trigger: set on insert, left alone by writes, recomputed on a rename", async () => {
    const { matchSessionTitles } = await import("@/server/services/search/full-text");
    const { parseQuery } = await import("@/lib/search/query");
    const titled = async (q: string) => {
      const parsed = parseQuery(q);
      if (!parsed.ok) throw new Error(parsed.message);
      return matchSessionTitles(svc.db, projectId, parsed.query);
    };
    const first = unique("firstword");
    const session = unique("s");
    const { outcomes } = await svc.commitBatch([request(session, 1, `${first} opens the session`)], DEFAULT_LIMITS);
    const sessionId = outcomes[0]!.result!.sessionId;
    expect(await titled(first)).toEqual([sessionId]); // the title comes from the first thought, indexed on insert

    await svc.commitBatch([request(session, 2, "a later thought updates the counters")], DEFAULT_LIMITS);
    expect(await titled(first)).toEqual([sessionId]);

    const renamed = unique("renamed");
    await svc.db.thinkingSession.update({ where: { id: sessionId }, data: { title: `${renamed} Node.JS` } });
    expect(await titled(renamed)).toEqual([sessionId]);
    expect(await titled(`${renamed} node.js`)).toEqual([sessionId]);
    expect(await titled(first)).toEqual([]);
  });
});
