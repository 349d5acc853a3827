// Full-text indexing of new thoughts on SQLite after their batch commits, on the write thread. Indexing a thought's
// text (FTS5's unicode61 tokenizer, its ThoughtSearchKey row and its index entries) costs ~18-23 ms per 1,000 thoughts
// of 285 characters on this machine, about as much as the raw insert the benchmark compares with, and inside the
// write transaction it was the write thread's whole growth since batches ran at 0.35-0.40x of raw (CPU profiles of
// bench:ingest: the batch write 0.2 s -> 1.9 s for 70,000 thoughts; everything else within noise). So the write
// thread indexes when it is quiet (no batch for QUIET_MS), and inline only while more than MAX_BACKLOG thoughts wait,
// as PostgreSQL's search indexer does (search-indexer.ts). Searches stay exact: before a search reads the index,
// it asks the thread to index what is waiting (flushSearchIndex), so a thought is found as soon as its write is
// acknowledged; a search right after a burst pays for the burst's indexing once.
//
// Thoughts are indexed in rowid order, in chunks of their own IMMEDIATE transactions. A chunk keys only thoughts that
// have no key yet (INSERT OR IGNORE) and indexes the keys it made, so a batch the serving thread indexed inline (when
// the write thread is down) is never indexed twice.
import type BetterSqlite3 from "better-sqlite3";

/** Thoughts per indexing transaction: ~0.1 s of the write thread, so a batch arriving meanwhile waits no longer. */
const CHUNK = 5_000;
/** A quiet writer: no batch for this long. */
export const QUIET_MS = 200;
/** Past this many waiting thoughts the thread indexes before its next batch (a flush then costs ~2 s at most). */
export const MAX_BACKLOG = 100_000;

export class SqliteThoughtIndexer {
  private readonly maxRowid: BetterSqlite3.Statement;
  private readonly maxKey: BetterSqlite3.Statement;
  private readonly addKeys: BetterSqlite3.Statement;
  private readonly addText: BetterSqlite3.Statement;
  /** Every thought with a rowid up to this one has its key and index entries. */
  private indexedThrough: number;

  constructor(private readonly db: BetterSqlite3.Database) {
    this.maxRowid = db.prepare(`SELECT coalesce(max(rowid), 0) FROM "Thought"`).pluck().safeIntegers(false);
    this.maxKey = db.prepare(`SELECT coalesce(max("key"), 0) FROM "ThoughtSearchKey"`).pluck().safeIntegers(false);
    this.addKeys = db.prepare(
      `INSERT OR IGNORE INTO "ThoughtSearchKey" ("thoughtId", "version")
       SELECT "id", 0 FROM "Thought" WHERE rowid > ? AND rowid <= ? ORDER BY rowid`,
    );
    this.addText = db.prepare(
      `INSERT INTO "ThoughtFts" (rowid, text) SELECT k."key", t."text" FROM "ThoughtSearchKey" k
       JOIN "Thought" t ON t."id" = k."thoughtId" WHERE k."key" > ? AND k."version" = 0`,
    );
    // Where a previous run stopped (thoughts committed, then the process ended): the first thought without a key.
    const firstMissing = db
      .prepare(
        `SELECT min(t.rowid) FROM "Thought" t WHERE NOT EXISTS
         (SELECT 1 FROM "ThoughtSearchKey" k WHERE k."thoughtId" = t."id" AND k."version" = 0)`,
      )
      .pluck()
      .safeIntegers(false)
      .get() as number | null;
    this.indexedThrough = firstMissing === null ? (this.maxRowid.get() as number) : firstMissing - 1;
  }

  /** Thoughts committed and not yet indexed. */
  waiting(): number {
    return (this.maxRowid.get() as number) - this.indexedThrough;
  }

  /** Indexes up to CHUNK waiting thoughts in one transaction; returns how many rowids it covered. */
  indexChunk(): number {
    const last = Math.min(this.maxRowid.get() as number, this.indexedThrough + CHUNK);
    if (last <= this.indexedThrough) return 0;
    const from = this.indexedThrough;
    this.db
      .transaction(() => {
        const keyBefore = this.maxKey.get() as number;
        this.addKeys.run(from, last);
        this.addText.run(keyBefore);
      })
      .immediate();
    this.indexedThrough = last;
    return last - from;
  }

  /** Indexes everything waiting. */
  indexAll(): void {
    while (this.indexChunk() > 0);
  }
}
