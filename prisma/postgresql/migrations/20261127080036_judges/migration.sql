-- AlterTable
ALTER TABLE "AnnotationQueue" ADD COLUMN     "uncertainFirst" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "QueueItem" ADD COLUMN     "uncertainty" DOUBLE PRECISION;

-- CreateTable
CREATE TABLE "ModelConnection" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "baseUrl" TEXT,
    "apiKeyCipher" TEXT,
    "apiKeyLast4" TEXT,
    "allowPrivateNetwork" BOOLEAN NOT NULL DEFAULT false,
    "maxConcurrency" INTEGER NOT NULL DEFAULT 4,
    "timeoutMs" INTEGER NOT NULL DEFAULT 60000,
    "inputPricePerMTok" DOUBLE PRECISION,
    "outputPricePerMTok" DOUBLE PRECISION,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ModelConnection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Judge" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "activeName" TEXT,
    "connectionId" TEXT,
    "model" TEXT NOT NULL,
    "configId" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "prompt" TEXT NOT NULL,
    "autoRun" BOOLEAN NOT NULL DEFAULT false,
    "sampleRate" DOUBLE PRECISION NOT NULL DEFAULT 1,
    "autoFilter" JSONB,
    "autoSince" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "Judge_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JudgeRun" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "judgeId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "scope" JSONB NOT NULL,
    "total" INTEGER NOT NULL DEFAULT 0,
    "done" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "cancelled" INTEGER NOT NULL DEFAULT 0,
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "costUsd" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "cancelledAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "JudgeRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JudgeJob" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "judgeId" TEXT NOT NULL,
    "connectionId" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "thoughtId" TEXT,
    "targetKey" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseOwner" TEXT,
    "leaseExpiresAt" TIMESTAMP(3),
    "lastError" TEXT,
    "lastStatus" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "JudgeJob_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Judgment" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "judgeId" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "jobId" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "thoughtId" TEXT,
    "targetKey" TEXT NOT NULL,
    "configId" TEXT NOT NULL,
    "scoreId" TEXT,
    "value" DOUBLE PRECISION,
    "stringValue" TEXT,
    "rationale" TEXT NOT NULL,
    "confidence" DOUBLE PRECISION,
    "model" TEXT NOT NULL,
    "inputTokens" INTEGER,
    "outputTokens" INTEGER,
    "costUsd" DOUBLE PRECISION,
    "latencyMs" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Judgment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JudgeSettings" (
    "projectId" TEXT NOT NULL,
    "dailyCallLimit" INTEGER,
    "dailyTokenLimit" INTEGER,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JudgeSettings_pkey" PRIMARY KEY ("projectId")
);

-- CreateTable
CREATE TABLE "JudgeUsage" (
    "projectId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "calls" INTEGER NOT NULL DEFAULT 0,
    "tokens" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "JudgeUsage_pkey" PRIMARY KEY ("projectId","day")
);

-- CreateTable
CREATE TABLE "JudgeAutoSeen" (
    "judgeId" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JudgeAutoSeen_pkey" PRIMARY KEY ("judgeId","sessionId")
);

-- CreateIndex
CREATE UNIQUE INDEX "ModelConnection_projectId_name_key" ON "ModelConnection"("projectId", "name");

-- CreateIndex
CREATE INDEX "Judge_connectionId_idx" ON "Judge"("connectionId");

-- CreateIndex
CREATE UNIQUE INDEX "Judge_projectId_activeName_key" ON "Judge"("projectId", "activeName");

-- CreateIndex
CREATE INDEX "JudgeRun_projectId_createdAt_idx" ON "JudgeRun"("projectId", "createdAt");

-- CreateIndex
CREATE INDEX "JudgeRun_judgeId_kind_idx" ON "JudgeRun"("judgeId", "kind");

-- CreateIndex
CREATE INDEX "JudgeJob_connectionId_status_nextAttemptAt_idx" ON "JudgeJob"("connectionId", "status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "JudgeJob_runId_status_idx" ON "JudgeJob"("runId", "status");

-- CreateIndex
CREATE INDEX "JudgeJob_status_leaseExpiresAt_idx" ON "JudgeJob"("status", "leaseExpiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "JudgeJob_runId_targetKey_key" ON "JudgeJob"("runId", "targetKey");

-- CreateIndex
CREATE UNIQUE INDEX "Judgment_jobId_key" ON "Judgment"("jobId");

-- CreateIndex
CREATE INDEX "Judgment_judgeId_createdAt_idx" ON "Judgment"("judgeId", "createdAt");

-- CreateIndex
CREATE INDEX "Judgment_scoreId_createdAt_idx" ON "Judgment"("scoreId", "createdAt");

-- CreateIndex
CREATE INDEX "JudgeAutoSeen_sessionId_idx" ON "JudgeAutoSeen"("sessionId");

-- AddForeignKey
ALTER TABLE "ModelConnection" ADD CONSTRAINT "ModelConnection_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Judge" ADD CONSTRAINT "Judge_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Judge" ADD CONSTRAINT "Judge_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "ModelConnection"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Judge" ADD CONSTRAINT "Judge_configId_fkey" FOREIGN KEY ("configId") REFERENCES "ScoreConfig"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeRun" ADD CONSTRAINT "JudgeRun_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeRun" ADD CONSTRAINT "JudgeRun_judgeId_fkey" FOREIGN KEY ("judgeId") REFERENCES "Judge"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeJob" ADD CONSTRAINT "JudgeJob_runId_fkey" FOREIGN KEY ("runId") REFERENCES "JudgeRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeJob" ADD CONSTRAINT "JudgeJob_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "ThinkingSession"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Judgment" ADD CONSTRAINT "Judgment_judgeId_fkey" FOREIGN KEY ("judgeId") REFERENCES "Judge"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Judgment" ADD CONSTRAINT "Judgment_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "ThinkingSession"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Judgment" ADD CONSTRAINT "Judgment_scoreId_fkey" FOREIGN KEY ("scoreId") REFERENCES "Score"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeSettings" ADD CONSTRAINT "JudgeSettings_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeAutoSeen" ADD CONSTRAINT "JudgeAutoSeen_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "ThinkingSession"("id") ON DELETE CASCADE ON UPDATE CASCADE;
