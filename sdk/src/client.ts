// A typed client for thoughtgraph's agent REST API (/api/v1). The stdio bridge and the AI SDK tools go through it, so
// everything they record is validated by the server exactly like any other REST call. Types come from the
// foundation's contracts (lib/contracts); nothing here re-declares a shape.
import type { ApiErrorBody } from "../../lib/contracts/errors";
import type { ZIngestEvent, IngestResult } from "../../lib/contracts/ingest";
import type { SessionExport, SessionGraph, SessionPage, ListSessionsQuery } from "../../lib/contracts/session";
import type { ThoughtInput, ThoughtResult } from "../../lib/contracts/thought";
import type {
  ClearSessionResult,
  GetSessionResult,
  ReviseInput,
  ReviseResult,
  ThinkInput,
  ThinkResult,
} from "../../lib/contracts/tools";
import type { Envelope } from "../../lib/thoughtmcp/envelope";
import type { z } from "zod";

export const DEFAULT_BASE_URL = "http://127.0.0.1:3000";

/** Names "your most recent active session" in the session routes (…/sessions/current/context, …/current/clear). */
export const CURRENT_SESSION = "current";

/** Header naming the agent's client (e.g. the MCP client's name), so sessions are told apart per client. */
export const CLIENT_HEADER = "x-thoughtgraph-client";
/** Header naming the session's agent when the request's own fields name none (the stdio bridge: the MCP client's
 *  clientInfo as "name/version"); the routes whose body has no metadata (`think`) read it. */
export const AGENT_HEADER = "x-thoughtgraph-agent";

export interface ThoughtgraphClientOptions {
  /** Default http://127.0.0.1:3000 (`npm start`'s address). */
  baseUrl?: string;
  /** An API key (`npm run keys -- create --name NAME`); sent as `Authorization: Bearer`. */
  apiKey?: string;
  /** The client name recorded with every write unless a call names another (default: none). */
  client?: string;
  /** Per-request timeout; default 30 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface CallOptions {
  /** The client name for this call (overrides the client's default). */
  client?: string;
  /** The session's agent when the thought's metadata names none (the stdio bridge: the MCP client, "name/version"). */
  agent?: string;
  signal?: AbortSignal;
}

/** Error codes the client adds to the server's (lib/contracts/errors.ts): the server could not be reached or answered nonsense. */
export type ClientErrorCode = "unreachable" | "bad_response";

/** Any failure of a call: the server's JSON error (status ≥ 400), or `unreachable` (status 0) when it cannot be reached. */
export class ThoughtgraphError extends Error {
  readonly code: ApiErrorBody["code"] | ClientErrorCode;
  readonly status: number;
  readonly field?: string;
  readonly suggestion?: string;

  constructor(
    status: number,
    body: { code: ThoughtgraphError["code"]; message: string; field?: string; suggestion?: string },
  ) {
    super(body.message);
    this.name = "ThoughtgraphError";
    this.status = status;
    this.code = body.code;
    if (body.field !== undefined) this.field = body.field;
    if (body.suggestion !== undefined) this.suggestion = body.suggestion;
  }
}

export type IngestEvent = z.input<typeof ZIngestEvent>;
export type ReviseChanges = Omit<ReviseInput, "thoughtId">;
export type SessionContextOptions = { format?: "history" | "context"; limit?: number };

export interface ThoughtgraphClient {
  readonly baseUrl: string;
  /** POST /api/v1/thoughts: one `sequentialthinking` step (camelCase or snake_case; numbers/booleans also as strings). */
  recordThought(input: ThoughtInput, options?: CallOptions & { idempotencyKey?: string }): Promise<ThoughtResult>;
  /** POST /api/v1/ingest: a batch; every event gets its own status. */
  ingest(events: IngestEvent[], options?: CallOptions): Promise<IngestResult[]>;
  /** POST /api/v1/think: the `think` tool. */
  think(input: ThinkInput, options?: CallOptions): Promise<ThinkResult>;
  /** POST /api/v1/thoughts/{id}/revise: edit a thought, keeping its previous version. `thoughtId` may be a thought number. */
  reviseThought(thoughtId: string | number, changes: ReviseChanges, options?: CallOptions): Promise<ReviseResult>;
  /** GET /api/v1/sessions */
  listSessions(query?: Partial<ListSessionsQuery>, options?: CallOptions): Promise<SessionPage>;
  /** GET /api/v1/sessions/{id}: the whole session with its thoughts and branches. */
  getSession(sessionId: string, options?: CallOptions): Promise<SessionGraph>;
  /** GET /api/v1/sessions/{id}/context: compact history or formatted context; no id = your most recent active session. */
  getSessionContext(
    sessionId: string | undefined,
    query?: SessionContextOptions,
    options?: CallOptions,
  ): Promise<GetSessionResult>;
  /** POST /api/v1/sessions/{id}/clear: close a session as cleared; no id = your most recent active session. */
  clearSession(sessionId: string | undefined, options?: CallOptions): Promise<ClearSessionResult>;
  /** GET /api/v1/sessions/{id}/export (JSON, re-importable). */
  exportSession(sessionId: string, options?: CallOptions): Promise<SessionExport>;
  /** POST /api/v1/sessions/import */
  importSession(data: SessionExport, options?: CallOptions): Promise<{ sessionId: string; thoughts: number }>;
  /** GET /api/health: resolves when the server and its database answer. */
  health(options?: CallOptions): Promise<unknown>;
  /**
   * POST /api/v1/thoughtmcp/{tool}: one of ThoughtMCP's tools. Resolves with its envelope on success and on the tool's
   * own failures (`success: false`); rejects only when there is no envelope (server unreachable, key refused).
   */
  callThoughtMcpTool(tool: string, args: Record<string, unknown>, options?: CallOptions): Promise<Envelope<unknown>>;
}

const DEFAULT_TIMEOUT_MS = 30_000;

export function createThoughtgraphClient(options: ThoughtgraphClientOptions = {}): ThoughtgraphClient {
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call<T>(
    method: "GET" | "POST",
    path: string,
    body: unknown,
    opts: CallOptions & { headers?: Record<string, string>; envelope?: true } = {},
  ): Promise<T> {
    const headers: Record<string, string> = { accept: "application/json", ...opts.headers };
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    const client = opts.client ?? options.client;
    if (client) headers[CLIENT_HEADER] = client;
    if (opts.agent) headers[AGENT_HEADER] = opts.agent;
    if (body !== undefined) headers["content-type"] = "application/json";
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    let res: Response;
    try {
      res = await doFetch(baseUrl + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (opts.signal?.aborted) throw error;
      throw unreachable(baseUrl, error);
    }
    const raw = await res.text();
    let parsed: unknown = undefined;
    try {
      parsed = raw === "" ? undefined : JSON.parse(raw);
    } catch {
      // handled below
    }
    if (res.ok && parsed !== undefined) return parsed as T;
    // ThoughtMCP's routes answer their envelope with 4xx statuses too: that is the tool's answer, not a failed call.
    if (opts.envelope && typeof (parsed as { success?: unknown } | undefined)?.success === "boolean")
      return parsed as T;
    const apiError = (parsed as { error?: Partial<ApiErrorBody> } | undefined)?.error;
    if (apiError && typeof apiError.message === "string" && typeof apiError.code === "string") {
      throw new ThoughtgraphError(res.status, apiError as ApiErrorBody);
    }
    throw new ThoughtgraphError(res.status || 502, {
      code: "bad_response",
      message: `${method} ${baseUrl}${path} answered ${res.status} without a thoughtgraph JSON body.`,
      suggestion: `Check that THOUGHTGRAPH_URL (${baseUrl}) points at a thoughtgraph server.`,
    });
  }

  const sessionPath = (id: string | undefined) => `/api/v1/sessions/${encodeURIComponent(id ?? CURRENT_SESSION)}`;

  return {
    baseUrl,
    recordThought(input, opts = {}) {
      const headers: Record<string, string> = opts.idempotencyKey ? { "idempotency-key": opts.idempotencyKey } : {};
      return call("POST", "/api/v1/thoughts", withClientMetadata(input, opts.client ?? options.client, opts.agent), {
        ...opts,
        headers,
      });
    },
    async ingest(events, opts) {
      const out = await call<{ results: IngestResult[] }>("POST", "/api/v1/ingest", { events }, opts);
      return out.results;
    },
    think(input, opts) {
      return call("POST", "/api/v1/think", input, opts);
    },
    reviseThought(thoughtId, changes, opts) {
      return call("POST", `/api/v1/thoughts/${encodeURIComponent(String(thoughtId))}/revise`, changes, opts);
    },
    listSessions(query = {}, opts) {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(query)) if (v !== undefined) q.set(k, String(v));
      const qs = q.toString();
      return call("GET", `/api/v1/sessions${qs ? `?${qs}` : ""}`, undefined, opts);
    },
    getSession(sessionId, opts) {
      return call("GET", sessionPath(sessionId), undefined, opts);
    },
    getSessionContext(sessionId, query = {}, opts) {
      const q = new URLSearchParams();
      if (query.format !== undefined) q.set("format", query.format);
      if (query.limit !== undefined) q.set("limit", String(query.limit));
      const qs = q.toString();
      return call("GET", `${sessionPath(sessionId)}/context${qs ? `?${qs}` : ""}`, undefined, opts);
    },
    clearSession(sessionId, opts) {
      return call("POST", `${sessionPath(sessionId)}/clear`, {}, opts);
    },
    exportSession(sessionId, opts) {
      return call("GET", `${sessionPath(sessionId)}/export?format=json`, undefined, opts);
    },
    importSession(data, opts) {
      return call("POST", "/api/v1/sessions/import", data, opts);
    },
    health(opts) {
      return call("GET", "/api/health", undefined, opts);
    },
    callThoughtMcpTool(tool, args, opts) {
      return call("POST", `/api/v1/thoughtmcp/${encodeURIComponent(tool)}`, args, { ...opts, envelope: true });
    },
  };
}

/** The /thoughts route reads the client name from `metadata.client` and the agent from `metadata.agent`; fill in each
 *  that the thought does not name. */
function withClientMetadata(input: ThoughtInput, client: string | undefined, agent?: string): unknown {
  if ((!client && !agent) || input === null || typeof input !== "object" || Array.isArray(input)) return input;
  const metadata: unknown = (input as { metadata?: unknown }).metadata;
  if (metadata !== undefined && metadata !== null && (typeof metadata !== "object" || Array.isArray(metadata))) {
    return input; // the server names the field
  }
  const named = (metadata ?? {}) as Record<string, unknown>;
  return {
    ...input,
    metadata: {
      ...named,
      ...(client && !("client" in named) ? { client } : {}),
      ...(agent && !("agent" in named) ? { agent } : {}),
    },
  };
}

/** The error of a request that reached no server: where it was sent, why, and how to start one. */
export function unreachable(baseUrl: string, error: unknown): ThoughtgraphError {
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  const timedOut = (error as { name?: string } | null)?.name === "TimeoutError";
  const why = timedOut ? "no answer in time" : (cause?.code ?? cause?.message ?? (error as Error)?.message ?? "error");
  return new ThoughtgraphError(0, {
    code: "unreachable",
    message: `thoughtgraph is not reachable at ${baseUrl} (${why}).`,
    suggestion:
      "Start it with `npm start` in the thoughtgraph checkout (it serves http://127.0.0.1:3000), " +
      "or set THOUGHTGRAPH_URL to the address where it runs.",
  });
}
