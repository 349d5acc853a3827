// Auto-running judges: every pass of the worker looks, per judge with autoRun on, for sessions that completed since it
// was turned on (created from autoSince, status completed, matching the judge's sessions-list filter) and that it has
// not considered yet. Each is considered once across every instance (JudgeAutoSeen's key), and sampled in with the
// judge's sampleRate by a hash of judge and session (the same answer on every instance and after a restart); a sampled
// session's jobs join the judge's auto run in the same transaction as the mark, so a crash loses neither.
import "@/server/server-only";
import { createHash } from "node:crypto";
import type { QueueFilter } from "@/lib/contracts/queues";
import type { JudgeTarget } from "@/lib/judges/template";
import type { Db } from "@/server/db/client";
import { isUniqueViolation } from "@/server/db/db-errors";
import { sessionTableWhere } from "../dashboard";
import { addJobs, runTargets } from "./runs";

/** Sessions one judge takes per pass (a pass every 5 s: 2,400 completed sessions a minute). */
const SCAN_BATCH = 200;

/** A number in [0, 1) fixed by judge and session. */
export function sampleUnit(judgeId: string, sessionId: string): number {
  return createHash("sha256").update(`${judgeId}\n${sessionId}`).digest().readUInt32BE(0) / 2 ** 32;
}

export async function scanAutoRuns(db: Db, now: Date): Promise<number> {
  const judges = await db.judge.findMany({
    where: { autoRun: true, deletedAt: null, connectionId: { not: null }, autoSince: { not: null } },
    select: {
      id: true,
      projectId: true,
      connectionId: true,
      target: true,
      sampleRate: true,
      autoFilter: true,
      autoSince: true,
    },
  });
  let queued = 0;
  for (const judge of judges) {
    const run = await db.judgeRun.findFirst({ where: { judgeId: judge.id, kind: "auto", cancelledAt: null } });
    if (!run) continue;
    const filter = (judge.autoFilter ?? {}) as QueueFilter;
    const where =
      Object.keys(filter).length > 0
        ? await sessionTableWhere(db, judge.projectId, filter)
        : { projectId: judge.projectId };
    const sessions = await db.thinkingSession.findMany({
      where: {
        AND: [where, { projectId: judge.projectId, status: "completed", createdAt: { gte: judge.autoSince! } }],
        judgeSeen: { none: { judgeId: judge.id } },
      },
      orderBy: [{ lastActivityAt: "asc" }, { id: "asc" }],
      take: SCAN_BATCH,
      select: { id: true },
    });
    for (const session of sessions) {
      const sampled = sampleUnit(judge.id, session.id) < judge.sampleRate;
      const targets = sampled
        ? await runTargets(db, judge.projectId, judge.target as JudgeTarget, { sessionId: session.id })
        : [];
      try {
        queued += await db.$transaction(async (tx) => {
          await tx.judgeAutoSeen.create({ data: { judgeId: judge.id, sessionId: session.id, createdAt: now } });
          return addJobs(
            tx,
            { id: run.id, projectId: judge.projectId, judgeId: judge.id, connectionId: judge.connectionId! },
            targets,
          );
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error; // another instance considered it first
      }
    }
  }
  return queued;
}
