-- ThoughtAssessment keyed by (thoughtId, kind) instead of its surrogate id (issue 16): one index less to write per
-- finding (the detectors on every thought insert up to two per thought). Safe for a rolling deploy: "id" stays as a
-- nullable column, so the previous release's inserts (which set it) and its ON CONFLICT ("thoughtId", "kind") still
-- work, and the new code leaves it NULL. Drop the column in a later release.
-- DropIndex
DROP INDEX "ThoughtAssessment_thoughtId_kind_key";

-- AlterTable
ALTER TABLE "ThoughtAssessment" DROP CONSTRAINT "ThoughtAssessment_pkey",
ALTER COLUMN "id" DROP NOT NULL,
ADD CONSTRAINT "ThoughtAssessment_pkey" PRIMARY KEY ("thoughtId", "kind");
