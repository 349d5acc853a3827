-- IngestEvent's body and result (an ingest request's whole body, hundreds of KB, and its answers) are compressed with
-- lz4 instead of pglz when PostgreSQL stores them out of line (issue 17): a 420 KB request body of 1,000 events took
-- 8.3–9.4 ms to insert with pglz against 4.9–6.4 ms with lz4 (one connection, 50 inserts each, same run), about a tenth
-- of PostgreSQL's time per 1,000-event ingest request, and took about as much room (1.82 against 1.74 MB per 100).
-- Rows written from now on only: stored values stay as they are (no rewrite, a brief lock). A server built without
-- lz4 keeps pglz. The semicolons inside the block are written \073: the migration engine splits a script at every
-- semicolon, inside quotes too.
DO E'BEGIN
  ALTER TABLE "IngestEvent" ALTER COLUMN "body" SET COMPRESSION lz4, ALTER COLUMN "result" SET COMPRESSION lz4\073
EXCEPTION WHEN feature_not_supported THEN
  RAISE NOTICE ''PostgreSQL was built without lz4: IngestEvent keeps pglz''\073
END';
