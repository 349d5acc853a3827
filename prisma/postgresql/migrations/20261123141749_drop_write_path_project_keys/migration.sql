-- DropForeignKey
ALTER TABLE "Thought" DROP CONSTRAINT "Thought_projectId_fkey";

-- DropForeignKey
ALTER TABLE "IngestKey" DROP CONSTRAINT "IngestKey_projectId_fkey";
