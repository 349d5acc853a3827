-- DropIndex
DROP INDEX "Thought_projectId_createdAt_idx";

-- DropIndex
DROP INDEX "IngestEvent_projectId_createdAt_idx";
