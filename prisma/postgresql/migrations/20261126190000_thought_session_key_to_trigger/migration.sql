-- Thought's foreign key to ThinkingSession becomes a delete trigger (issue 17). The key checked every inserted thought
-- with a locking read of its session row: 5.4 ms of PostgreSQL's 18.8 ms per 1,000-thought write statement
-- (pg_stat_statements, bench:ingest). The write path already locks every existing session it writes to (FOR UPDATE,
-- server/ingest/write-store-pg.ts) and inserts new ones in the same statement as their thoughts, so the check found
-- nothing the lock does not guarantee. What the key also did, deleting a session's thoughts with it, this trigger
-- does once per DELETE statement (their scores, comments, versions and assessments follow by their own keys).
-- The body is an escape string with its semicolons written \073: the migration engine splits a script at every
-- semicolon, inside quotes too.
ALTER TABLE "Thought" DROP CONSTRAINT "Thought_sessionId_fkey";

CREATE FUNCTION "delete_session_thoughts"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  DELETE FROM "Thought" AS t USING deleted AS d WHERE t."sessionId" = d."id"\073
  RETURN NULL\073
END';
CREATE TRIGGER "ThinkingSession_delete_thoughts" AFTER DELETE ON "ThinkingSession"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "delete_session_thoughts"();
