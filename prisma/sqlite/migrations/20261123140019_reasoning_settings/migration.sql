-- CreateTable
CREATE TABLE "ProjectReasoningSettings" (
    "projectId" TEXT NOT NULL PRIMARY KEY,
    "detectOnWrite" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ProjectReasoningSettings_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
