// A project's daily judge budget: at most N calls and/or T tokens (input + output) per UTC day across all its judges.
// Calls are reserved when jobs are claimed, inside the claim's transaction, so the call limit holds exactly however many
// instances claim at once; tokens are added when a call ends (a call in flight when the token limit is reached may
// pass it by its own size). When either is spent, claims stop and every run with jobs left says it is paused, and why,
// until the day ends or an admin raises the limit.
import "@/server/server-only";
import type { JudgeSettingsInput, JudgeSettingsView } from "@/lib/contracts/judges";
import type { Db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/sqlite/client";

type Tx = Prisma.TransactionClient;

/** The UTC day a call counts against, as JudgeUsage.day. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

interface Limits {
  dailyCallLimit: number | null;
  dailyTokenLimit: number | null;
}

interface Usage {
  calls: number;
  tokens: number;
}

/** Why runs are paused, in words, or null while budget is left. */
export function pausedReason(limits: Limits, used: Usage): string | null {
  if (limits.dailyCallLimit !== null && used.calls >= limits.dailyCallLimit) {
    return (
      `Paused: the project's daily budget of ${limits.dailyCallLimit} judge calls is spent (${used.calls} today). ` +
      "Runs continue at 00:00 UTC, or when an admin raises the budget."
    );
  }
  if (limits.dailyTokenLimit !== null && used.tokens >= limits.dailyTokenLimit) {
    return (
      `Paused: the project's daily budget of ${limits.dailyTokenLimit} tokens is spent (${used.tokens} today). ` +
      "Runs continue at 00:00 UTC, or when an admin raises the budget."
    );
  }
  return null;
}

async function limitsOf(db: Db | Tx, projectId: string): Promise<Limits> {
  const row = await db.judgeSettings.findUnique({ where: { projectId } });
  return { dailyCallLimit: row?.dailyCallLimit ?? null, dailyTokenLimit: row?.dailyTokenLimit ?? null };
}

async function usageOf(db: Db | Tx, projectId: string, day: string): Promise<Usage> {
  const row = await db.judgeUsage.findUnique({ where: { projectId_day: { projectId, day } } });
  return { calls: row?.calls ?? 0, tokens: row?.tokens ?? 0 };
}

export async function judgeSettings(db: Db, projectId: string, now = new Date()): Promise<JudgeSettingsView> {
  const [limits, used] = await Promise.all([limitsOf(db, projectId), usageOf(db, projectId, utcDay(now))]);
  return { ...limits, callsToday: used.calls, tokensToday: used.tokens, pausedReason: pausedReason(limits, used) };
}

export async function setJudgeSettings(
  db: Db,
  projectId: string,
  input: JudgeSettingsInput,
): Promise<JudgeSettingsView> {
  const data = {
    ...(input.dailyCallLimit !== undefined ? { dailyCallLimit: input.dailyCallLimit } : {}),
    ...(input.dailyTokenLimit !== undefined ? { dailyTokenLimit: input.dailyTokenLimit } : {}),
    updatedAt: new Date(),
  };
  await db.judgeSettings.upsert({ where: { projectId }, create: { projectId, ...data }, update: data });
  return judgeSettings(db, projectId);
}

/** The paused reason of a project right now (null: budget left). */
export async function budgetPause(db: Db, projectId: string, now = new Date()): Promise<string | null> {
  return (await judgeSettings(db, projectId, now)).pausedReason;
}

/**
 * Inside a claim's transaction: how many of `wanted` calls the budget allows today, counted at once. With a limit, the
 * day's usage row is locked first (PostgreSQL: FOR UPDATE; SQLite transactions are serial already) so two instances
 * cannot both take the last calls.
 */
export async function reserveCalls(
  tx: Tx,
  postgres: boolean,
  projectId: string,
  wanted: number,
  now: Date,
): Promise<number> {
  if (wanted <= 0) return 0;
  const limits = await limitsOf(tx, projectId);
  const day = utcDay(now);
  const key = { projectId_day: { projectId, day } };
  if (limits.dailyCallLimit === null && limits.dailyTokenLimit === null) {
    // Nothing to check against: count the calls in one statement.
    await tx.judgeUsage.upsert({
      where: key,
      create: { projectId, day, calls: wanted },
      update: { calls: { increment: wanted } },
    });
    return wanted;
  }
  await tx.judgeUsage.upsert({ where: key, create: { projectId, day }, update: {} });
  if (postgres) {
    await tx.$queryRaw`SELECT 1 FROM "JudgeUsage" WHERE "projectId" = ${projectId} AND "day" = ${day} FOR UPDATE`;
  }
  const used = await usageOf(tx, projectId, day);
  if (pausedReason(limits, used) !== null) return 0;
  const granted = limits.dailyCallLimit === null ? wanted : Math.min(wanted, limits.dailyCallLimit - used.calls);
  if (granted > 0) await tx.judgeUsage.update({ where: key, data: { calls: { increment: granted } } });
  return granted;
}

/** Gives back calls reserved but not made (a claim that found fewer jobs than it reserved). */
export async function releaseCalls(tx: Tx, projectId: string, calls: number, now: Date): Promise<void> {
  if (calls <= 0) return;
  await tx.judgeUsage.updateMany({
    where: { projectId, day: utcDay(now) },
    data: { calls: { decrement: calls } },
  });
}

/** Counts a call that did not go through a claim (a preview), and the tokens of any call once it has ended. */
export async function recordUsage(
  db: Db | Tx,
  projectId: string,
  usage: { calls: number; tokens: number },
  now: Date,
): Promise<void> {
  const day = utcDay(now);
  await db.judgeUsage.upsert({
    where: { projectId_day: { projectId, day } },
    create: { projectId, day, calls: usage.calls, tokens: usage.tokens },
    update: { calls: { increment: usage.calls }, tokens: { increment: usage.tokens } },
  });
}
