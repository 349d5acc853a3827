-- Nothing to do on SQLite: its FTS5 index of thoughts is kept by triggers in the write transaction, which costs little
-- there. PostgreSQL's migration of the same name moves thought indexing to a background indexer (issue 17); both
-- folders hold the same migration names (test/services/migrations.test.ts).
SELECT 1;
