-- Nothing to do on SQLite: a session's title is indexed by its FTS5 triggers, which fire only when the title changes.
-- PostgreSQL's migration of the same name replaces the generated title vector with triggers (issue 17); both folders
-- hold the same migration names (test/services/migrations.test.ts).
SELECT 1;
