// Server-only: which similarity recall and waypoint links use, and the per-user lexical index.
//
// Lexical (default): one LexicalIndex (lib/thoughtmcp/memory-lexical-index.ts) per (project, userId) over the live
// memories' content, built from the database on first use and kept in this process. Before each use the cached index
// is checked against the database with one aggregate query (count and latest updatedAt of the user's memories), so a
// write by another process or instance (a PostgreSQL fleet) rebuilds it instead of answering from a stale index;
// this process's own writes update it in place and then take the new signature.
//
// Embeddings (optional, by environment: lib/thoughtmcp/memory-embeddings.ts): a memory's vector is stored with its
// model and dimension; similarity is the cosine over the user's memories in JavaScript, linear in memories × dimensions
// (npm run bench:search prints where that stops being fast enough). Memories whose vector is missing or from another
// model count 0 until re-embedded; `reembedStale` re-embeds them (run in the background after a recall finds some).
import {
  createHttpEmbeddingProvider,
  decodeVector,
  embeddingConfigFromEnv,
  encodeVector,
  cosineSimilarity,
  isCurrent,
  type EmbeddingProvider,
} from "@/lib/thoughtmcp/memory-embeddings";
import { LexicalIndex } from "@/lib/thoughtmcp/memory-lexical-index";
import type { Db } from "@/server/db/client";

export type SimilarityKind = "lexical" | "embedding";

export interface UserScope {
  projectId: string;
  userId: string;
}

/** The live memories of a user: not soft-deleted. */
export const liveMemories = (scope: UserScope) =>
  ({ projectId: scope.projectId, userId: scope.userId, deletedAt: null }) as const;

// ---- embeddings ----

let provider: { env: string | undefined; value: EmbeddingProvider | undefined } | undefined;

/** The configured embedding provider, or undefined (lexical similarity). Re-read when the URL variable changes. */
export function embeddingProvider(): EmbeddingProvider | undefined {
  const key = `${process.env.THOUGHTGRAPH_EMBEDDING_URL ?? ""}|${process.env.THOUGHTGRAPH_EMBEDDING_MODEL ?? ""}`;
  if (provider?.env === key) return provider.value;
  const read = embeddingConfigFromEnv(process.env);
  if (!read.ok) throw new Error(read.message);
  provider = { env: key, value: read.config ? createHttpEmbeddingProvider(read.config) : undefined };
  return provider.value;
}

/** The columns that store a vector for `text`, or nulls without a provider. */
export async function embeddingColumns(text: string): Promise<{
  embeddingModel: string | null;
  embeddingDim: number | null;
  embedding: Uint8Array<ArrayBuffer> | null;
}> {
  const p = embeddingProvider();
  if (!p) return { embeddingModel: null, embeddingDim: null, embedding: null };
  const [vector] = await p.embed([text]);
  if (!vector) throw new Error("The embedding provider returned no vector.");
  return {
    embeddingModel: p.model,
    embeddingDim: vector.length,
    embedding: encodeVector(vector) as Uint8Array<ArrayBuffer>,
  };
}

interface StoredVector {
  id: string;
  embeddingModel: string | null;
  embeddingDim: number | null;
  embedding: Uint8Array | null;
}

/** Cosine of `vector` with each stored vector of the current model; others are left out (they count 0). */
export function embeddingSimilarities(vector: readonly number[], model: string, rows: StoredVector[]) {
  const out = new Map<string, number>();
  let stale = 0;
  for (const r of rows) {
    if (
      !r.embedding ||
      !r.embeddingModel ||
      !isCurrent({ model: r.embeddingModel, dimension: r.embeddingDim ?? 0 }, model, vector.length)
    ) {
      stale++;
      continue;
    }
    out.set(r.id, Math.max(0, cosineSimilarity(vector, decodeVector(r.embedding))));
  }
  return { similarities: out, stale };
}

/** Re-embeds a user's memories whose vector is missing or from another model, 64 at a time. */
export async function reembedStale(db: Db, scope: UserScope): Promise<number> {
  const p = embeddingProvider();
  if (!p) return 0;
  const rows = await db.memory.findMany({
    where: { ...liveMemories(scope), OR: [{ embeddingModel: null }, { embeddingModel: { not: p.model } }] },
    select: { id: true, content: true },
    take: 64,
  });
  if (rows.length === 0) return 0;
  const vectors = await p.embed(rows.map((r) => r.content));
  for (const [i, r] of rows.entries()) {
    const v = vectors[i];
    if (!v) continue;
    await db.memory.update({
      where: { id: r.id },
      data: { embeddingModel: p.model, embeddingDim: v.length, embedding: encodeVector(v) as Uint8Array<ArrayBuffer> },
    });
  }
  return rows.length;
}

// ---- lexical ----

interface CachedIndex {
  index: LexicalIndex;
  signature: string;
}

/** Indexes per (project, userId). Bounded: beyond this many users the least recently used index is dropped. */
const MAX_CACHED_USERS = 200;
const indexes = new Map<string, CachedIndex>();

const cacheKey = (scope: UserScope) => `${scope.projectId}\u0000${scope.userId}`;

async function signatureOf(db: Db, scope: UserScope): Promise<string> {
  const agg = await db.memory.aggregate({
    where: { projectId: scope.projectId, userId: scope.userId },
    _count: { _all: true },
    _max: { updatedAt: true },
  });
  return `${agg._count._all}|${agg._max.updatedAt?.getTime() ?? 0}`;
}

/** The user's lexical index, current with the database. */
export async function lexicalIndex(db: Db, scope: UserScope): Promise<LexicalIndex> {
  const key = cacheKey(scope);
  const signature = await signatureOf(db, scope);
  const cached = indexes.get(key);
  if (cached && cached.signature === signature) {
    indexes.delete(key);
    indexes.set(key, cached); // most recently used last
    return cached.index;
  }
  const index = new LexicalIndex();
  const rows = await db.memory.findMany({ where: liveMemories(scope), select: { id: true, content: true } });
  for (const r of rows) index.add(r.id, r.content);
  indexes.delete(key);
  indexes.set(key, { index, signature });
  while (indexes.size > MAX_CACHED_USERS) indexes.delete(indexes.keys().next().value!);
  return index;
}

/** After this process wrote the user's memories (and updated the index in place): take the database's signature. */
export async function indexWritten(db: Db, scope: UserScope): Promise<void> {
  const cached = indexes.get(cacheKey(scope));
  if (cached) cached.signature = await signatureOf(db, scope);
}

/** Drops every cached index (tests that change the environment's provider). */
export function forgetIndexes(): void {
  indexes.clear();
}
