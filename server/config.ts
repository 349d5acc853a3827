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
    maxOtlpBytes: intFromEnv("THOUGHTGRAPH_MAX_OTLP_BYTES", DEFAULT_LIMITS.maxOtlpBytes),
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
