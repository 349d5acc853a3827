-- CreateTable
CREATE TABLE "Project" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "name" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Membership" (
    "projectId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("projectId", "userId"),
    CONSTRAINT "Membership_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Membership_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "last4" TEXT NOT NULL,
    "scope" TEXT NOT NULL DEFAULT 'write',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" DATETIME,
    "revokedAt" DATETIME,
    CONSTRAINT "ApiKey_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ThinkingSession" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "key" TEXT,
    "title" TEXT,
    "status" TEXT NOT NULL DEFAULT 'active',
    "apiKeyId" TEXT,
    "agent" TEXT,
    "client" TEXT,
    "model" TEXT,
    "metadata" JSONB,
    "thoughtCount" INTEGER NOT NULL DEFAULT 0,
    "branchCount" INTEGER NOT NULL DEFAULT 0,
    "revisionCount" INTEGER NOT NULL DEFAULT 0,
    "flagCount" INTEGER NOT NULL DEFAULT 0,
    "thinkStep" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastActivityAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ThinkingSession_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Thought" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "thoughtNumber" INTEGER NOT NULL,
    "totalThoughts" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "nextThoughtNeeded" BOOLEAN NOT NULL,
    "needsMoreThoughts" BOOLEAN,
    "isRevision" BOOLEAN,
    "revisesThought" INTEGER,
    "revisesThoughtId" TEXT,
    "branchId" TEXT,
    "branchFromThought" INTEGER,
    "branchFromThoughtId" TEXT,
    "stage" TEXT,
    "tags" JSONB,
    "score" REAL,
    "flags" JSONB,
    "metadata" JSONB,
    "source" TEXT NOT NULL DEFAULT 'sequentialthinking',
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Thought_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Thought_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "ThinkingSession" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ThoughtVersion" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "thoughtId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "snapshot" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ThoughtVersion_thoughtId_fkey" FOREIGN KEY ("thoughtId") REFERENCES "Thought" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Branch" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "forkThought" INTEGER,
    "forkThoughtId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Branch_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Branch_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "ThinkingSession" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "IngestEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "idempotencyKey" TEXT,
    "kind" TEXT NOT NULL,
    "body" JSONB NOT NULL,
    "status" INTEGER NOT NULL,
    "result" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "IngestEvent_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "Project_slug_key" ON "Project"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_hash_key" ON "ApiKey"("hash");

-- CreateIndex
CREATE INDEX "ApiKey_projectId_idx" ON "ApiKey"("projectId");

-- CreateIndex
CREATE INDEX "ThinkingSession_projectId_lastActivityAt_idx" ON "ThinkingSession"("projectId", "lastActivityAt");

-- CreateIndex
CREATE INDEX "ThinkingSession_projectId_apiKeyId_client_status_lastActivityAt_idx" ON "ThinkingSession"("projectId", "apiKeyId", "client", "status", "lastActivityAt");

-- CreateIndex
CREATE UNIQUE INDEX "ThinkingSession_projectId_key_key" ON "ThinkingSession"("projectId", "key");

-- CreateIndex
CREATE INDEX "Thought_sessionId_thoughtNumber_idx" ON "Thought"("sessionId", "thoughtNumber");

-- CreateIndex
CREATE INDEX "Thought_projectId_createdAt_idx" ON "Thought"("projectId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Thought_sessionId_seq_key" ON "Thought"("sessionId", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "ThoughtVersion_thoughtId_version_key" ON "ThoughtVersion"("thoughtId", "version");

-- CreateIndex
CREATE UNIQUE INDEX "Branch_sessionId_key_key" ON "Branch"("sessionId", "key");

-- CreateIndex
CREATE INDEX "IngestEvent_projectId_createdAt_idx" ON "IngestEvent"("projectId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "IngestEvent_projectId_idempotencyKey_key" ON "IngestEvent"("projectId", "idempotencyKey");
