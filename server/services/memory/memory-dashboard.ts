// Server-only: the dashboard's reads of agent memory: the Memories page's list, a memory's detail with
// its waypoint links, the graph of memories and links, and a session's memories. Scoped to the project; across
// every userId of it (people review all of the project's agents).
import type {
  MemoryDetail,
  MemoryGraph,
  MemoryListQuery,
  MemoryPage,
  MemoryRow,
} from "@/lib/contracts/memory-dashboard";
import { ZMemoryListQuery } from "@/lib/contracts/memory-dashboard";
import type { MemorySector } from "@/lib/contracts/thoughtmcp-memory";
import { highlight } from "@/lib/search/highlight";
import { parseQuery } from "@/lib/search/query";
import type { Db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/sqlite/client";
import { NotFoundError } from "@/server/errors";
import { matchMemoriesOfProject } from "../search/full-text";

/** Nodes in the memory graph: React Flow stays responsive to about a thousand small nodes. */
export const MEMORY_GRAPH_MAX_NODES = 500;

type Row = Awaited<ReturnType<Db["memory"]["findFirstOrThrow"]>>;

function toRow(r: Row, links: number, ranges: MemoryRow["ranges"] = []): MemoryRow {
  return {
    id: r.id,
    userId: r.userId,
    sessionId: r.sessionId,
    thinkingSessionId: r.thinkingSessionId,
    content: r.content,
    primarySector: r.primarySector as MemorySector,
    strength: r.strength,
    salience: r.salience,
    importance: r.importance,
    metadata: (r.metadata ?? {}) as Record<string, unknown>,
    deleted: r.deletedAt !== null,
    links,
    createdAt: r.createdAt.toISOString(),
    ranges,
  };
}

async function linkCounts(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const groups = await db.memoryLink.groupBy({ by: ["sourceId"], where: { sourceId: { in: ids } }, _count: true });
  return new Map(groups.map((g) => [g.sourceId, g._count]));
}

export async function listMemories(db: Db, projectId: string, raw: MemoryListQuery): Promise<MemoryPage> {
  const q = ZMemoryListQuery.parse(raw);
  const parsed = q.q ? parseQuery(q.q) : undefined;
  let ids: string[] | undefined;
  if (parsed) ids = parsed.ok ? (await matchMemoriesOfProject(db, projectId, parsed.query)).map((h) => h.id) : [];
  const where: Prisma.MemoryWhereInput = {
    projectId,
    ...(q.userId ? { userId: q.userId } : {}),
    ...(q.sessionId ? { thinkingSessionId: q.sessionId } : {}),
    ...(q.includeDeleted ? {} : { deletedAt: null }),
    ...(q.sectors?.length ? { primarySector: { in: q.sectors } } : {}),
    ...(q.minStrength !== undefined ? { strength: { gte: q.minStrength } } : {}),
    ...(q.minSalience !== undefined ? { salience: { gte: q.minSalience } } : {}),
    ...(ids ? { id: { in: ids } } : {}),
  };
  const [rows, total, users] = await Promise.all([
    db.memory.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      skip: (q.page - 1) * q.pageSize,
      take: q.pageSize,
    }),
    db.memory.count({ where }),
    db.memory.findMany({ where: { projectId }, distinct: ["userId"], select: { userId: true }, take: 200 }),
  ]);
  const counts = await linkCounts(
    db,
    rows.map((r) => r.id),
  );
  const query = parsed?.ok ? parsed.query : undefined;
  return {
    memories: rows.map((r) => toRow(r, counts.get(r.id) ?? 0, query ? highlight(r.content, query).ranges : [])),
    total,
    page: q.page,
    pageSize: q.pageSize,
    users: users.map((u) => u.userId).sort(),
  };
}

export async function memoryDetail(db: Db, projectId: string, id: string): Promise<MemoryDetail> {
  const row = await db.memory.findFirst({
    where: { id, projectId },
    include: {
      out: { include: { target: true } },
      in: { include: { source: true } },
    },
  });
  if (!row) throw new NotFoundError(`Memory "${id}"`, "id");
  const links = [
    ...row.out.map((l) => ({ other: l.target, weight: l.weight, direction: "out" as const })),
    ...row.in.map((l) => ({ other: l.source, weight: l.weight, direction: "in" as const })),
  ].map((l) => ({
    memoryId: l.other.id,
    content: l.other.content,
    primarySector: l.other.primarySector as MemorySector,
    weight: l.weight,
    direction: l.direction,
  }));
  return { memory: toRow(row, row.out.length), links };
}

export async function memoryGraph(
  db: Db,
  projectId: string,
  q: { userId?: string; includeDeleted?: boolean },
): Promise<MemoryGraph> {
  const where: Prisma.MemoryWhereInput = {
    projectId,
    ...(q.userId ? { userId: q.userId } : {}),
    ...(q.includeDeleted ? {} : { deletedAt: null }),
  };
  const [rows, total] = await Promise.all([
    db.memory.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      take: MEMORY_GRAPH_MAX_NODES,
      select: { id: true, content: true, primarySector: true, strength: true, salience: true },
    }),
    db.memory.count({ where }),
  ]);
  const ids = rows.map((r) => r.id);
  const links = ids.length
    ? await db.memoryLink.findMany({
        where: { sourceId: { in: ids }, targetId: { in: ids } },
        select: { sourceId: true, targetId: true, weight: true },
      })
    : [];
  return {
    nodes: rows.map((r) => ({
      id: r.id,
      label: r.content.length > 80 ? `${r.content.slice(0, 79)}…` : r.content,
      primarySector: r.primarySector as MemorySector,
      strength: r.strength,
      salience: r.salience,
    })),
    // Each pair is stored in both directions: draw it once.
    edges: links
      .filter((l) => l.sourceId < l.targetId)
      .map((l) => ({ source: l.sourceId, target: l.targetId, weight: l.weight })),
    omitted: total - rows.length,
  };
}

/** The memories an agent remembered during a session (the session view links them). */
export async function memoriesOfSession(db: Db, projectId: string, sessionId: string) {
  const rows = await db.memory.findMany({
    where: { projectId, thinkingSessionId: sessionId, deletedAt: null },
    orderBy: { createdAt: "asc" },
    take: 200,
    select: { id: true, content: true, primarySector: true },
  });
  return rows.map((r) => ({ ...r, primarySector: r.primarySector as MemorySector }));
}
