// API keys: 192 random bits, shown once; only the SHA-256 is stored. A slow hash buys nothing for a random key of
// this length and would cost a hash per request, so the fast one is the right one here (unlike passwords).
import { createHash, randomBytes } from "node:crypto";
import { uuidv7 } from "@/lib/ids";
import type { Db } from "@/server/db/client";
import { isUniqueViolation } from "@/server/db/db-errors";

const KEY_PREFIX = "tg_";

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function generateApiKey(): string {
  return KEY_PREFIX + randomBytes(24).toString("base64url");
}

export interface CreatedKey {
  id: string;
  key: string;
  name: string;
  prefix: string;
  last4: string;
}

export async function createApiKey(
  db: Db,
  projectId: string,
  name: string,
  key: string = generateApiKey(),
  scope: "read" | "write" | "admin" = "write",
): Promise<CreatedKey> {
  const row = await db.apiKey.create({
    data: {
      id: uuidv7(),
      projectId,
      name,
      hash: hashApiKey(key),
      prefix: key.slice(0, 7),
      last4: key.slice(-4),
      scope,
    },
  });
  return { id: row.id, key, name, prefix: row.prefix, last4: row.last4 };
}

/** Makes sure exactly this key exists (headless set-up); returns whether it had to be created. */
export async function ensureApiKey(db: Db, projectId: string, key: string, name: string): Promise<boolean> {
  const existing = await db.apiKey.findUnique({ where: { hash: hashApiKey(key) } });
  if (existing) {
    if (existing.revokedAt !== null || existing.projectId !== projectId) {
      await db.apiKey.update({ where: { id: existing.id }, data: { revokedAt: null, projectId } });
      cache.delete(key);
      forgetKey(existing.id);
    }
    return false;
  }
  try {
    await createApiKey(db, projectId, name, key);
    return true;
  } catch (error) {
    // Another instance registered the same key at the same moment (a fleet's first start): it exists now.
    if (isUniqueViolation(error) && (await db.apiKey.findUnique({ where: { hash: hashApiKey(key) } }))) return false;
    throw error;
  }
}

/** Whether a key of this scope may write: write, and admin (which may do everything write may). */
export const scopeMayWrite = (scope: string): boolean => scope === "write" || scope === "admin";

export interface ApiPrincipal {
  apiKeyId: string;
  projectId: string;
  scope: string;
}

// Verified keys are cached briefly so a busy agent does not cost a query per request. Revoking a key in this process
// (dashboard, tRPC) drops it from the cache at once; a revocation by another process (`npm run keys -- revoke`, or
// another server sharing a PostgreSQL database) takes effect within CACHE_MS.
const CACHE_MS = 5_000;
type KeyCache = Map<string, { principal: ApiPrincipal | null; at: number }>;
// One cache per process, not per module instance: the production server loads this file twice (the agent fast path
// through tsx, and Next's bundle of the dashboard), and a revocation through one must reach the other.
const CACHE_SLOT = Symbol.for("thoughtgraph.apiKeyCache");
const cache: KeyCache = ((globalThis as { [CACHE_SLOT]?: KeyCache })[CACHE_SLOT] ??= new Map() as KeyCache);

/** Drops every cached verification of this key id (revoked, or un-revoked by ensureApiKey). */
function forgetKey(id: string): void {
  for (const [key, entry] of cache) if (entry.principal?.apiKeyId === id) cache.delete(key);
}
const LAST_USED_WRITE_MS = 60_000;
const lastUsedWritten = new Map<string, number>();

export async function verifyApiKey(db: Db, key: string): Promise<ApiPrincipal | null> {
  // performance.now, not Date.now: the server runs under Next, whose Date.now wrapper asks two async-local stores on
  // every call (~1 µs of the serving thread per request here); a cache age needs only a monotonic clock.
  const now = performance.now();
  // Keyed by the key itself (this process's memory only), so a cache hit costs no hash.
  const hit = cache.get(key);
  if (hit && now - hit.at < CACHE_MS) return hit.principal;
  const hash = hashApiKey(key);
  const row = await db.apiKey.findUnique({ where: { hash } });
  const principal =
    row && row.revokedAt === null ? { apiKeyId: row.id, projectId: row.projectId, scope: row.scope } : null;
  if (cache.size > 10_000) cache.clear(); // bounded: random wrong keys cannot grow it without limit
  cache.set(key, { principal, at: now });
  if (principal && now - (lastUsedWritten.get(principal.apiKeyId) ?? -Infinity) > LAST_USED_WRITE_MS) {
    lastUsedWritten.set(principal.apiKeyId, now);
    await db.apiKey.update({ where: { id: principal.apiKeyId }, data: { lastUsedAt: new Date() } });
  }
  return principal;
}

export async function listApiKeys(db: Db, projectId: string) {
  return db.apiKey.findMany({
    where: { projectId },
    orderBy: { createdAt: "asc" },
    select: {
      id: true,
      name: true,
      prefix: true,
      last4: true,
      scope: true,
      createdAt: true,
      lastUsedAt: true,
      revokedAt: true,
    },
  });
}

export async function revokeApiKey(db: Db, projectId: string, id: string): Promise<boolean> {
  const { count } = await db.apiKey.updateMany({
    where: { id, projectId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  forgetKey(id);
  return count > 0;
}
