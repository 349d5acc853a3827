-- CreateTable
CREATE TABLE "ProjectReasoningSettings" (
    "projectId" TEXT NOT NULL,
    "detectOnWrite" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ProjectReasoningSettings_pkey" PRIMARY KEY ("projectId")
);

-- AddForeignKey
ALTER TABLE "ProjectReasoningSettings" ADD CONSTRAINT "ProjectReasoningSettings_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
