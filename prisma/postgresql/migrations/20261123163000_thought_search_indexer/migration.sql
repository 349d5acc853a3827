-- Thought search leaves the write transaction (issue 17). The generated column computed to_tsvector(regexp_replace(…))
-- and its GIN entry inside every thought INSERT: ~130–220 ms of a 1,000-thought batch's ~180–260 ms Thought insert
-- (pg_stat_statements). It becomes a plain column that the write path leaves NULL and the background indexer
-- (server/ingest/search-indexer.ts) fills with the same expression (lib/search/tsquery.ts pgSearchVectorSql), taking
-- rows through the partial index below. Values already stored stay (DROP EXPRESSION keeps them, no rewrite).
ALTER TABLE "Thought" ALTER COLUMN "searchVector" DROP EXPRESSION;

-- The rows still to index: empty when the indexer keeps up, so the indexer's pick costs next to nothing.
CREATE INDEX "Thought_searchVector_pending_idx" ON "Thought" ("id") WHERE "searchVector" IS NULL;

-- An edit of a thought's text (revise_thought, PATCH) indexes it at once, in the edit's own transaction: edits are
-- rare, and search must not find the old text once the edit is acknowledged.
-- The body is an escape string with its semicolons written \073: the migration engine splits a script at every
-- semicolon, inside quotes too.
CREATE FUNCTION "thought_search_vector_on_edit"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  NEW."searchVector" := to_tsvector(''simple''::regconfig, regexp_replace(lower(NEW."text" COLLATE "und-x-icu"), ''[\\x01-\\x2F\\x3A-\\x40\\x5B-\\x60\\x7B-\\x7F]+'', '' '', ''g''))\073
  RETURN NEW\073
END';
CREATE TRIGGER "Thought_searchVector_on_edit" BEFORE UPDATE OF "text" ON "Thought" FOR EACH ROW
  WHEN (OLD."text" IS DISTINCT FROM NEW."text") EXECUTE FUNCTION "thought_search_vector_on_edit"();
