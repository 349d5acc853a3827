-- CreateTable
CREATE TABLE "LoginFailure" (
    "email" TEXT NOT NULL PRIMARY KEY,
    "count" INTEGER NOT NULL,
    "windowEnd" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "LoginFailure_windowEnd_idx" ON "LoginFailure"("windowEnd");
