-- ThoughtAssessment keyed by (thoughtId, kind), its surrogate id dropped (issue 16): one index less to write per
-- finding (the detectors on every thought insert up to two per thought). Old code inserts an id: deploy with the new code.
-- DropIndex
DROP INDEX "ThoughtAssessment_thoughtId_kind_key";

-- AlterTable
ALTER TABLE "ThoughtAssessment" DROP CONSTRAINT "ThoughtAssessment_pkey",
DROP COLUMN "id",
ADD CONSTRAINT "ThoughtAssessment_pkey" PRIMARY KEY ("thoughtId", "kind");
