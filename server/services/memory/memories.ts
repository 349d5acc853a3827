// Server-only: ThoughtMCP's memory writes (seed 003): remember, update_memory, forget. Every query is scoped to the
// caller's project and the memory's userId (userId isolates inside a project, never across projects).
// Inputs arrive parsed (lib/contracts/thoughtmcp-memory.ts); answers are the contract's `data` shapes plus the
// components that ran, for the envelope's componentsUsed.
//
// remember writes the memory and its waypoint links (both directions) in one transaction; hard forget is one DELETE,
// whose cascade removes both link directions and (SQLite) the full-text row, so no partial delete can happen.
import { uuidv7 } from "@/lib/ids";
import type {
  ForgetInput,
  ForgetResult,
  RememberInput,
  RememberResult,
  UpdateMemoryInput,
  UpdateMemoryResult,
} from "@/lib/contracts/thoughtmcp-memory";
import { cosineSimilarity, decodeVector } from "@/lib/thoughtmcp/memory-embeddings";
import { selectWaypoints, type WaypointCandidate } from "@/lib/thoughtmcp/memory-waypoints";
import { inTransaction, type Db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/sqlite/client";
import { MemoryNotFoundError } from "./memory-errors";
import {
  embeddingColumns,
  indexWritten,
  scheduleReembed,
  lexicalIndex,
  liveMemories,
  type SimilarityKind,
  type UserScope,
} from "./memory-similarity";

export interface Answer<T> {
  data: T;
  componentsUsed: string[];
}

/** componentsUsed names (the envelope's metadata): what actually ran. */
export const COMPONENTS = {
  repository: "memoryRepository",
  lexical: "lexicalSimilarity",
  embedding: "embeddingEngine",
  graph: "waypointGraph",
  /** The embedding provider failed: this answer used lexical similarity instead (the server log says why). */
  embeddingUnavailable: "embeddingUnavailable",
  fullText: "fullTextSearch",
} as const;

/** The memory's stored metadata: what the agent sent, minus importance (a column of its own). */
function storedMetadata(m: RememberInput["metadata"] | UpdateMemoryInput["metadata"]): Prisma.InputJsonObject {
  const out: Record<string, unknown> = {};
  if (m?.keywords !== undefined) out.keywords = m.keywords;
  if (m?.tags !== undefined) out.tags = m.tags;
  if (m?.category !== undefined) out.category = m.category;
  if (m?.context !== undefined) out.context = m.context;
  return out as Prisma.InputJsonObject;
}

/** The ThinkingSession an agent's sessionId names in this project (our id or the agent's own key), if any. */
async function thinkingSessionOf(db: Db, projectId: string, sessionId: string): Promise<string | null> {
  const row = await db.thinkingSession.findFirst({
    where: { projectId, OR: [{ id: sessionId }, { key: sessionId }] },
    select: { id: true },
  });
  return row?.id ?? null;
}

/** The waypoint candidates of a text: cosine of embeddings when the memory has one, else lexical similarity. */
async function candidatesFor(
  db: Db,
  scope: UserScope,
  memoryId: string,
  vector: Uint8Array | null,
  model: string | null,
): Promise<{ candidates: WaypointCandidate[]; kind: SimilarityKind }> {
  if (vector && model) {
    const own = decodeVector(vector);
    const rows = await db.memory.findMany({
      where: { ...liveMemories(scope), embeddingModel: model, id: { not: memoryId } },
      select: { id: true, embedding: true },
    });
    const candidates = rows.flatMap((r) =>
      r.embedding && r.embedding.byteLength === vector.byteLength
        ? [{ id: r.id, similarity: cosineSimilarity(own, decodeVector(r.embedding)) }]
        : [],
    );
    return { candidates, kind: "embedding" };
  }
  const index = await lexicalIndex(db, scope);
  return { candidates: index.similarTo(memoryId), kind: "lexical" };
}

export async function remember(db: Db, projectId: string, input: RememberInput): Promise<Answer<RememberResult>> {
  const scope = { projectId, userId: input.userId };
  const id = `mem-${uuidv7()}`;
  const importance = input.metadata.importance;
  const [embedded, thinkingSessionId] = await Promise.all([
    embeddingColumns(input.content),
    thinkingSessionOf(db, projectId, input.sessionId),
  ]);
  const vector = embedded.columns;

  // The lexical index takes the new text first (similarTo needs it); it is taken out again if the write fails.
  const index = vector.embedding ? undefined : await lexicalIndex(db, scope);
  index?.add(id, input.content);
  try {
    const { candidates, kind } = await candidatesFor(db, scope, id, vector.embedding, vector.embeddingModel);
    const { targets, links } = selectWaypoints(id, candidates);
    const now = new Date();
    await inTransaction(db, async (tx) => {
      await tx.memory.create({
        data: {
          id,
          projectId,
          userId: input.userId,
          sessionId: input.sessionId,
          thinkingSessionId,
          content: input.content,
          primarySector: input.primarySector,
          strength: 1,
          salience: importance,
          importance,
          metadata: storedMetadata(input.metadata),
          ...vector,
          createdAt: now,
          updatedAt: now,
          lastAccessed: now,
        },
      });
      if (links.length > 0) await tx.memoryLink.createMany({ data: links.map((l) => ({ ...l, createdAt: now })) });
    });
    await indexWritten(db, scope);
    void scheduleReembed(db, { force: embedded.failure !== undefined });
    return {
      data: {
        memoryId: id,
        embeddingsGenerated: vector.embedding ? 1 : 0,
        linksCreated: targets.length,
        salience: importance,
        strength: 1,
        similarity: kind,
      },
      componentsUsed: [
        COMPONENTS.repository,
        ...(embedded.failure ? [COMPONENTS.embeddingUnavailable] : []),
        kind === "embedding" ? COMPONENTS.embedding : COMPONENTS.lexical,
        COMPONENTS.graph,
      ],
    };
  } catch (error) {
    index?.remove(id);
    throw error;
  }
}

/** The caller's memory, soft-deleted ones included (update_memory can restore strength; forget can hard-delete). */
async function ownMemory(db: Db, projectId: string, userId: string, memoryId: string) {
  const row = await db.memory.findFirst({ where: { id: memoryId, projectId, userId } });
  if (!row) throw new MemoryNotFoundError(memoryId);
  return row;
}

export async function updateMemory(
  db: Db,
  projectId: string,
  input: UpdateMemoryInput,
): Promise<Answer<UpdateMemoryResult>> {
  const scope = { projectId, userId: input.userId };
  const current = await ownMemory(db, projectId, input.userId, input.memoryId);
  const contentChanged = input.content !== undefined && input.content !== current.content;
  const now = new Date();
  const data: Prisma.MemoryUncheckedUpdateInput = { updatedAt: now };
  if (input.strength !== undefined) data.strength = input.strength;
  if (input.salience !== undefined) data.salience = input.salience;
  if (input.metadata !== undefined) {
    const previous = (current.metadata ?? {}) as Record<string, unknown>;
    data.metadata = { ...previous, ...storedMetadata(input.metadata) } as Prisma.InputJsonObject;
    if (input.metadata.importance !== undefined) data.importance = input.metadata.importance;
  }
  // A strength above 0 restores a soft-deleted memory; 0 hides it, as forget's soft delete does.
  if (input.strength !== undefined) data.deletedAt = input.strength === 0 ? (current.deletedAt ?? now) : null;
  const live = input.strength !== undefined ? input.strength > 0 : current.deletedAt === null;

  let vector: Awaited<ReturnType<typeof embeddingColumns>>["columns"] | undefined;
  let embeddingFailed = false;
  if (contentChanged) {
    data.content = input.content;
    const embedded = await embeddingColumns(input.content!);
    vector = embedded.columns;
    embeddingFailed = embedded.failure !== undefined;
    Object.assign(data, vector);
  }

  // New content: the waypoint links are recomputed from it (old ones of this memory, both directions, replaced).
  const index = live && contentChanged && !vector?.embedding ? await lexicalIndex(db, scope) : undefined;
  const previousText = index?.has(current.id) ? current.content : undefined;
  if (index) index.add(current.id, input.content!);
  try {
    let links: ReturnType<typeof selectWaypoints>["links"] = [];
    let targets = 0;
    if (contentChanged && live) {
      const { candidates } = await candidatesFor(
        db,
        scope,
        current.id,
        vector?.embedding ?? null,
        vector?.embeddingModel ?? null,
      );
      const selected = selectWaypoints(current.id, candidates);
      links = selected.links;
      targets = selected.targets.length;
    }
    await inTransaction(db, async (tx) => {
      await tx.memory.update({ where: { id: current.id }, data });
      if (contentChanged) {
        await tx.memoryLink.deleteMany({ where: { OR: [{ sourceId: current.id }, { targetId: current.id }] } });
        if (links.length > 0) await tx.memoryLink.createMany({ data: links.map((l) => ({ ...l, createdAt: now })) });
      }
    });
    await syncIndex(db, scope, current.id, live, input.content ?? current.content);
    const components: string[] = [COMPONENTS.repository];
    if (embeddingFailed) components.push(COMPONENTS.embeddingUnavailable);
    if (contentChanged)
      components.push(vector?.embedding ? COMPONENTS.embedding : COMPONENTS.lexical, COMPONENTS.graph);
    void scheduleReembed(db, { force: embeddingFailed });
    return {
      data: {
        memoryId: current.id,
        embeddingsRegenerated: Boolean(vector?.embedding),
        connectionsUpdated: targets,
        strength: input.strength ?? current.strength,
        salience: input.salience ?? current.salience,
      },
      componentsUsed: components,
    };
  } catch (error) {
    if (index) {
      if (previousText === undefined) index.remove(current.id);
      else index.add(current.id, previousText);
    }
    throw error;
  }
}

/** After a committed write: the cached lexical index holds the memory's text exactly when it is live. */
async function syncIndex(db: Db, scope: UserScope, id: string, live: boolean, text: string): Promise<void> {
  const index = await lexicalIndex(db, scope).catch(() => undefined);
  if (!index) return;
  if (live) index.add(id, text);
  else index.remove(id);
  await indexWritten(db, scope);
}

export async function forget(db: Db, projectId: string, input: ForgetInput): Promise<Answer<ForgetResult>> {
  const scope = { projectId, userId: input.userId };
  const current = await ownMemory(db, projectId, input.userId, input.memoryId);
  if (input.soft) {
    const now = new Date();
    await db.memory.update({
      where: { id: current.id },
      data: { strength: 0, deletedAt: current.deletedAt ?? now, updatedAt: now },
    });
  } else {
    // The scoped deleteMany is the ownership check and the delete in one statement; links and the full-text row go
    // by cascade.
    const { count } = await db.memory.deleteMany({ where: { id: current.id, projectId, userId: input.userId } });
    if (count === 0) throw new MemoryNotFoundError(input.memoryId);
  }
  await syncIndex(db, scope, current.id, false, "");
  return {
    data: {
      memoryId: current.id,
      deletionType: input.soft ? "soft" : "hard",
      message: input.soft
        ? "Memory soft-deleted: strength set to 0; it no longer appears in recall or search"
        : "Memory and all related data removed",
    },
    componentsUsed: [COMPONENTS.repository, COMPONENTS.graph],
  };
}
