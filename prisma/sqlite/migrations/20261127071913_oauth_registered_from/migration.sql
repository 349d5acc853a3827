-- AlterTable
ALTER TABLE "OAuthClient" ADD COLUMN "registeredFrom" TEXT;

-- CreateIndex
CREATE INDEX "OAuthClient_kind_registeredFrom_createdAt_idx" ON "OAuthClient"("kind", "registeredFrom", "createdAt");
