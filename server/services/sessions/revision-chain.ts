// A thought's revision chain for the detail panel's stepper: the session's revision links (only thoughts that revise
// or are revised, a few columns each), the path through the thought (lib/diff/revision-chain.ts), then the texts and
// kept versions of the thoughts on it. Three reads whatever the session's size.
import type { RevisionChain } from "@/lib/contracts/dashboard";
import { chainSteps, revisionPath } from "@/lib/diff/revision-chain";
import type { Db } from "@/server/db/client";
import { NotFoundError } from "@/server/errors";

export async function revisionChain(
  db: Db,
  projectId: string,
  thoughtId: string,
): Promise<RevisionChain & { sessionId: string }> {
  const start = await db.thought.findFirst({
    where: { projectId, id: thoughtId },
    select: { id: true, sessionId: true },
  });
  if (!start) throw new NotFoundError(`Thought "${thoughtId}"`, "id");
  const revising = await db.thought.findMany({
    where: { projectId, sessionId: start.sessionId, revisesThoughtId: { not: null } },
    select: { id: true, seq: true, revisesThoughtId: true },
  });
  const targets = [...new Set(revising.map((r) => r.revisesThoughtId!))].filter(
    (id) => !revising.some((r) => r.id === id),
  );
  const revised =
    targets.length === 0
      ? []
      : await db.thought.findMany({
          where: { projectId, sessionId: start.sessionId, id: { in: targets } },
          select: { id: true, seq: true, revisesThoughtId: true },
        });
  const { ids, alternatives } = revisionPath(start.id, [...revising, ...revised]);
  const [rows, versions] = await Promise.all([
    db.thought.findMany({
      where: { projectId, id: { in: ids } },
      select: { id: true, seq: true, thoughtNumber: true, branchId: true, version: true, text: true, createdAt: true },
    }),
    db.thoughtVersion.findMany({ where: { thoughtId: { in: ids } }, orderBy: { version: "asc" } }),
  ]);
  const byId = new Map(rows.map((r) => [r.id, { ...r, createdAt: r.createdAt.toISOString() }]));
  const kept = new Map<string, { version: number; text: string; createdAt: string }[]>();
  for (const v of versions) {
    const snap = v.snapshot as { text?: unknown };
    const list = kept.get(v.thoughtId) ?? [];
    list.push({
      version: v.version,
      text: typeof snap.text === "string" ? snap.text : "",
      createdAt: v.createdAt.toISOString(),
    });
    kept.set(v.thoughtId, list);
  }
  const steps = chainSteps(
    ids.flatMap((id) => byId.get(id) ?? []),
    kept,
  );
  const at = steps.findIndex((s) => s.thoughtId === start.id && s.current);
  return { sessionId: start.sessionId, steps, at, alternatives };
}
