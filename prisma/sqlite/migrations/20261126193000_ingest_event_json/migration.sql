-- Nothing to do on SQLite, where JSON is text already. PostgreSQL's migration of the same name stores IngestEvent's
-- body and result as json instead of jsonb (issue 17); both folders hold the same migration names
-- (test/services/migrations.test.ts).
SELECT 1;
