-- AlterTable
ALTER TABLE "ProjectReasoningSettings" ADD COLUMN "detectedThrough" DATETIME;
