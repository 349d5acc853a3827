-- DropIndex
DROP INDEX "Thought_sessionId_thoughtNumber_idx";
