-- CreateTable
CREATE TABLE "ThoughtAssessment" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "thoughtId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "result" JSONB NOT NULL,
    "componentsUsed" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ThoughtAssessment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ThoughtAssessment_sessionId_idx" ON "ThoughtAssessment"("sessionId");

-- CreateIndex
CREATE UNIQUE INDEX "ThoughtAssessment_thoughtId_kind_key" ON "ThoughtAssessment"("thoughtId", "kind");

-- AddForeignKey
ALTER TABLE "ThoughtAssessment" ADD CONSTRAINT "ThoughtAssessment_thoughtId_fkey" FOREIGN KEY ("thoughtId") REFERENCES "Thought"("id") ON DELETE CASCADE ON UPDATE CASCADE;
