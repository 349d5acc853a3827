// Server-only: which similarity recall and waypoint links use, and the per-user lexical index.
//
// Lexical (default): one LexicalIndex (lib/thoughtmcp/memory-lexical-index.ts) per (project, userId) over the live
// memories' content, built from the database on first use and kept in this process. Before each use the cached index
// is checked against the database with one aggregate query (count and latest updatedAt of the user's memories), so a
// write by another process or instance (a PostgreSQL fleet) rebuilds it instead of answering from a stale index;
// this process's own writes update it in place and then take the new signature. Beside it the same entry caches
// recall's signals of every live memory (salience, createdAt, sector, strength, metadata, link weights), read again
// after any write, so recall filters and ranks in memory instead of loading the user's memories each time.
//
// Embeddings (optional, by environment: lib/thoughtmcp/memory-embeddings.ts): a memory's vector is stored with its
// model and dimension; similarity is the cosine over the user's memories in JavaScript, linear in memories × dimensions
// (npm run bench:search prints where that stops being fast enough). Memories whose vector is missing or from another
// model count 0 until re-embedded; `scheduleReembed` re-embeds them in the background, in bounded batches. A provider
// that fails makes the call fall back to lexical similarity (componentsUsed `embeddingUnavailable`), never an error.
import {
  createHttpEmbeddingProvider,
  decodeVector,
  encodeVector,
  cosineSimilarity,
  EmbeddingError,
  isCurrent,
  type EmbeddingConfig,
  type EmbeddingProvider,
} from "@/lib/thoughtmcp/memory-embeddings";
import { LexicalIndex } from "@/lib/thoughtmcp/memory-lexical-index";
import { embeddingConfig } from "@/server/config";
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

let provider: { config: EmbeddingConfig | undefined; value: EmbeddingProvider | undefined } | undefined;

/** The configured embedding provider, or undefined (lexical similarity); made again when the configuration is
 *  reloaded with another one (a test switching models). */
export function embeddingProvider(): EmbeddingProvider | undefined {
  const config = embeddingConfig();
  if (provider && JSON.stringify(provider.config) === JSON.stringify(config)) return provider.value;
  provider = { config, value: config ? createHttpEmbeddingProvider(config) : undefined };
  return provider.value;
}

export interface EmbeddingColumns {
  embeddingModel: string | null;
  embeddingDim: number | null;
  embedding: Uint8Array<ArrayBuffer> | null;
}

const NO_VECTOR: EmbeddingColumns = { embeddingModel: null, embeddingDim: null, embedding: null };

/**
 * The columns that store a vector for `text`: nulls without a provider, and nulls plus `failure` when the provider
 * fails (down, slow, a bad answer). A failed embedding never fails the write: the memory is stored with lexical
 * similarity, the answer says so (componentsUsed `embeddingUnavailable`), and the background re-embedder gives it a
 * vector once the provider answers again.
 */
export async function embeddingColumns(text: string): Promise<{ columns: EmbeddingColumns; failure?: string }> {
  const p = embeddingProvider();
  if (!p) return { columns: NO_VECTOR };
  try {
    const [vector] = await p.embed([text]);
    if (!vector) throw new EmbeddingError("The embedding provider returned no vector.");
    return {
      columns: {
        embeddingModel: p.model,
        embeddingDim: vector.length,
        embedding: encodeVector(vector) as Uint8Array<ArrayBuffer>,
      },
    };
  } catch (error) {
    return { columns: NO_VECTOR, failure: embeddingFailure(error) };
  }
}

/** The query text's vector, or the failure message (the caller falls back to lexical similarity). */
export async function queryVector(
  p: EmbeddingProvider,
  text: string,
): Promise<{ vector: number[] } | { failure: string }> {
  try {
    const [vector] = await p.embed([text]);
    if (!vector) throw new EmbeddingError("The embedding provider returned no vector.");
    return { vector };
  } catch (error) {
    return { failure: embeddingFailure(error) };
  }
}

function embeddingFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  console.warn(`[memory] embedding provider failed, using lexical similarity: ${message}`);
  return message;
}

interface StoredVector {
  id: string;
  embeddingModel: string | null;
  embeddingDim: number | null;
  embedding: Uint8Array | null;
}

/** A user's decoded vectors of one model, and how many live memories have none of it (they count 0 until re-embedded). */
export interface UserVectors {
  model: string;
  byId: Map<string, Float32Array>;
  stale: number;
  /** `reembedGeneration` when loaded: a re-embed run since then (this process's) makes them reload. */
  generation: number;
}

/** Bumped after every re-embed run, whatever it did: cached vectors loaded before it are read again. */
let reembedGeneration = 0;

function decodeVectors(rows: StoredVector[], model: string): UserVectors {
  const byId = new Map<string, Float32Array>();
  let stale = 0;
  for (const r of rows) {
    if (
      !r.embedding ||
      !r.embeddingModel ||
      !isCurrent({ model: r.embeddingModel, dimension: r.embeddingDim ?? 0 }, model)
    ) {
      stale++;
      continue;
    }
    byId.set(r.id, decodeVector(r.embedding));
  }
  return { model, byId, stale, generation: reembedGeneration };
}

/**
 * The user's live vectors of `model`, decoded, from the per-user cache (checked by the same aggregate as the lexical
 * index, and reloaded after a re-embed run). Reading and decoding every vector per recall was most of its cost:
 * npm run bench:embeddings, lib/search/README.md "Embedding similarity".
 */
export async function userVectors(db: Db, scope: UserScope, model: string): Promise<UserVectors> {
  const entry = await cachedUser(db, scope);
  if (entry.vectors?.model === model && entry.vectors.generation === reembedGeneration) return entry.vectors;
  const rows = await db.memory.findMany({
    where: liveMemories(scope),
    select: { id: true, embeddingModel: true, embeddingDim: true, embedding: true },
  });
  entry.vectors = decodeVectors(rows, model);
  return entry.vectors;
}

/** Cosine of `vector` with each of the user's current vectors (negative cosines count 0). */
export function embeddingSimilarities(vector: readonly number[], vectors: UserVectors): Map<string, number> {
  const out = new Map<string, number>();
  for (const [id, v] of vectors.byId) {
    if (v.length === vector.length) out.set(id, Math.max(0, cosineSimilarity(vector, v)));
  }
  return out;
}

// ---- background re-embedding ----

/**
 * Texts per provider request while re-embedding, and per read of the table: a local model on CPU embeds ~10 short
 * texts/s, so one batch holds the provider for seconds at most, and the memory held is 64 texts and vectors.
 */
export const REEMBED_BATCH = 64;

/** Per database client (one per process in the server; tests hold one per back end). */
interface ReembedState {
  running?: { model: string; run: Promise<number> };
  /** The model a run last started for: not scheduled again for it unless forced. */
  scheduledFor?: string;
}
let reembedStates = new WeakMap<Db, ReembedState>();

/**
 * Gives every live memory of every project a vector of the configured model, in the background: batches of
 * REEMBED_BATCH in id order, one batch in flight. Nothing is kept but the table itself (a memory is stale while its
 * `embeddingModel` is not the configured one), so a stopped run (a provider error, a restart) resumes where it stopped
 * the next time it is scheduled: once per configured model and process by the first remember/recall/update_memory,
 * again by a recall that meets a stale vector and by a write whose embedding failed. One run at a time per database;
 * never awaited by remember or recall (a recall meanwhile counts stale vectors 0). Resolves to the memories
 * re-embedded, or -1 when the provider failed (the run stops; the next schedule resumes it).
 */
export function scheduleReembed(db: Db, { force = false }: { force?: boolean } = {}): Promise<number> {
  const p = embeddingProvider();
  if (!p) return Promise.resolve(0);
  let state = reembedStates.get(db);
  if (!state) reembedStates.set(db, (state = {}));
  if (state.running?.model === p.model) return state.running.run;
  if (!force && state.scheduledFor === p.model) return Promise.resolve(0);
  const own = state;
  own.scheduledFor = p.model;
  const run = reembedAll(db, p)
    .catch((error: unknown) => {
      console.warn(
        `[memory] re-embedding stopped, resumes later: ${error instanceof Error ? error.message : String(error)}`,
      );
      own.scheduledFor = undefined;
      return -1;
    })
    .finally(() => {
      reembedGeneration++;
      if (own.running?.run === run) own.running = undefined;
    });
  own.running = { model: p.model, run };
  return run;
}

async function reembedAll(db: Db, p: EmbeddingProvider): Promise<number> {
  let after = "";
  let done = 0;
  for (;;) {
    if (embeddingProvider()?.model !== p.model) return done; // the model changed again: its own run takes over
    const rows = await db.memory.findMany({
      where: {
        deletedAt: null,
        id: { gt: after },
        OR: [{ embeddingModel: null }, { embeddingModel: { not: p.model } }],
      },
      orderBy: { id: "asc" },
      select: { id: true, content: true },
      take: REEMBED_BATCH,
    });
    if (rows.length === 0) return done;
    const vectors = await p.embed(rows.map((r) => r.content));
    for (const [i, r] of rows.entries()) {
      const v = vectors[i]!;
      // Only if the text is still the one embedded: an update_memory meanwhile wrote its own vector.
      await db.memory.updateMany({
        where: { id: r.id, content: r.content },
        data: {
          embeddingModel: p.model,
          embeddingDim: v.length,
          embedding: encodeVector(v) as Uint8Array<ArrayBuffer>,
        },
      });
    }
    done += rows.length;
    after = rows.at(-1)!.id;
  }
}

// ---- the per-user cache: lexical index and recall signals ----

/** What recall ranks and filters a live memory by, besides its similarity. */
export interface MemorySignals {
  id: string;
  createdAt: Date;
  salience: number;
  strength: number;
  primarySector: string;
  metadata: unknown;
  /** Weights of its outgoing waypoint links. */
  links: number[];
}

interface CachedUser {
  signature: string;
  index?: LexicalIndex;
  signals?: Map<string, MemorySignals>;
  vectors?: UserVectors;
}

/** Users cached per process. Bounded: beyond this many the least recently used is dropped. */
const MAX_CACHED_USERS = 200;
const users = new Map<string, CachedUser>();

const cacheKey = (scope: UserScope) => `${scope.projectId}\u0000${scope.userId}`;

/** Count and latest updatedAt of the user's memories: any write changes it (links are written with their memory). */
async function signatureOf(db: Db, scope: UserScope): Promise<string> {
  const agg = await db.memory.aggregate({
    where: { projectId: scope.projectId, userId: scope.userId },
    _count: { _all: true },
    _max: { updatedAt: true },
  });
  return `${agg._count._all}|${agg._max.updatedAt?.getTime() ?? 0}`;
}

/** The user's cache entry, current with the database (emptied when the signature moved). */
async function cachedUser(db: Db, scope: UserScope): Promise<CachedUser> {
  const key = cacheKey(scope);
  const signature = await signatureOf(db, scope);
  let entry = users.get(key);
  if (entry?.signature !== signature) entry = { signature };
  users.delete(key);
  users.set(key, entry); // most recently used last
  while (users.size > MAX_CACHED_USERS) users.delete(users.keys().next().value!);
  return entry;
}

async function buildIndex(db: Db, scope: UserScope): Promise<LexicalIndex> {
  const index = new LexicalIndex();
  const rows = await db.memory.findMany({ where: liveMemories(scope), select: { id: true, content: true } });
  for (const r of rows) index.add(r.id, r.content);
  return index;
}

async function loadSignals(db: Db, scope: UserScope): Promise<Map<string, MemorySignals>> {
  const [rows, links] = await Promise.all([
    db.memory.findMany({
      where: liveMemories(scope),
      select: { id: true, createdAt: true, salience: true, strength: true, primarySector: true, metadata: true },
    }),
    db.memoryLink.findMany({ where: { source: liveMemories(scope) }, select: { sourceId: true, weight: true } }),
  ]);
  const out = new Map<string, MemorySignals>(rows.map((r) => [r.id, { ...r, links: [] }]));
  for (const l of links) out.get(l.sourceId)?.links.push(l.weight);
  return out;
}

/** The user's lexical index, current with the database. */
export async function lexicalIndex(db: Db, scope: UserScope): Promise<LexicalIndex> {
  const entry = await cachedUser(db, scope);
  return (entry.index ??= await buildIndex(db, scope));
}

/**
 * What recall needs, current with the database after one aggregate query: the signals of every live memory, and the
 * lexical index when asked. Recall then filters and ranks in memory: a user's 10,000 memories loaded through Prisma
 * for every recall cost p50 101 ms, p99 977 ms in npm run bench:search; from this cache they cost only the
 * arithmetic. Loaded again after any write (this process's or another's).
 */
export async function recallState(
  db: Db,
  scope: UserScope,
  withIndex: boolean,
): Promise<{ signals: Map<string, MemorySignals>; index?: LexicalIndex }> {
  const entry = await cachedUser(db, scope);
  const [signals, index] = await Promise.all([
    entry.signals ?? loadSignals(db, scope),
    withIndex ? (entry.index ?? buildIndex(db, scope)) : undefined,
  ]);
  entry.signals = signals;
  if (index) entry.index = index;
  return { signals, index };
}

/**
 * After this process wrote the user's memories (and updated the index in place): take the database's signature. The
 * signals (salience, links of other memories) are dropped and read again by the next recall.
 */
export async function indexWritten(db: Db, scope: UserScope): Promise<void> {
  const entry = users.get(cacheKey(scope));
  if (!entry) return;
  entry.signature = await signatureOf(db, scope);
  entry.signals = undefined;
  // Read again in full by the next embedding recall: at 10,000 memories that first recall after a write costs what
  // an uncached one does (lib/search/README.md, "Embedding similarity").
  entry.vectors = undefined;
}

/** Drops every cached index (tests that change the environment's provider). */
export function forgetIndexes(): void {
  users.clear();
  reembedStates = new WeakMap();
}
