// Every setting the server and its command-line tools read from the environment, declared once: its variable, how
// it is parsed (zod), its default and what it does. Nothing else in app/, components/, lib/, server/ or the CLIs reads
// process.env (eslint.config.js holds that line); the variables table of docs/operating.md is generated from this list
// (`npm run docs`). Adding a variable is one entry in SETTINGS, read with `setting("NAME")`.
//
// Each variable is read once, on first use, and kept: a bad value fails that first use with a message naming the
// variable and how to fix it, and `npm start` checks every variable before it starts (checkConfig), so a typo stops
// the start instead of a request. Tests that change a variable between cases call reloadConfig().
// Defaults are safe: bind to loopback, embedded SQLite under ./data.
import "@/server/server-only";
import { z } from "zod";
import proxyaddr from "proxy-addr";
import { DEFAULT_LIMITS, type Limits } from "@/lib/limits";
import { embeddingConfigFromEnv, type EmbeddingConfig } from "@/lib/thoughtmcp/memory-embeddings";

export const DEFAULT_PROJECT_SLUG = "default";
/**
 * Connections per process to PostgreSQL. A process holds DATABASE_POOL_MAX + 1 LISTEN + 1 NOTIFY (server/events/
 * pg-relay.ts), so a fleet of N instances needs N × (DATABASE_POOL_MAX + 2) plus 2 for a migration step; the default 7
 * puts 10 instances at 92, inside PostgreSQL's default max_connections of 100 minus its 3 reserved for superusers
 * (docs/operating.md, "Running several instances"). Behind PgBouncer the pool counts against the bouncer, not the
 * server.
 */
export const DEFAULT_POOL_MAX = 7;
/**
 * One commit at a time leaves the process idle while PostgreSQL works and PostgreSQL idle while the process builds
 * the next batch; two overlap them. Measured with `npm run bench:ingest` (DATABASE_URL=postgresql://…) on the shared
 * 2-core machine under load average 13-15, so only roughly: batches 1,451 → 2,065 thoughts/s and single POSTs
 * 175 → 272/s from one to two in flight. THOUGHTGRAPH_PG_COMMITS_IN_FLIGHT sets it.
 */
export const DEFAULT_PG_COMMITS_IN_FLIGHT = 2;
/** Characters a THOUGHTGRAPH_SECRET_KEY needs at least: `openssl rand -base64 32` gives 44. */
export const MIN_SECRET_KEY_CHARS = 32;
/** The embedded SQLite file, relative to the working directory. */
export const DEFAULT_DATABASE_URL = "file:./data/thoughtgraph.db";

type Raw = string | undefined;

export interface Setting<T> {
  /** Parses the raw value; an unset or blank variable reaches it as undefined. */
  schema: z.ZodType<T, Raw>;
  /** The default as the documentation shows it; "unset" when there is none. */
  default: string;
  /** What it does, for the documentation. */
  meaning: string;
  /** The documentation's section. */
  group: SettingGroup;
  /** How an error message shows a bad value: a secret not at all, a URL without its password. */
  shown?: "secret" | "url";
}

export const SETTING_GROUPS = {
  server: "Serving",
  setup: "First start",
  limits: "Limits",
  postgresql: "PostgreSQL",
  background: "Background work",
  models: "Embeddings and models",
  oauth: "OAuth for remote MCP connectors",
  judges: "Judges and model connections",
  tools: "Command-line tools and debugging",
} as const;
type SettingGroup = keyof typeof SETTING_GROUPS;

const blank = (raw: Raw) => (raw === undefined || raw.trim() === "" ? undefined : raw.trim());

/** A number within bounds (whole when `integer`), or `fallback` when unset. */
function number(fallback: number, bounds: { min: number; max?: number; integer?: boolean; above?: boolean }) {
  const { min, max = Number.MAX_SAFE_INTEGER, integer = true, above = false } = bounds;
  const bounded = max !== Number.MAX_SAFE_INTEGER;
  const range = above
    ? `above ${min}${bounded ? ` and at most ${max}` : ""}`
    : bounded
      ? `from ${min} to ${max}`
      : `≥ ${min}`;
  const what = `${integer ? "a whole number" : "a number"} ${range}`;
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const value = blank(raw);
      if (value === undefined) return fallback;
      const n = Number(value);
      const ok = Number.isFinite(n) && (!integer || Number.isInteger(n)) && (above ? n > min : n >= min) && n <= max;
      if (!ok) ctx.addIssue({ code: "custom", message: `must be ${what}` });
      return n;
    });
}

/** On or off: 1/true or 0/false (any case); `fallback` when unset. */
function flag(fallback: boolean) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const value = blank(raw)?.toLowerCase();
      if (value === undefined) return fallback;
      if (value === "1" || value === "true") return true;
      if (value === "0" || value === "false") return false;
      ctx.addIssue({ code: "custom", message: "must be 1 (on) or 0 (off)" });
      return fallback;
    });
}

/** Text, trimmed; undefined when unset. */
function text(check?: { minLength: number }) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const value = blank(raw);
      if (value !== undefined && check && value.length < check.minLength) {
        ctx.addIssue({ code: "custom", message: `must be at least ${check.minLength} characters` });
      }
      return value;
    });
}

/** Text as given, untrimmed (a password); undefined when unset or empty. */
const secret = () =>
  z
    .string()
    .optional()
    .transform((raw) => (raw === "" ? undefined : raw));

/** Comma-separated items, trimmed, empty ones dropped; undefined when unset. */
const list = () =>
  z
    .string()
    .optional()
    .transform((raw) => {
      const items = (raw ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      return items.length > 0 ? items : undefined;
    });

/** A URL of one of `schemes`; undefined when unset. */
function url(schemes: string[], example: string) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const value = blank(raw);
      if (value === undefined) return undefined;
      let scheme = "";
      try {
        scheme = new URL(value).protocol.replace(/:$/, "").toLowerCase();
      } catch {
        // reported below
      }
      if (!schemes.includes(scheme)) ctx.addIssue({ code: "custom", message: `must be a URL such as ${example}` });
      return value;
    });
}

const defineSetting = <T>(s: Setting<T>) => s;

export const SETTINGS = {
  // ---- Serving ----
  PORT: defineSetting({
    schema: number(3000, { min: 0, max: 65_535 }),
    default: "3000",
    meaning: "HTTP port (0: any free port).",
    group: "server",
  }),
  HOST: defineSetting({
    schema: text().transform((v) => v ?? "127.0.0.1"),
    default: "127.0.0.1",
    meaning: "Bind address (`0.0.0.0` to serve other machines; sign-in is then always required).",
    group: "server",
  }),
  DATABASE_URL: defineSetting({
    schema: url(
      ["file", "postgres", "postgresql"],
      "file:./data/thoughtgraph.db or postgresql://user:pass@host/db",
    ).transform((v) => v ?? DEFAULT_DATABASE_URL),
    default: DEFAULT_DATABASE_URL,
    meaning: "`file:…` selects SQLite, `postgresql://…` PostgreSQL.",
    group: "server",
    shown: "url",
  }),
  THOUGHTGRAPH_SINGLE_USER: defineSetting({
    schema: flag(false),
    default: "0",
    meaning: "`1`: no sign-in, one local owner; refused unless `HOST` is a loopback address.",
    group: "server",
  }),
  THOUGHTGRAPH_ALLOWED_HOSTS: defineSetting({
    schema: list(),
    default: "localhost,127.0.0.1,[::1]",
    meaning:
      "Host names (any port) the dashboard, `/setup`, the sign-in routes, tRPC and `/api/mcp` answer to, as host " +
      "names or URLs; `*` turns the check off (a reverse proxy that checks Host itself).",
    group: "server",
  }),
  THOUGHTGRAPH_ALLOWED_ORIGINS: defineSetting({
    schema: list(),
    default: "localhost,127.0.0.1,[::1]",
    meaning:
      "Origins besides the dashboard's own that may post to it, as URLs (a proxy's public address; `*` never turns " +
      "CSRF checks off); also the browser origins `/api/mcp` accepts and answers with CORS headers, for browser-based MCP clients " +
      "(host names or URLs; `*` allows all there).",
    group: "server",
  }),
  THOUGHTGRAPH_FAST_API: defineSetting({
    schema: flag(true),
    default: "1",
    meaning: "`0` routes the agent API through Next's pipeline instead of the direct handler (slower).",
    group: "server",
  }),
  THOUGHTGRAPH_MIGRATE_ON_START: defineSetting({
    schema: flag(true),
    default: "1",
    meaning: "`0`: `npm start` does not apply migrations (a fleet's deploy runs `npm run db:migrate` once instead).",
    group: "server",
  }),
  THOUGHTGRAPH_REBUILD: defineSetting({
    schema: flag(false),
    default: "0",
    meaning: "`1` forces a rebuild on `npm start` (it otherwise rebuilds only when sources are newer).",
    group: "server",
  }),
  THOUGHTGRAPH_SKIP_BUILD: defineSetting({
    schema: flag(false),
    default: "0",
    meaning: "`1`: `npm start` never builds, even when the sources are newer (the test suite's servers).",
    group: "server",
  }),

  // ---- First start ----
  THOUGHTGRAPH_INIT_API_KEY: defineSetting({
    schema: text({ minLength: 16 }),
    default: "unset",
    meaning: "Headless set-up: make sure exactly this key (≥ 16 characters) exists for the default project.",
    group: "setup",
    shown: "secret",
  }),
  THOUGHTGRAPH_INIT_ADMIN_EMAIL: defineSetting({
    schema: text().transform((v) => v?.toLowerCase()),
    default: "unset",
    meaning: "Headless set-up: make sure this person exists as an owner of the default project (with the password).",
    group: "setup",
  }),
  THOUGHTGRAPH_INIT_ADMIN_PASSWORD: defineSetting({
    schema: secret().refine((v) => v === undefined || v.length >= 8, "must be at least 8 characters"),
    default: "unset",
    meaning: "The password of `THOUGHTGRAPH_INIT_ADMIN_EMAIL` (set both or neither).",
    group: "setup",
    shown: "secret",
  }),

  // ---- Limits ----
  THOUGHTGRAPH_MAX_THOUGHT_CHARS: defineSetting({
    schema: number(DEFAULT_LIMITS.maxThoughtChars, { min: 1 }),
    default: String(DEFAULT_LIMITS.maxThoughtChars),
    meaning: "Characters per thought.",
    group: "limits",
  }),
  THOUGHTGRAPH_MAX_THOUGHTS_PER_SESSION: defineSetting({
    schema: number(DEFAULT_LIMITS.maxThoughtsPerSession, { min: 1 }),
    default: String(DEFAULT_LIMITS.maxThoughtsPerSession),
    meaning: "Thoughts per session.",
    group: "limits",
  }),
  THOUGHTGRAPH_MAX_INGEST_EVENTS: defineSetting({
    schema: number(DEFAULT_LIMITS.maxIngestEvents, { min: 1 }),
    default: String(DEFAULT_LIMITS.maxIngestEvents),
    meaning: "Events per `POST /api/v1/ingest`.",
    group: "limits",
  }),
  THOUGHTGRAPH_MAX_BODY_BYTES: defineSetting({
    schema: number(DEFAULT_LIMITS.maxBodyBytes, { min: 1 }),
    default: `\`${DEFAULT_LIMITS.maxBodyBytes}\` (4 MiB)`,
    meaning: "Request body size.",
    group: "limits",
  }),
  THOUGHTGRAPH_MAX_OTLP_BYTES: defineSetting({
    schema: number(DEFAULT_LIMITS.maxOtlpBytes, { min: 1 }),
    default: `\`${DEFAULT_LIMITS.maxOtlpBytes}\` (16 MiB)`,
    meaning: "An OTLP export's body, both as sent and once decompressed (`/api/v1/otel/v1/traces` and `/v1/logs`).",
    group: "limits",
  }),
  THOUGHTGRAPH_MAX_METADATA_BYTES: defineSetting({
    schema: number(DEFAULT_LIMITS.maxMetadataBytes, { min: 1 }),
    default: String(DEFAULT_LIMITS.maxMetadataBytes),
    meaning: "A thought's `metadata`, serialised.",
    group: "limits",
  }),
  THOUGHTGRAPH_SESSION_IDLE_MINUTES: defineSetting({
    schema: number(DEFAULT_LIMITS.sessionIdleMinutes, { min: 1 }),
    default: String(DEFAULT_LIMITS.sessionIdleMinutes),
    meaning: "How long an implicit session stays joinable.",
    group: "limits",
  }),

  // ---- OAuth for remote MCP connectors (server/oauth/README.md) ----
  THOUGHTGRAPH_OAUTH: defineSetting({
    schema: flag(true),
    default: "1",
    meaning: "`0`: `/api/mcp` takes API keys only, and the OAuth discovery paths answer 404.",
    group: "oauth",
  }),
  THOUGHTGRAPH_OAUTH_CIMD: defineSetting({
    schema: flag(true),
    default: "1",
    meaning: "Client ID Metadata Documents: a `client_id` that is an https URL is fetched (`0`: off).",
    group: "oauth",
  }),
  THOUGHTGRAPH_OAUTH_DCR: defineSetting({
    schema: flag(true),
    default: "1",
    meaning: "Dynamic Client Registration, `POST /api/oauth/register` (`0`: off).",
    group: "oauth",
  }),
  THOUGHTGRAPH_PUBLIC_URL: defineSetting({
    schema: url(["http", "https"], "https://tg.example.com").refine((v) => {
      if (v === undefined) return true;
      const u = new URL(v);
      return u.pathname === "/" && !u.search && !u.hash;
    }, "must be an origin such as https://tg.example.com (no path)"),
    default: "from each request's Host",
    meaning: "The public origin OAuth metadata and tokens name (e.g. `https://tg.example.com`).",
    group: "oauth",
  }),
  THOUGHTGRAPH_OAUTH_ACCESS_TOKEN_SECONDS: defineSetting({
    schema: number(900, { min: 1 }),
    default: "900",
    meaning: "How long an OAuth access token works.",
    group: "oauth",
  }),
  THOUGHTGRAPH_OAUTH_REFRESH_TOKEN_DAYS: defineSetting({
    schema: number(30, { min: 1 }),
    default: "30",
    meaning: "How long an unused OAuth refresh token works.",
    group: "oauth",
  }),
  THOUGHTGRAPH_OAUTH_CIMD_PRIVATE_HOSTS: defineSetting({
    schema: list().transform((v) => (v ?? []).map((h) => h.toLowerCase())),
    default: "unset",
    meaning:
      "Client metadata document hosts that may resolve to loopback or private addresses (an intranet's client); " +
      "such addresses are refused otherwise.",
    group: "oauth",
  }),
  THOUGHTGRAPH_OAUTH_DCR_PER_ADDRESS: defineSetting({
    schema: number(20, { min: 1 }),
    default: "20",
    meaning:
      "Client registrations not yet approved that one source address (an IPv6 /64) may make in an hour; more " +
      "answer 429 with Retry-After.",
    group: "oauth",
  }),
  THOUGHTGRAPH_OAUTH_DCR_UNUSED_MAX: defineSetting({
    schema: number(1000, { min: 1 }),
    default: "1000",
    meaning:
      "Client registrations not yet approved on the whole server (each expires after a day); more answer 429 " +
      "with Retry-After.",
    group: "oauth",
  }),
  THOUGHTGRAPH_TRUSTED_PROXIES: defineSetting({
    schema: list().transform((v, ctx) => {
      const trusted = v ?? [];
      try {
        proxyaddr.compile(trusted);
      } catch {
        ctx.addIssue({
          code: "custom",
          message: "must list addresses, CIDR blocks or loopback, linklocal, uniquelocal (e.g. uniquelocal)",
        });
      }
      return trusted;
    }),
    default: "unset",
    meaning:
      "Reverse proxies whose `X-Forwarded-For` names the client, for per-address limits: addresses, CIDR blocks, or " +
      "`loopback`, `linklocal`, `uniquelocal` (e.g. `uniquelocal` behind the docker-compose recipe's Caddy). Unset: " +
      "the connection's own address is the client's and `X-Forwarded-For` is ignored.",
    group: "server",
  }),

  // ---- Judges and model connections (docs/judges.md) ----
  THOUGHTGRAPH_SECRET_KEY: defineSetting({
    schema: text({ minLength: MIN_SECRET_KEY_CHARS }),
    default: "unset",
    meaning:
      "The key model connections' API keys are encrypted under (AES-256-GCM), at least 32 characters: make one " +
      "with `openssl rand -base64 32` and keep it; a connection's key stored under another one must be set again. " +
      "`npm start` refuses to start without it once a connection holds a key.",
    group: "judges",
    shown: "secret",
  }),
  THOUGHTGRAPH_JUDGE_WORKER: defineSetting({
    schema: flag(true),
    default: "1",
    meaning:
      "`0`: this instance makes no judge calls (its runs wait in the job table for an instance that does; every " +
      "instance may run one, they share the work).",
    group: "judges",
  }),

  // ---- PostgreSQL ----
  DATABASE_POOL_MAX: defineSetting({
    schema: number(DEFAULT_POOL_MAX, { min: 1 }),
    default: String(DEFAULT_POOL_MAX),
    meaning:
      "PostgreSQL connections per server process (plus one LISTEN and one NOTIFY; see " +
      '"Running several instances").',
    group: "postgresql",
  }),
  THOUGHTGRAPH_PG_COMMITS_IN_FLIGHT: defineSetting({
    schema: number(DEFAULT_PG_COMMITS_IN_FLIGHT, { min: 1 }),
    default: String(DEFAULT_PG_COMMITS_IN_FLIGHT),
    meaning:
      "Thought batches an instance commits at once, on sessions no other one in flight touches (at most " +
      "`DATABASE_POOL_MAX` − 1 are used).",
    group: "postgresql",
  }),
  THOUGHTGRAPH_LISTEN_DATABASE_URL: defineSetting({
    schema: url(["postgres", "postgresql"], "postgresql://user:pass@host/db"),
    default: "`DATABASE_URL`",
    meaning:
      "The URL of the live-update relay's LISTEN connection (a direct one when `DATABASE_URL` goes through " +
      "PgBouncer in transaction mode).",
    group: "postgresql",
    shown: "url",
  }),

  // ---- Background work ----
  THOUGHTGRAPH_WRITE_THREAD: defineSetting({
    schema: flag(true),
    default: "1",
    meaning:
      "SQLite: thought batches commit on a worker thread with its own connection, so reads are not held up by " +
      "writes; `0` commits on the serving thread.",
    group: "background",
  }),
  THOUGHTGRAPH_DETECT_SETTING_TTL_MS: defineSetting({
    schema: number(10_000, { min: 0 }),
    default: "10000",
    meaning:
      'How long a server keeps a project\'s "detect biases and emotions in every thought" setting before reading ' +
      "it again.",
    group: "background",
  }),
  THOUGHTGRAPH_DETECT_MAX_LAG_MS: defineSetting({
    schema: number(30_000, { min: 0 }),
    default: "30000",
    meaning:
      "The longest a thought waits for its findings while writes keep coming; past it the detectors run at full speed.",
    group: "background",
  }),
  THOUGHTGRAPH_DETECT_BUSY_SHARE: defineSetting({
    schema: number(0.1, { min: 0, max: 1, integer: false, above: true }),
    default: "0.1",
    meaning:
      "The share of the time the detectors take while writes keep coming (at full speed when the writer is quiet).",
    group: "background",
  }),
  THOUGHTGRAPH_SEARCH_MAX_LAG_MS: defineSetting({
    schema: number(30_000, { min: 0 }),
    default: "30000",
    meaning:
      "PostgreSQL: the longest a new thought waits to become searchable while writes keep coming; past it (or with " +
      "200,000 thoughts waiting) the write path indexes its own thoughts.",
    group: "background",
  }),
  THOUGHTGRAPH_SEARCH_BUSY_SHARE: defineSetting({
    schema: number(0.1, { min: 0, max: 1, integer: false, above: true }),
    default: "0.1",
    meaning:
      "PostgreSQL: the share of the time the search indexer takes while writes keep coming (at full speed when " +
      "they stop).",
    group: "background",
  }),

  // ---- Embeddings and models ----
  THOUGHTGRAPH_EMBEDDING_URL: defineSetting({
    schema: url(["http", "https"], "http://127.0.0.1:11434/api/embed"),
    default: "unset",
    meaning:
      "Memory similarity by embeddings instead of lexical TF-IDF: an OpenAI-compatible `…/v1/embeddings` or " +
      "Ollama `…/api/embed` URL.",
    group: "models",
    shown: "url",
  }),
  THOUGHTGRAPH_EMBEDDING_MODEL: defineSetting({
    schema: text(),
    default: "unset",
    meaning:
      "The provider's model (with the URL); a new model re-embeds every memory in the background, 64 at a time, " +
      "resumable.",
    group: "models",
  }),
  THOUGHTGRAPH_EMBEDDING_API_KEY: defineSetting({
    schema: text(),
    default: "unset",
    meaning: "The embedding provider's bearer key.",
    group: "models",
    shown: "secret",
  }),
  THOUGHTGRAPH_EMBEDDING_API: defineSetting({
    schema: text()
      .transform((v) => v?.toLowerCase())
      .refine((v) => v === undefined || v === "openai" || v === "ollama", "must be openai or ollama"),
    default: "from the URL's path",
    meaning: "`openai` or `ollama`.",
    group: "models",
  }),
  THOUGHTMCP_LLM_URL: defineSetting({
    schema: url(["http", "https"], "http://127.0.0.1:11434/v1"),
    default: "unset",
    meaning:
      "An OpenAI-compatible API's base URL (e.g. `http://127.0.0.1:11434/v1`): the ThoughtMCP tools `think`, " +
      "`ponder` and `evaluate` send their rule answer to `{url}/chat/completions` and use the reply as the " +
      "conclusion (evaluate: a `summary`), adding `llm` to `componentsUsed`; on any failure the rule answer stands.",
    group: "models",
    shown: "url",
  }),
  THOUGHTMCP_LLM_MODEL: defineSetting({
    schema: text().transform((v) => v ?? "default"),
    default: "default",
    meaning: "The model name sent to `THOUGHTMCP_LLM_URL`.",
    group: "models",
  }),
  THOUGHTMCP_LLM_KEY: defineSetting({
    schema: text(),
    default: "unset",
    meaning: "The bearer token `THOUGHTMCP_LLM_URL` wants, if any.",
    group: "models",
    shown: "secret",
  }),
  /** A local model answers a short prompt in 1–5 s; past this the rules answer. */
  THOUGHTMCP_LLM_TIMEOUT_MS: defineSetting({
    schema: number(10_000, { min: 0, above: true }),
    default: "10000",
    meaning: "How long a refinement may take before the rule answer is used.",
    group: "models",
  }),

  // ---- Command-line tools and debugging ----
  THOUGHTGRAPH_PASSWORD: defineSetting({
    schema: secret(),
    default: "generated",
    meaning: "`npm run users -- create` and `reset-password`: the password to set, instead of a generated one.",
    group: "tools",
    shown: "secret",
  }),
  THOUGHTGRAPH_DEBUG_MIGRATIONS: defineSetting({
    schema: flag(false),
    default: "0",
    meaning: "`1`: the migration engine logs to stderr (as does `DEBUG` containing `prisma`).",
    group: "tools",
  }),
  DEBUG: defineSetting({
    schema: text(),
    default: "unset",
    meaning: "Containing `prisma`: the migration engine logs to stderr.",
    group: "tools",
  }),
} as const;

export type SettingName = keyof typeof SETTINGS;
export type SettingValue<N extends SettingName> = z.output<(typeof SETTINGS)[N]["schema"]>;

/** A variable with a value it cannot take: the message names it, says what it must be, and how to fix it. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
    raw: Raw,
  ) {
    const declared = (SETTINGS as Record<string, Setting<unknown>>)[variable];
    const dflt = declared?.default.replace(/`/g, "") ?? "unset";
    const fix = dflt === "unset" ? "unset it" : `unset it for the default (${dflt})`;
    const got =
      declared?.shown === "secret"
        ? `a value of ${raw?.length ?? 0} characters`
        : `"${declared?.shown === "url" ? redactUrl(raw ?? "") : raw}"`;
    super(`${variable} ${problem}; got ${got}. Set it to a valid value or ${fix}.`);
    this.name = "ConfigError";
  }
}

/** The URL with its password replaced, for logs and error messages. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):([^@]*)@/, "//$1:***@");
}

/** `name`'s value in `env` (default: the process's environment, read now): parsed, or a ConfigError. */
export function settingIn<N extends SettingName>(name: N, env: Record<string, Raw>): SettingValue<N> {
  const raw = env[name];
  const parsed = SETTINGS[name].schema.safeParse(raw);
  if (!parsed.success) throw new ConfigError(name, parsed.error.issues[0]?.message ?? "is not valid", raw);
  return parsed.data as SettingValue<N>;
}

const read = new Map<SettingName, unknown>();

/** `name`'s value: read from the environment on first use, then kept. */
export function setting<N extends SettingName>(name: N): SettingValue<N> {
  if (!read.has(name)) read.set(name, settingIn(name, process.env));
  return read.get(name) as SettingValue<N>;
}

/** Forgets every value read, so the next use reads the environment again (tests that change a variable). */
export function reloadConfig(): void {
  read.clear();
  limitsRead = undefined;
}

type Reader = <N extends SettingName>(name: N) => SettingValue<N>;

/** The embedding provider the variables configure (undefined: lexical similarity), or an error naming the variable. */
export function embeddingConfig(read: Reader = setting): EmbeddingConfig | undefined {
  const result = embeddingConfigFromEnv({
    THOUGHTGRAPH_EMBEDDING_URL: read("THOUGHTGRAPH_EMBEDDING_URL"),
    THOUGHTGRAPH_EMBEDDING_MODEL: read("THOUGHTGRAPH_EMBEDDING_MODEL"),
    THOUGHTGRAPH_EMBEDDING_API: read("THOUGHTGRAPH_EMBEDDING_API"),
    THOUGHTGRAPH_EMBEDDING_API_KEY: read("THOUGHTGRAPH_EMBEDDING_API_KEY"),
  });
  if (!result.ok) throw new Error(`${result.message}. Set the embedding variables together, or unset them.`);
  return result.config;
}

/**
 * Every problem with the environment, one message each (empty when there is none): each variable alone, then the
 * rules between them. `npm start` runs this before anything else.
 */
export function checkConfig(env: Record<string, Raw> = process.env): string[] {
  const problems: string[] = [];
  const attempt = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      problems.push((error as Error).message);
    }
  };
  for (const name of Object.keys(SETTINGS) as SettingName[]) attempt(() => settingIn(name, env));
  if (problems.length > 0) return problems;
  const email = settingIn("THOUGHTGRAPH_INIT_ADMIN_EMAIL", env);
  const password = settingIn("THOUGHTGRAPH_INIT_ADMIN_PASSWORD", env);
  if ((email === undefined) !== (password === undefined)) {
    problems.push("Set both THOUGHTGRAPH_INIT_ADMIN_EMAIL and THOUGHTGRAPH_INIT_ADMIN_PASSWORD, or neither.");
  }
  attempt(() => embeddingConfig((name) => settingIn(name, env)));
  return problems;
}

/** OAuth for remote MCP connectors (server/oauth/README.md). */
export interface OAuthSettings {
  /** Off: /api/mcp takes API keys only, and the discovery paths answer 404. */
  enabled: boolean;
  /** Client ID Metadata Documents: a client_id that is an https URL is fetched. */
  cimd: boolean;
  /** Dynamic Client Registration, POST /api/oauth/register. */
  dcr: boolean;
  /** The public origin; null: from each request's Host. */
  publicUrl: string | null;
  accessTokenSeconds: number;
  refreshTokenDays: number;
  /** Metadata document hosts that may resolve to loopback or private addresses. */
  cimdPrivateHosts: string[];
  /** Registrations not yet approved: per source address in an hour, and on the whole server
   *  (server/oauth/registration-limits.ts). */
  dcrPerAddress: number;
  dcrUnusedMax: number;
  /** Reverse proxies whose X-Forwarded-For names the client (server/http/client-address.ts). */
  trustedProxies: string[];
}

/** The OAuth settings in force for this process. */
export function currentOAuthSettings(): OAuthSettings {
  const publicUrl = setting("THOUGHTGRAPH_PUBLIC_URL");
  return {
    enabled: setting("THOUGHTGRAPH_OAUTH"),
    cimd: setting("THOUGHTGRAPH_OAUTH_CIMD"),
    dcr: setting("THOUGHTGRAPH_OAUTH_DCR"),
    publicUrl: publicUrl === undefined ? null : new URL(publicUrl).origin,
    accessTokenSeconds: setting("THOUGHTGRAPH_OAUTH_ACCESS_TOKEN_SECONDS"),
    refreshTokenDays: setting("THOUGHTGRAPH_OAUTH_REFRESH_TOKEN_DAYS"),
    cimdPrivateHosts: setting("THOUGHTGRAPH_OAUTH_CIMD_PRIVATE_HOSTS"),
    dcrPerAddress: setting("THOUGHTGRAPH_OAUTH_DCR_PER_ADDRESS"),
    dcrUnusedMax: setting("THOUGHTGRAPH_OAUTH_DCR_UNUSED_MAX"),
    trustedProxies: setting("THOUGHTGRAPH_TRUSTED_PROXIES"),
  };
}

function readLimits(): Limits {
  return {
    maxThoughtChars: setting("THOUGHTGRAPH_MAX_THOUGHT_CHARS"),
    maxThoughtsPerSession: setting("THOUGHTGRAPH_MAX_THOUGHTS_PER_SESSION"),
    maxIngestEvents: setting("THOUGHTGRAPH_MAX_INGEST_EVENTS"),
    maxBodyBytes: setting("THOUGHTGRAPH_MAX_BODY_BYTES"),
    maxOtlpBytes: setting("THOUGHTGRAPH_MAX_OTLP_BYTES"),
    maxMetadataBytes: setting("THOUGHTGRAPH_MAX_METADATA_BYTES"),
    sessionIdleMinutes: setting("THOUGHTGRAPH_SESSION_IDLE_MINUTES"),
  };
}

let limitsRead: Limits | undefined;
/** The limits in force for this process (read once). */
export function currentLimits(): Limits {
  limitsRead ??= readLimits();
  return limitsRead;
}
