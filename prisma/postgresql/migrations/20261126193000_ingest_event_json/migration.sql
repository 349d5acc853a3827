-- IngestEvent's body and result are stored as `json` (their text, checked for syntax) instead of `jsonb` (issue 17).
-- Nothing queries inside them: a retried key reads one back whole and parses it in the server. Parsing a 1,000-event
-- request body (437 KB) into jsonb cost PostgreSQL 5.6–6.2 ms per insert against 1.9–2.1 ms as json (one connection,
-- 60 inserts each, same run), a fifth of its time per 1,000-event ingest request. The write path sends them as json
-- (server/ingest/write-store.ts, kind "log"). Code that still sends jsonb is converted on assignment, so instances of
-- the previous release keep working during a rolling deploy. The change rewrites the table once, and values read back
-- the same. A new type resets a column's compression, so lz4 is set again as in 20261126120000_ingest_event_lz4 (the
-- semicolons inside the block are written \073: the migration engine splits a script at every semicolon).
ALTER TABLE "IngestEvent" ALTER COLUMN "body" TYPE json, ALTER COLUMN "result" TYPE json;
DO E'BEGIN
  ALTER TABLE "IngestEvent" ALTER COLUMN "body" SET COMPRESSION lz4, ALTER COLUMN "result" SET COMPRESSION lz4\073
EXCEPTION WHEN feature_not_supported THEN
  RAISE NOTICE ''PostgreSQL was built without lz4: IngestEvent keeps pglz''\073
END';
