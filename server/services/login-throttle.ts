// Sign-in throttling: at most 10 wrong passwords per email per 15 minutes, counted in the database (LoginFailure) so
// that every instance of a fleet shares the count and a restart forgets none (a per-process count would allow N
// instances 10 × N guesses). Every statement here is a single atomic UPDATE or INSERT, so
// failures arriving at several instances at once are all counted (the same on SQLite and PostgreSQL).
import type { Db } from "@/server/db/client";
import { isUniqueViolation } from "@/server/db/db-errors";
import { DomainError } from "@/server/errors";

const WINDOW_MS = 15 * 60_000;
const MAX_FAILURES = 10;
// Expired rows are deleted at most this often per process (one indexed DELETE), so the table holds only live windows.
const PRUNE_EVERY_MS = 60_000;
let lastPrune = 0;

const keyOf = (email: string) => email.trim().toLowerCase();

/** Throws 429 while the email has MAX_FAILURES wrong passwords in its current window. */
export async function assertNotThrottled(db: Db, email: string, now = new Date()): Promise<void> {
  const row = await db.loginFailure.findUnique({ where: { email: keyOf(email) } });
  if (!row || row.windowEnd <= now || row.count < MAX_FAILURES) return;
  const minutes = Math.ceil((row.windowEnd.getTime() - now.getTime()) / 60_000);
  throw new DomainError(
    "rate_limited",
    429,
    `Too many wrong passwords for ${email}.`,
    "password",
    `Wait ${minutes} minute(s), or ask an owner or admin of your project for a password reset link.`,
  );
}

/** A right password clears the email's count; a wrong one adds to it (starting a new window if the last expired). */
export async function noteSignInResult(db: Db, email: string, ok: boolean, now = new Date()): Promise<void> {
  const key = keyOf(email);
  if (ok) {
    await db.loginFailure.deleteMany({ where: { email: key } });
    return;
  }
  await countFailure(db, key, now);
  if (now.getTime() - lastPrune > PRUNE_EVERY_MS) {
    lastPrune = now.getTime();
    await db.loginFailure.deleteMany({ where: { windowEnd: { lt: now } } });
  }
}

async function countFailure(db: Db, email: string, now: Date, tries = 3): Promise<void> {
  const added = await db.loginFailure.updateMany({
    where: { email, windowEnd: { gt: now } },
    data: { count: { increment: 1 } },
  });
  if (added.count > 0) return;
  const windowEnd = new Date(now.getTime() + WINDOW_MS);
  const restarted = await db.loginFailure.updateMany({
    where: { email, windowEnd: { lte: now } },
    data: { count: 1, windowEnd },
  });
  if (restarted.count > 0) return;
  try {
    await db.loginFailure.create({ data: { email, count: 1, windowEnd } });
  } catch (error) {
    // Another instance inserted this email's row first: count on it instead.
    if (!isUniqueViolation(error) || tries <= 1) throw error;
    await countFailure(db, email, now, tries - 1);
  }
}
