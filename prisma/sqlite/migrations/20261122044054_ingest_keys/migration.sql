-- CreateTable
CREATE TABLE "IngestKey" (
    "projectId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "position" INTEGER,

    PRIMARY KEY ("projectId", "key"),
    CONSTRAINT "IngestKey_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE
) WITHOUT ROWID; -- hand-added: the key is the row's only b-tree (no rowid table beside the primary-key index)

-- Every idempotency key moves to IngestKey, pointing at the event that answered it.
INSERT INTO "IngestKey" ("projectId", "key", "eventId", "position")
SELECT "projectId", "idempotencyKey", "id", NULL FROM "IngestEvent" WHERE "idempotencyKey" IS NOT NULL;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_IngestEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "body" JSONB NOT NULL,
    "status" INTEGER NOT NULL,
    "result" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "IngestEvent_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_IngestEvent" ("body", "createdAt", "id", "kind", "projectId", "result", "status") SELECT "body", "createdAt", "id", "kind", "projectId", "result", "status" FROM "IngestEvent";
DROP TABLE "IngestEvent";
ALTER TABLE "new_IngestEvent" RENAME TO "IngestEvent";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
