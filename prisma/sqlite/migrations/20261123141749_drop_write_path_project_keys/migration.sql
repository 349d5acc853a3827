-- Thought and IngestKey lose their foreign key to Project (prisma/schema.base.prisma says why). SQLite cannot drop a
-- foreign key, so both tables are rebuilt; the hand-added parts are marked.
-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Thought" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "thoughtNumber" INTEGER NOT NULL,
    "totalThoughts" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "nextThoughtNeeded" BOOLEAN NOT NULL,
    "needsMoreThoughts" BOOLEAN,
    "isRevision" BOOLEAN,
    "revisesThought" INTEGER,
    "revisesThoughtId" TEXT,
    "branchId" TEXT,
    "branchFromThought" INTEGER,
    "branchFromThoughtId" TEXT,
    "stage" TEXT,
    "tags" JSONB,
    "score" REAL,
    "flags" JSONB,
    "metadata" JSONB,
    "source" TEXT NOT NULL DEFAULT 'sequentialthinking',
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Thought_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "ThinkingSession" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Thought" ("branchFromThought", "branchFromThoughtId", "branchId", "createdAt", "flags", "id", "isRevision", "metadata", "needsMoreThoughts", "nextThoughtNeeded", "projectId", "revisesThought", "revisesThoughtId", "score", "seq", "sessionId", "source", "stage", "tags", "text", "thoughtNumber", "totalThoughts", "updatedAt", "version") SELECT "branchFromThought", "branchFromThoughtId", "branchId", "createdAt", "flags", "id", "isRevision", "metadata", "needsMoreThoughts", "nextThoughtNeeded", "projectId", "revisesThought", "revisesThoughtId", "score", "seq", "sessionId", "source", "stage", "tags", "text", "thoughtNumber", "totalThoughts", "updatedAt", "version" FROM "Thought";
DROP TABLE "Thought";
ALTER TABLE "new_Thought" RENAME TO "Thought";
CREATE INDEX "Thought_sessionId_thoughtNumber_idx" ON "Thought"("sessionId", "thoughtNumber");
CREATE UNIQUE INDEX "Thought_sessionId_seq_key" ON "Thought"("sessionId", "seq");
-- hand-added: DROP TABLE dropped the full-text trigger on Thought; the same trigger as in 20261123103748_memory_search.
CREATE TRIGGER "Thought_fts_au" AFTER UPDATE OF "text" ON "Thought" WHEN old."text" IS NOT new."text" BEGIN
  DELETE FROM "ThoughtFts" WHERE rowid = (SELECT "key" FROM "ThoughtSearchKey" WHERE "thoughtId" = new."id" AND "version" = 0);
  INSERT INTO "ThoughtFts" (rowid, text)
    SELECT "key", new."text" FROM "ThoughtSearchKey" WHERE "thoughtId" = new."id" AND "version" = 0;
END;
CREATE TABLE "new_IngestKey" (
    "projectId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "position" INTEGER,

    PRIMARY KEY ("projectId", "key")
) WITHOUT ROWID; -- hand-added, as in 20261122044054_ingest_keys: the key is the row's only b-tree
INSERT INTO "new_IngestKey" ("eventId", "key", "position", "projectId") SELECT "eventId", "key", "position", "projectId" FROM "IngestKey";
DROP TABLE "IngestKey";
ALTER TABLE "new_IngestKey" RENAME TO "IngestKey";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
