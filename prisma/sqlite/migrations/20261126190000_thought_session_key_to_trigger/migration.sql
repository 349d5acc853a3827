-- Nothing to do on SQLite, where the foreign key stays (each insert's check is an index probe in process). PostgreSQL's
-- migration of the same name replaces Thought's key to ThinkingSession with a delete trigger (issue 17); both folders
-- hold the same migration names (test/services/migrations.test.ts).
SELECT 1;
