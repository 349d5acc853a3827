-- CreateTable
CREATE TABLE "IngestKey" (
    "projectId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "position" INTEGER,

    CONSTRAINT "IngestKey_pkey" PRIMARY KEY ("projectId","key")
);

-- Every idempotency key moves to IngestKey, pointing at the event that answered it.
INSERT INTO "IngestKey" ("projectId", "key", "eventId", "position")
SELECT "projectId", "idempotencyKey", "id", NULL FROM "IngestEvent" WHERE "idempotencyKey" IS NOT NULL;

-- DropIndex
DROP INDEX "IngestEvent_projectId_idempotencyKey_key";

-- AlterTable
ALTER TABLE "IngestEvent" DROP COLUMN "idempotencyKey";

-- AddForeignKey
ALTER TABLE "IngestKey" ADD CONSTRAINT "IngestKey_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
