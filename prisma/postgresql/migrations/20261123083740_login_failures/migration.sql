-- CreateTable
CREATE TABLE "LoginFailure" (
    "email" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "windowEnd" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LoginFailure_pkey" PRIMARY KEY ("email")
);

-- CreateIndex
CREATE INDEX "LoginFailure_windowEnd_idx" ON "LoginFailure"("windowEnd");
