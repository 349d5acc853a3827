-- CreateIndex
CREATE INDEX "Memory_projectId_userId_updatedAt_idx" ON "Memory"("projectId", "userId", "updatedAt");
