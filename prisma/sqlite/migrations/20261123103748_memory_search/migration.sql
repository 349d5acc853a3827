-- CreateTable
CREATE TABLE "Memory" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "thinkingSessionId" TEXT,
    "content" TEXT NOT NULL,
    "primarySector" TEXT NOT NULL,
    "strength" REAL NOT NULL DEFAULT 1,
    "salience" REAL NOT NULL,
    "importance" REAL NOT NULL DEFAULT 0.5,
    "metadata" JSONB,
    "embeddingModel" TEXT,
    "embeddingDim" INTEGER,
    "embedding" BLOB,
    "deletedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastAccessed" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Memory_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Memory_thinkingSessionId_fkey" FOREIGN KEY ("thinkingSessionId") REFERENCES "ThinkingSession" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "MemoryLink" (
    "sourceId" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    "weight" REAL NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("sourceId", "targetId"),
    CONSTRAINT "MemoryLink_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Memory" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "MemoryLink_targetId_fkey" FOREIGN KEY ("targetId") REFERENCES "Memory" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ThoughtSearchKey" (
    "key" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "thoughtId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    CONSTRAINT "ThoughtSearchKey_thoughtId_fkey" FOREIGN KEY ("thoughtId") REFERENCES "Thought" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SessionSearchKey" (
    "key" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "sessionId" TEXT NOT NULL,
    CONSTRAINT "SessionSearchKey_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "ThinkingSession" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "MemorySearchKey" (
    "key" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "memoryId" TEXT NOT NULL,
    CONSTRAINT "MemorySearchKey_memoryId_fkey" FOREIGN KEY ("memoryId") REFERENCES "Memory" ("id") ON DELETE CASCADE ON UPDATE CASCADE
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

-- ---- Full-text search (hand-written: lib/search/README.md has the plan and the measurements) ----
-- Contentless FTS5 tables (the text is not stored twice: 54 MiB against 75 MiB with a copy, 100,000 thoughts), keyed
-- by the *SearchKey tables' INTEGER PRIMARY KEYs, which VACUUM keeps. The tokenizer is the one lib/search/tokens.ts
-- mirrors: contentless_delete = 1 (SQLite >= 3.43) lets a row be deleted by rowid alone.
CREATE VIRTUAL TABLE "ThoughtFts" USING fts5(
  text, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
);
CREATE VIRTUAL TABLE "SessionTitleFts" USING fts5(
  title, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
);
CREATE VIRTUAL TABLE "MemoryFts" USING fts5(
  content, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
);

-- Thoughts. A new thought's text (version 0) is indexed by the batch write path (server/ingest/write-store-sqlite.ts),
-- not by an insert trigger: a trigger measured 0.12x of raw insert speed, two INSERT ... SELECT per batch 0.38x.
-- Edits (revise_thought) and versions are rare and keep themselves in sync here.
CREATE TRIGGER "Thought_fts_au" AFTER UPDATE OF "text" ON "Thought" WHEN old."text" IS NOT new."text" BEGIN
  DELETE FROM "ThoughtFts" WHERE rowid = (SELECT "key" FROM "ThoughtSearchKey" WHERE "thoughtId" = new."id" AND "version" = 0);
  INSERT INTO "ThoughtFts" (rowid, text)
    SELECT "key", new."text" FROM "ThoughtSearchKey" WHERE "thoughtId" = new."id" AND "version" = 0;
END;
CREATE TRIGGER "ThoughtVersion_fts_ai" AFTER INSERT ON "ThoughtVersion" BEGIN
  INSERT INTO "ThoughtSearchKey" ("thoughtId", "version") VALUES (new."thoughtId", new."version");
  INSERT INTO "ThoughtFts" (rowid, text) VALUES (last_insert_rowid(), coalesce(json_extract(new."snapshot", '$.text'), ''));
END;
-- Fired by the foreign-key cascade from Thought too, so deleting a thought or a session leaves no index row behind.
CREATE TRIGGER "ThoughtSearchKey_fts_ad" AFTER DELETE ON "ThoughtSearchKey" BEGIN
  DELETE FROM "ThoughtFts" WHERE rowid = old."key";
END;

-- Session titles: one session per agent run, written at agent pace, so triggers are cheap enough. The batch writer
-- sets "title" on every batch: only a changed title re-indexes.
CREATE TRIGGER "ThinkingSession_fts_ai" AFTER INSERT ON "ThinkingSession" BEGIN
  INSERT INTO "SessionSearchKey" ("sessionId") VALUES (new."id");
  INSERT INTO "SessionTitleFts" (rowid, title) VALUES (last_insert_rowid(), coalesce(new."title", ''));
END;
CREATE TRIGGER "ThinkingSession_fts_au" AFTER UPDATE OF "title" ON "ThinkingSession" WHEN old."title" IS NOT new."title" BEGIN
  DELETE FROM "SessionTitleFts" WHERE rowid = (SELECT "key" FROM "SessionSearchKey" WHERE "sessionId" = new."id");
  INSERT INTO "SessionTitleFts" (rowid, title)
    SELECT "key", coalesce(new."title", '') FROM "SessionSearchKey" WHERE "sessionId" = new."id";
END;
CREATE TRIGGER "SessionSearchKey_fts_ad" AFTER DELETE ON "SessionSearchKey" BEGIN
  DELETE FROM "SessionTitleFts" WHERE rowid = old."key";
END;

-- Memories: written one at a time by remember / update_memory.
CREATE TRIGGER "Memory_fts_ai" AFTER INSERT ON "Memory" BEGIN
  INSERT INTO "MemorySearchKey" ("memoryId") VALUES (new."id");
  INSERT INTO "MemoryFts" (rowid, content) VALUES (last_insert_rowid(), new."content");
END;
CREATE TRIGGER "Memory_fts_au" AFTER UPDATE OF "content" ON "Memory" WHEN old."content" IS NOT new."content" BEGIN
  DELETE FROM "MemoryFts" WHERE rowid = (SELECT "key" FROM "MemorySearchKey" WHERE "memoryId" = new."id");
  INSERT INTO "MemoryFts" (rowid, content)
    SELECT "key", new."content" FROM "MemorySearchKey" WHERE "memoryId" = new."id";
END;
CREATE TRIGGER "MemorySearchKey_fts_ad" AFTER DELETE ON "MemorySearchKey" BEGIN
  DELETE FROM "MemoryFts" WHERE rowid = old."key";
END;

-- Backfill what exists (~2 s per 100,000 thoughts at the measured rate).
INSERT INTO "ThoughtSearchKey" ("thoughtId", "version") SELECT "id", 0 FROM "Thought" ORDER BY rowid;
INSERT INTO "ThoughtFts" (rowid, text)
  SELECT k."key", t."text" FROM "ThoughtSearchKey" k JOIN "Thought" t ON t."id" = k."thoughtId" WHERE k."version" = 0;
INSERT INTO "ThoughtSearchKey" ("thoughtId", "version") SELECT "thoughtId", "version" FROM "ThoughtVersion";
INSERT INTO "ThoughtFts" (rowid, text)
  SELECT k."key", coalesce(json_extract(v."snapshot", '$.text'), '') FROM "ThoughtSearchKey" k
  JOIN "ThoughtVersion" v ON v."thoughtId" = k."thoughtId" AND v."version" = k."version" WHERE k."version" > 0;
INSERT INTO "SessionSearchKey" ("sessionId") SELECT "id" FROM "ThinkingSession";
INSERT INTO "SessionTitleFts" (rowid, title)
  SELECT k."key", coalesce(s."title", '') FROM "SessionSearchKey" k JOIN "ThinkingSession" s ON s."id" = k."sessionId";
