-- AlterTable
ALTER TABLE "Thought" ADD COLUMN "detail" JSONB;
ALTER TABLE "Thought" ADD COLUMN "kind" TEXT;
