-- AlterTable
ALTER TABLE "ProjectReasoningSettings" ADD COLUMN     "detectedThrough" TIMESTAMP(3);
