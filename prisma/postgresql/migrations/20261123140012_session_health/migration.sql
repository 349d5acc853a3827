-- CreateTable
CREATE TABLE "SessionHealth" (
    "sessionId" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "thoughts" INTEGER NOT NULL,
    "flags" INTEGER NOT NULL,
    "revisionRate" DOUBLE PRECISION NOT NULL,
    "branchCount" INTEGER NOT NULL,
    "abandonedBranches" INTEGER NOT NULL,
    "linearity" DOUBLE PRECISION NOT NULL,
    "stalls" INTEGER NOT NULL,
    "loops" INTEGER NOT NULL,
    "drift" INTEGER NOT NULL,
    "unresolvedFlags" INTEGER NOT NULL,
    "score" INTEGER NOT NULL,
    "computedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SessionHealth_pkey" PRIMARY KEY ("sessionId")
);

-- CreateIndex
CREATE INDEX "SessionHealth_projectId_score_idx" ON "SessionHealth"("projectId", "score");

-- AddForeignKey
ALTER TABLE "SessionHealth" ADD CONSTRAINT "SessionHealth_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "ThinkingSession"("id") ON DELETE CASCADE ON UPDATE CASCADE;
