// Keeps QueueItem.uncertainty current: after a judge scores a session, and when sessions are queued, each of their
// queue items gets the judges' uncertainty on that queue's configs (lib/judges/uncertainty.ts). A queue with
// "uncertain first" hands out its items highest uncertainty first (server/services/queues/queue-claims.ts).
import "@/server/server-only";
import { uncertaintyOf, type ConfigRange } from "@/lib/judges/uncertainty";
import type { Db } from "@/server/db/client";

export async function refreshQueueUncertainty(db: Db, projectId: string, sessionIds: string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  // Most judged sessions are in no queue: one statement finds that (a relation in the select would be a second).
  const rows = await db.queueItem.findMany({
    where: { projectId, sessionId: { in: sessionIds } },
    select: { id: true, sessionId: true, uncertainty: true, queueId: true },
  });
  if (rows.length === 0) return;
  const queues = await db.annotationQueue.findMany({
    where: { id: { in: [...new Set(rows.map((r) => r.queueId))] } },
    select: { id: true, scoreConfigIds: true },
  });
  const configsOf = new Map(queues.map((q) => [q.id, configIdsOf(q.scoreConfigIds)]));
  const items = rows.map((r) => ({ ...r, configIds: configsOf.get(r.queueId) ?? [] }));
  const configIds = [...new Set(items.flatMap((i) => i.configIds))];
  const [scores, configs] = await Promise.all([
    db.score.findMany({
      where: {
        projectId,
        sessionId: { in: sessionIds },
        configId: { in: configIds },
        authorKey: { startsWith: "judge:" },
      },
      select: {
        sessionId: true,
        configId: true,
        targetKey: true,
        authorKey: true,
        value: true,
        stringValue: true,
        judgments: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 1, select: { confidence: true } },
      },
    }),
    db.scoreConfig.findMany({
      where: { projectId, id: { in: configIds } },
      select: { id: true, type: true, min: true, max: true },
    }),
  ]);
  const ranges = new Map<string, ConfigRange>(configs.map((c) => [c.id, c]));
  for (const item of items) {
    const wanted = new Set(item.configIds);
    const mine = scores
      .filter((s) => s.sessionId === item.sessionId && wanted.has(s.configId))
      .map((s) => ({ ...s, confidence: s.judgments[0]?.confidence ?? null }));
    const uncertainty = uncertaintyOf(mine, ranges);
    if (uncertainty !== item.uncertainty) {
      await db.queueItem.update({ where: { id: item.id }, data: { uncertainty } });
    }
  }
}

const configIdsOf = (json: unknown): string[] =>
  Array.isArray(json) ? json.filter((v): v is string => typeof v === "string") : [];
