-- AlterTable
ALTER TABLE "Thought" ADD COLUMN     "detail" JSONB,
ADD COLUMN     "kind" TEXT;
