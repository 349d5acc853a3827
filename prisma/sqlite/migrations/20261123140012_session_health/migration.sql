-- CreateTable
CREATE TABLE "SessionHealth" (
    "sessionId" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "thoughts" INTEGER NOT NULL,
    "flags" INTEGER NOT NULL,
    "revisionRate" REAL NOT NULL,
    "branchCount" INTEGER NOT NULL,
    "abandonedBranches" INTEGER NOT NULL,
    "linearity" REAL NOT NULL,
    "stalls" INTEGER NOT NULL,
    "loops" INTEGER NOT NULL,
    "drift" INTEGER NOT NULL,
    "unresolvedFlags" INTEGER NOT NULL,
    "score" INTEGER NOT NULL,
    "computedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SessionHealth_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "ThinkingSession" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "SessionHealth_projectId_score_idx" ON "SessionHealth"("projectId", "score");
