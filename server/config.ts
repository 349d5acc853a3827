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

function flagFromEnv(name: string, fallback: boolean): boolean {
  const raw = process.env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === "") return fallback;
  if (["1", "true", "on", "yes"].includes(raw)) return true;
  if (["0", "false", "off", "no"].includes(raw)) return false;
  throw new Error(`${name} must be 1 or 0; got "${process.env[name]}".`);
}

function listFromEnv(name: string): string[] {
  return (process.env[name] ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

/** OAuth for remote MCP connectors (server/oauth/README.md). */
export interface OAuthSettings {
  /** Off: /api/mcp takes API keys only, and the discovery paths answer 404 (THOUGHTGRAPH_OAUTH=0). */
  enabled: boolean;
  /** Client ID Metadata Documents: a client_id that is an https URL is fetched (THOUGHTGRAPH_OAUTH_CIMD=0: off). */
  cimd: boolean;
  /** Dynamic Client Registration, POST /api/oauth/register (THOUGHTGRAPH_OAUTH_DCR=0: off). */
  dcr: boolean;
  /** The public origin (THOUGHTGRAPH_PUBLIC_URL, e.g. https://tg.example.com); null: from each request's Host. */
  publicUrl: string | null;
  /** How long an access token works (THOUGHTGRAPH_OAUTH_ACCESS_TOKEN_SECONDS, default 900). */
  accessTokenSeconds: number;
  /** How long an unused refresh token works (THOUGHTGRAPH_OAUTH_REFRESH_TOKEN_DAYS, default 30). */
  refreshTokenDays: number;
  /** Metadata document hosts that may resolve to loopback or private addresses (THOUGHTGRAPH_OAUTH_CIMD_PRIVATE_HOSTS:
   *  an intranet's client, or a test's own metadata server). Empty by default: such addresses are refused. */
  cimdPrivateHosts: string[];
}

function publicUrlFromEnv(): string | null {
  const raw = process.env.THOUGHTGRAPH_PUBLIC_URL?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`THOUGHTGRAPH_PUBLIC_URL must be a URL such as https://tg.example.com; got "${raw}".`);
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.pathname !== "/" || url.search || url.hash) {
    throw new Error(
      `THOUGHTGRAPH_PUBLIC_URL must be an origin such as https://tg.example.com (no path); got "${raw}".`,
    );
  }
  return url.origin;
}

export function oauthSettings(): OAuthSettings {
  return {
    enabled: flagFromEnv("THOUGHTGRAPH_OAUTH", true),
    cimd: flagFromEnv("THOUGHTGRAPH_OAUTH_CIMD", true),
    dcr: flagFromEnv("THOUGHTGRAPH_OAUTH_DCR", true),
    publicUrl: publicUrlFromEnv(),
    accessTokenSeconds: intFromEnv("THOUGHTGRAPH_OAUTH_ACCESS_TOKEN_SECONDS", 900),
    refreshTokenDays: intFromEnv("THOUGHTGRAPH_OAUTH_REFRESH_TOKEN_DAYS", 30),
    cimdPrivateHosts: listFromEnv("THOUGHTGRAPH_OAUTH_CIMD_PRIVATE_HOSTS"),
  };
}

let cachedOAuth: OAuthSettings | undefined;
/** The OAuth settings in force for this process (read once). */
export function currentOAuthSettings(): OAuthSettings {
  cachedOAuth ??= oauthSettings();
  return cachedOAuth;
}
