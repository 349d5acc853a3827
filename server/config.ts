// Every setting the server reads from the environment, parsed once with clear errors. Defaults are safe: bind to
// loopback, embedded SQLite under ./data.
import "@/server/server-only";
import { DEFAULT_LIMITS, type Limits } from "@/lib/limits";

function intFromEnv(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) {
    throw new Error(`${name} must be a whole number ≥ ${min}; got "${raw}".`);
  }
  return n;
}

export function limits(): Limits {
  return {
    maxThoughtChars: intFromEnv("THOUGHTGRAPH_MAX_THOUGHT_CHARS", DEFAULT_LIMITS.maxThoughtChars),
    maxThoughtsPerSession: intFromEnv("THOUGHTGRAPH_MAX_THOUGHTS_PER_SESSION", DEFAULT_LIMITS.maxThoughtsPerSession),
    maxIngestEvents: intFromEnv("THOUGHTGRAPH_MAX_INGEST_EVENTS", DEFAULT_LIMITS.maxIngestEvents),
    maxBodyBytes: intFromEnv("THOUGHTGRAPH_MAX_BODY_BYTES", DEFAULT_LIMITS.maxBodyBytes),
    maxMetadataBytes: intFromEnv("THOUGHTGRAPH_MAX_METADATA_BYTES", DEFAULT_LIMITS.maxMetadataBytes),
    sessionIdleMinutes: intFromEnv("THOUGHTGRAPH_SESSION_IDLE_MINUTES", DEFAULT_LIMITS.sessionIdleMinutes),
  };
}

let cached: Limits | undefined;
/** The limits in force for this process (read once). */
export function currentLimits(): Limits {
  cached ??= limits();
  return cached;
}

export const DEFAULT_PROJECT_SLUG = "default";

/** The environment, or a part of it (tests pass their own). */
export type Env = Readonly<Record<string, string | undefined>>;

/** Characters a THOUGHTGRAPH_SECRET_KEY needs at least: `openssl rand -base64 32` gives 44. */
export const MIN_SECRET_KEY_CHARS = 32;

/**
 * THOUGHTGRAPH_SECRET_KEY: the key model connections' API keys are encrypted under (server/services/judges/
 * secret-box.ts). Null when unset; an error naming the variable when it is too short to be a key.
 */
export function secretKeyText(env: Env = process.env): string | null {
  const raw = env.THOUGHTGRAPH_SECRET_KEY;
  if (raw === undefined || raw.trim() === "") return null;
  if (raw.trim().length < MIN_SECRET_KEY_CHARS) {
    throw new Error(
      `THOUGHTGRAPH_SECRET_KEY must be at least ${MIN_SECRET_KEY_CHARS} characters; make one with \`openssl rand -base64 32\`.`,
    );
  }
  return raw.trim();
}
