-- ThinkingSession's title vector is kept by triggers instead of a generated column (issue 17). PostgreSQL recomputes a
-- stored generated column on every UPDATE of the row, and the write path updates each session it writes to once per
-- transaction (counters, lastActivityAt): a 10-session UPDATE cost 1.76–2.10 ms with the generated column against
-- 0.75–0.91 ms with these triggers (pgbench, same run, load average ~9), so the title is now indexed only when it is
-- written or changes. Values already stored stay (DROP EXPRESSION keeps them, no rewrite). Same expression as before
-- (lib/search/tsquery.ts pgSearchVectorSql).
-- The body is an escape string with its semicolons written \073: the migration engine splits a script at every
-- semicolon, inside quotes too.
ALTER TABLE "ThinkingSession" ALTER COLUMN "searchVector" DROP EXPRESSION;

CREATE FUNCTION "session_search_vector"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  NEW."searchVector" := to_tsvector(''simple''::regconfig, regexp_replace(lower(coalesce(NEW."title", '''') COLLATE "und-x-icu"), ''[\\x01-\\x2F\\x3A-\\x40\\x5B-\\x60\\x7B-\\x7F]+'', '' '', ''g''))\073
  RETURN NEW\073
END';
CREATE TRIGGER "ThinkingSession_searchVector_on_insert" BEFORE INSERT ON "ThinkingSession" FOR EACH ROW
  EXECUTE FUNCTION "session_search_vector"();
CREATE TRIGGER "ThinkingSession_searchVector_on_title" BEFORE UPDATE OF "title" ON "ThinkingSession" FOR EACH ROW
  WHEN (OLD."title" IS DISTINCT FROM NEW."title") EXECUTE FUNCTION "session_search_vector"();
