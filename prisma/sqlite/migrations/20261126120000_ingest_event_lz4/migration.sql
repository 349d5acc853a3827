-- Nothing to do on SQLite. PostgreSQL's migration of the same name compresses IngestEvent's body and result with lz4
-- (issue 17); both folders hold the same migration names (test/services/migrations.test.ts).
SELECT 1;
