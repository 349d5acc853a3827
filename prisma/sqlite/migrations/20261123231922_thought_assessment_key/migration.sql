-- ThoughtAssessment keyed by (thoughtId, kind) instead of its surrogate id (issue 16): the detectors on every thought
-- insert up to two rows per thought, and each row wrote the table, the id's index, the (thoughtId, kind) unique index
-- and the sessionId index. WITHOUT ROWID makes the key the table itself (Prisma cannot say so in the schema; the
-- replay check does not see it), so a row now writes two B-trees. "id" stays as a nullable, unindexed column so the
-- previous release's inserts still work (see the PostgreSQL migration); drop it in a later release.
-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ThoughtAssessment" (
    "id" TEXT,
    "projectId" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "thoughtId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "result" JSONB NOT NULL,
    "componentsUsed" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("thoughtId", "kind"),
    CONSTRAINT "ThoughtAssessment_thoughtId_fkey" FOREIGN KEY ("thoughtId") REFERENCES "Thought" ("id") ON DELETE CASCADE ON UPDATE CASCADE
) WITHOUT ROWID;
INSERT INTO "new_ThoughtAssessment" ("componentsUsed", "createdAt", "id", "kind", "projectId", "result", "sessionId", "thoughtId", "updatedAt") SELECT "componentsUsed", "createdAt", "id", "kind", "projectId", "result", "sessionId", "thoughtId", "updatedAt" FROM "ThoughtAssessment";
DROP TABLE "ThoughtAssessment";
ALTER TABLE "new_ThoughtAssessment" RENAME TO "ThoughtAssessment";
CREATE INDEX "ThoughtAssessment_sessionId_idx" ON "ThoughtAssessment"("sessionId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
