-- CreateTable
CREATE TABLE "Memory" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "thinkingSessionId" TEXT,
    "content" TEXT NOT NULL,
    "primarySector" TEXT NOT NULL,
    "strength" DOUBLE PRECISION NOT NULL DEFAULT 1,
    "salience" DOUBLE PRECISION NOT NULL,
    "importance" DOUBLE PRECISION NOT NULL DEFAULT 0.5,
    "metadata" JSONB,
    "embeddingModel" TEXT,
    "embeddingDim" INTEGER,
    "embedding" BYTEA,
    "deletedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastAccessed" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Memory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MemoryLink" (
    "sourceId" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    "weight" DOUBLE PRECISION NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MemoryLink_pkey" PRIMARY KEY ("sourceId","targetId")
);

-- CreateTable
CREATE TABLE "ThoughtSearchKey" (
    "key" SERIAL NOT NULL,
    "thoughtId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,

    CONSTRAINT "ThoughtSearchKey_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "SessionSearchKey" (
    "key" SERIAL NOT NULL,
    "sessionId" TEXT NOT NULL,

    CONSTRAINT "SessionSearchKey_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "MemorySearchKey" (
    "key" SERIAL NOT NULL,
    "memoryId" TEXT NOT NULL,

    CONSTRAINT "MemorySearchKey_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "Memory_projectId_userId_createdAt_idx" ON "Memory"("projectId", "userId", "createdAt");

-- CreateIndex
CREATE INDEX "Memory_thinkingSessionId_idx" ON "Memory"("thinkingSessionId");

-- CreateIndex
CREATE INDEX "MemoryLink_targetId_idx" ON "MemoryLink"("targetId");

-- CreateIndex
CREATE UNIQUE INDEX "ThoughtSearchKey_thoughtId_version_key" ON "ThoughtSearchKey"("thoughtId", "version");

-- CreateIndex
CREATE UNIQUE INDEX "SessionSearchKey_sessionId_key" ON "SessionSearchKey"("sessionId");

-- CreateIndex
CREATE UNIQUE INDEX "MemorySearchKey_memoryId_key" ON "MemorySearchKey"("memoryId");

-- AddForeignKey
ALTER TABLE "Memory" ADD CONSTRAINT "Memory_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Memory" ADD CONSTRAINT "Memory_thinkingSessionId_fkey" FOREIGN KEY ("thinkingSessionId") REFERENCES "ThinkingSession"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MemoryLink" ADD CONSTRAINT "MemoryLink_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Memory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MemoryLink" ADD CONSTRAINT "MemoryLink_targetId_fkey" FOREIGN KEY ("targetId") REFERENCES "Memory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ThoughtSearchKey" ADD CONSTRAINT "ThoughtSearchKey_thoughtId_fkey" FOREIGN KEY ("thoughtId") REFERENCES "Thought"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SessionSearchKey" ADD CONSTRAINT "SessionSearchKey_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "ThinkingSession"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MemorySearchKey" ADD CONSTRAINT "MemorySearchKey_memoryId_fkey" FOREIGN KEY ("memoryId") REFERENCES "Memory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- ---- Full-text search (hand-written: lib/search/README.md) ----
-- Generated tsvector columns kept in sync by PostgreSQL itself, each with a GIN index. The expression is
-- pgSearchVectorSql(x) of lib/search/tsquery.ts: the 'simple' configuration over the text lower-cased with the ICU
-- root collation and its ASCII punctuation replaced by spaces, so words split as SQLite FTS5's unicode61 splits them.
-- Prisma's schema does not declare these columns (the client never reads them): datamodel diffs leave them alone.
-- ADD COLUMN ... GENERATED ... STORED rewrites each table once, here.
ALTER TABLE "Thought" ADD COLUMN "searchVector" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, regexp_replace(lower("text" COLLATE "und-x-icu"), '[\x01-\x2F\x3A-\x40\x5B-\x60\x7B-\x7F]+', ' ', 'g'))) STORED;
CREATE INDEX "Thought_searchVector_idx" ON "Thought" USING gin ("searchVector");
ALTER TABLE "ThoughtVersion" ADD COLUMN "searchVector" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, regexp_replace(lower(coalesce("snapshot" ->> 'text', '') COLLATE "und-x-icu"), '[\x01-\x2F\x3A-\x40\x5B-\x60\x7B-\x7F]+', ' ', 'g'))) STORED;
CREATE INDEX "ThoughtVersion_searchVector_idx" ON "ThoughtVersion" USING gin ("searchVector");
ALTER TABLE "ThinkingSession" ADD COLUMN "searchVector" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, regexp_replace(lower(coalesce("title", '') COLLATE "und-x-icu"), '[\x01-\x2F\x3A-\x40\x5B-\x60\x7B-\x7F]+', ' ', 'g'))) STORED;
CREATE INDEX "ThinkingSession_searchVector_idx" ON "ThinkingSession" USING gin ("searchVector");
ALTER TABLE "Memory" ADD COLUMN "searchVector" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, regexp_replace(lower("content" COLLATE "und-x-icu"), '[\x01-\x2F\x3A-\x40\x5B-\x60\x7B-\x7F]+', ' ', 'g'))) STORED;
CREATE INDEX "Memory_searchVector_idx" ON "Memory" USING gin ("searchVector");
