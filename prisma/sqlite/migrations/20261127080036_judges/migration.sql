-- AlterTable
ALTER TABLE "QueueItem" ADD COLUMN "uncertainty" REAL;

-- CreateTable
CREATE TABLE "ModelConnection" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "baseUrl" TEXT,
    "apiKeyCipher" TEXT,
    "apiKeyLast4" TEXT,
    "allowPrivateNetwork" BOOLEAN NOT NULL DEFAULT false,
    "maxConcurrency" INTEGER NOT NULL DEFAULT 4,
    "timeoutMs" INTEGER NOT NULL DEFAULT 60000,
    "inputPricePerMTok" REAL,
    "outputPricePerMTok" REAL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ModelConnection_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Judge" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "activeName" TEXT,
    "connectionId" TEXT,
    "model" TEXT NOT NULL,
    "configId" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "prompt" TEXT NOT NULL,
    "autoRun" BOOLEAN NOT NULL DEFAULT false,
    "sampleRate" REAL NOT NULL DEFAULT 1,
    "autoFilter" JSONB,
    "autoSince" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deletedAt" DATETIME,
    CONSTRAINT "Judge_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Judge_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "ModelConnection" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Judge_configId_fkey" FOREIGN KEY ("configId") REFERENCES "ScoreConfig" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "JudgeRun" (
    "id" TEXT NOT NULL PRIMARY KEY,
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
    "costUsd" REAL NOT NULL DEFAULT 0,
    "createdBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "cancelledAt" DATETIME,
    "finishedAt" DATETIME,
    CONSTRAINT "JudgeRun_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "JudgeRun_judgeId_fkey" FOREIGN KEY ("judgeId") REFERENCES "Judge" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "JudgeJob" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "judgeId" TEXT NOT NULL,
    "connectionId" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "thoughtId" TEXT,
    "targetKey" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseOwner" TEXT,
    "leaseExpiresAt" DATETIME,
    "lastError" TEXT,
    "lastStatus" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME,
    CONSTRAINT "JudgeJob_runId_fkey" FOREIGN KEY ("runId") REFERENCES "JudgeRun" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "JudgeJob_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "ThinkingSession" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Judgment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "judgeId" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "jobId" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "thoughtId" TEXT,
    "targetKey" TEXT NOT NULL,
    "configId" TEXT NOT NULL,
    "scoreId" TEXT,
    "value" REAL,
    "stringValue" TEXT,
    "rationale" TEXT NOT NULL,
    "confidence" REAL,
    "model" TEXT NOT NULL,
    "inputTokens" INTEGER,
    "outputTokens" INTEGER,
    "costUsd" REAL,
    "latencyMs" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Judgment_judgeId_fkey" FOREIGN KEY ("judgeId") REFERENCES "Judge" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Judgment_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "ThinkingSession" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Judgment_scoreId_fkey" FOREIGN KEY ("scoreId") REFERENCES "Score" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "JudgeSettings" (
    "projectId" TEXT NOT NULL PRIMARY KEY,
    "dailyCallLimit" INTEGER,
    "dailyTokenLimit" INTEGER,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "JudgeSettings_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "JudgeUsage" (
    "projectId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "calls" INTEGER NOT NULL DEFAULT 0,
    "tokens" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("projectId", "day")
);

-- CreateTable
CREATE TABLE "JudgeAutoSeen" (
    "judgeId" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("judgeId", "sessionId"),
    CONSTRAINT "JudgeAutoSeen_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "ThinkingSession" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_AnnotationQueue" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "reviewersPerItem" INTEGER NOT NULL DEFAULT 1,
    "scoreConfigIds" JSONB NOT NULL,
    "filter" JSONB,
    "uncertainFirst" BOOLEAN NOT NULL DEFAULT false,
    "createdBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "archivedAt" DATETIME,
    CONSTRAINT "AnnotationQueue_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AnnotationQueue_createdBy_fkey" FOREIGN KEY ("createdBy") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_AnnotationQueue" ("archivedAt", "createdAt", "createdBy", "description", "filter", "id", "name", "projectId", "reviewersPerItem", "scoreConfigIds") SELECT "archivedAt", "createdAt", "createdBy", "description", "filter", "id", "name", "projectId", "reviewersPerItem", "scoreConfigIds" FROM "AnnotationQueue";
DROP TABLE "AnnotationQueue";
ALTER TABLE "new_AnnotationQueue" RENAME TO "AnnotationQueue";
CREATE INDEX "AnnotationQueue_projectId_createdAt_idx" ON "AnnotationQueue"("projectId", "createdAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

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
