// Every REST route of the agent API, declared once: method, path, scope, the zod schemas of its query, body and
// responses, its summary and its handler. The production server's fast path (agent-server.ts) matches this table,
// the catch-all Next route (app/api/v1/[...rest]) dispatches through it, and the OpenAPI document's paths are
// generated from it (openapi.ts); test/api/route-table.test.ts checks every response against its declared schema.
// Adding a route is one entry here. `lenient` marks the agent tools that also accept snake_case names and strings
// for numbers and booleans (their body schema documents the canonical camelCase form).
//
// Dispatch (runRoute, for both doors) does what every route needs, in one place and in this order: the API key for
// the declared scope (401/403), then the declared `query` and `body` schemas (400 naming the field; the body read
// within the configured limit, 413), then the handler with the parsed input. A body whose service validates it
// itself says `bodyCheckedBy: "service"` (the schema then only documents it).
import { z } from "zod";
import { parseArguments } from "@/lib/contracts/parse";
import { ZIngestRequest, ZIngestResponse } from "@/lib/contracts/ingest";
import { ZScoreConfigInput, ZScoreConfigList, ZScoreConfigView, ZScoreInput, ZScoreView } from "@/lib/contracts/scores";
import {
  MAX_EXPORT_SESSIONS,
  ZExportQuery,
  ZImportResult,
  ZListSessionsQuery,
  ZSessionExport,
  ZSessionGraph,
  ZSessionPage,
  ZSessionsExportQuery,
} from "@/lib/contracts/session";
import { ZThoughtInput, ZThoughtResult } from "@/lib/contracts/thought";
import {
  ZClearSessionResult,
  ZGetSessionResult,
  ZReviseChanges,
  ZReviseResult,
  ZSessionContextQuery,
  ZThinkInput,
  ZThinkResult,
} from "@/lib/contracts/tools";
import { ZListScoreConfigsQuery } from "@/lib/contracts/scores";
import { currentLimits } from "@/server/config";
import { ValidationError } from "@/server/errors";
import { fromFetch, toFetch, type DoorHandler, type DoorRequest, type DoorResponse, type RouteInput } from "./door";
import { authenticate, errorAnswer, errorResponse, json, parseQuery, readJsonText } from "./respond";
import { getHealth } from "./routes/health";
import { methodNotAllowed, notFound } from "./routes/not-found";
import { postIngest } from "./routes/ingest";
import { openApiDocument } from "./openapi";
import { postRevise } from "./routes/revise";
import { getScoreConfigs, postScoreConfig } from "./routes/score-configs";
import { postScore } from "./routes/scores";
import { postSessionClear } from "./routes/session-clear";
import { getSessionContext } from "./routes/session-context";
import { getSessionExport, getSessionsExport } from "./routes/session-export";
import { getSession } from "./routes/session-get";
import { postSessionImport } from "./routes/session-import";
import { postTranscriptImport } from "./routes/import-transcript";
import { ZTranscriptImportQuery, ZTranscriptImportResult } from "@/lib/contracts/transcripts";
import { getSessions } from "./routes/sessions-list";
import { getSearch } from "./routes/search";
import { ZThoughtSearchQuery, ZThoughtSearchResult } from "@/lib/contracts/search";
import { postThink } from "./routes/think";
import { postThought } from "./routes/thoughts";
import { postOtelLogs, postOtelTraces } from "./routes/otel";
import { ZOtlpLogsRequest, ZOtlpLogsResponse, ZOtlpTracesRequest, ZOtlpTracesResponse } from "@/lib/contracts/otlp";
import { thoughtMcpRoutes } from "./routes/thoughtmcp";
import { judgeRoutes } from "./routes/judges";

/** An OpenAPI parameter the query schema cannot describe (a header, or a lenient route's hand-read query). */
export interface RouteParameter {
  name: string;
  in: "query" | "header" | "path";
  required?: boolean;
  description?: string;
  schema: Record<string, unknown>;
}

export interface RouteResponse {
  description: string;
  /** The JSON body's schema; none for a body that is not JSON or not documented. */
  schema?: z.ZodType;
  /** The route may also answer this status as text/markdown (the export). */
  markdown?: true;
  /** The route may answer this status as text/csv (the scores export). */
  csv?: true;
}

export interface RouteDeclaration {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** OpenAPI form: `{id}` is the one path parameter a route may have. */
  path: `/api/${string}`;
  /** `public` needs no key; `read` any key; `write` a key with write (or admin) scope; `admin` an admin key. */
  scope: "public" | "read" | "write" | "admin";
  summary: string;
  description?: string;
  /** The path parameter's meaning, for routes with `{id}`. */
  idDescription?: string;
  /** Parsed at dispatch (a 400 names the field); the handler receives the result as `input.query`. */
  query?: z.ZodObject;
  parameters?: RouteParameter[];
  /** Parsed at dispatch with parseArguments (camelCase or snake_case keys; a 400 names the field), unless
   *  `bodyCheckedBy` says the service does it; the handler receives the result as `input.body`. */
  body?: z.ZodType;
  /** The service parses the body itself (it is shared with MCP or tRPC, or needs the body as sent: ingest answers
   *  each event's status, the idempotency log keeps the raw request); `body` then only documents it. */
  bodyCheckedBy?: "service";
  /** The suggestion of a 400 for a body that is not a JSON object, e.g. `Send e.g. {"name": "…"}.` */
  example?: string;
  responses: Record<number, RouteResponse>;
  lenient?: true;
  // Method syntax on purpose: a handler typed by its route's schemas (RouteHandler<ListSessionsQuery>) is accepted
  // here, and so is a DoorHandler that reads only `id`.
  handler(req: DoorRequest, input: RouteInput): Promise<DoorResponse>;
}

const SESSION_ID = "The session id, or the agent's own session key.";
const CURRENT_SESSION_ID =
  "The session id, the agent's own session key, or `current` for the agent's most recent active session.";
const NO_SESSION = "No such session in this project.";

const clientHeader: RouteParameter = {
  name: "X-Thoughtgraph-Client",
  in: "header",
  required: false,
  description: "The agent's client name; `current` and sessions without an id are looked up per API key and client.",
  schema: { type: "string", maxLength: 200 },
};

const agentHeader: RouteParameter = {
  name: "X-Thoughtgraph-Agent",
  in: "header",
  required: false,
  description: "The agent of a session this call starts (e.g. an MCP client's `name/version`).",
  schema: { type: "string", maxLength: 200 },
};

/** An OTLP/HTTP receiver (traces or logs): write scope, the body checked by the OTLP service (protobuf or JSON,
 *  optionally gzip), the same size and media-type refusals; `refused` names what partialSuccess counts. */
function otlpRoute(r: {
  signal: "traces" | "logs";
  summary: string;
  description: string;
  body: z.ZodType;
  refused: string;
  response: z.ZodType;
  handler: RouteDeclaration["handler"];
}): RouteDeclaration {
  return {
    method: "POST",
    path: `/api/v1/otel/v1/${r.signal}`,
    scope: "write",
    summary: r.summary,
    description: r.description,
    body: r.body,
    bodyCheckedBy: "service",
    responses: {
      200: { description: `Taken; partialSuccess counts ${r.refused} refused and says why.`, schema: r.response },
      413: { description: "Larger than the OTLP limit, as sent or decompressed." },
      415: { description: "Not application/x-protobuf or application/json, or not gzip." },
    },
    handler: r.handler,
  };
}

export const ZHealth = z.object({ status: z.enum(["ok", "error"]), database: z.enum(["reachable", "unreachable"]) });
export const ZOpenApiDocument = z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) });

let document: ReturnType<typeof openApiDocument> | undefined;

/** GET /api/v1/openapi.json: public, generated from this table (built once per process). */
const getOpenApi: DoorHandler = async () => {
  document ??= openApiDocument(ROUTES);
  return json(document);
};

export const ROUTES: readonly RouteDeclaration[] = [
  {
    method: "POST",
    path: "/api/v1/thoughts",
    scope: "write",
    summary: "Record one thought",
    lenient: true,
    parameters: [
      {
        name: "Idempotency-Key",
        in: "header",
        required: false,
        description:
          "A repeat with the same key answers the first result (200) and writes nothing; the same key with a " +
          "different body answers 409 idempotency_key_reused.",
        schema: { type: "string", maxLength: 200 },
      },
    ],
    body: ZThoughtInput,
    bodyCheckedBy: "service",
    responses: {
      201: { description: "Recorded.", schema: ZThoughtResult },
      200: { description: "Repeated Idempotency-Key: the first result.", schema: ZThoughtResult },
      409: { description: "Idempotency-Key reused with a different body." },
      422: { description: "The session is full." },
    },
    handler: postThought,
  },
  {
    method: "POST",
    path: "/api/v1/ingest",
    scope: "write",
    summary: "Record a batch of events, each standing alone",
    body: ZIngestRequest,
    bodyCheckedBy: "service",
    responses: {
      207: { description: "One status per event (201, 200 repeat, 4xx rejected).", schema: ZIngestResponse },
    },
    handler: postIngest,
  },
  {
    method: "GET",
    path: "/api/v1/sessions",
    scope: "read",
    summary: "List sessions, newest activity first",
    query: ZListSessionsQuery,
    responses: { 200: { description: "A page.", schema: ZSessionPage } },
    handler: getSessions,
  },
  {
    method: "POST",
    path: "/api/v1/sessions/import",
    scope: "write",
    summary: "Import a JSON export as a new session",
    body: ZSessionExport,
    bodyCheckedBy: "service",
    responses: { 201: { description: "Imported.", schema: ZImportResult } },
    handler: postSessionImport,
  },
  {
    method: "POST",
    path: "/api/v1/import/transcript",
    scope: "write",
    summary: "Import a coding agent's transcript (Claude Code, Codex CLI, Gemini CLI) or a provider conversation",
    description:
      "The body is the file as it is on disk (JSONL or JSON, at most 64 MiB). Each thought is keyed by its source " +
      "session and line: importing the same file again, or a longer version of it, adds only what is new.",
    query: ZTranscriptImportQuery,
    body: z.string().describe("The transcript file's text."),
    bodyCheckedBy: "service",
    responses: { 200: { description: "What was imported, skipped and refused.", schema: ZTranscriptImportResult } },
    handler: postTranscriptImport,
  },
  {
    method: "GET",
    path: "/api/v1/sessions/export",
    scope: "read",
    summary: "Download the scores of many sessions as CSV, one row per score",
    description:
      "Choose the sessions with the filters of GET /api/v1/sessions (every matching session, not a page; at most " +
      `${MAX_EXPORT_SESSIONS}) or with \`ids\` (comma-separated session ids, at most ${MAX_EXPORT_SESSIONS}), not both. ` +
      "Text cells that a spreadsheet would run as a formula start with an apostrophe.",
    query: ZSessionsExportQuery,
    responses: {
      200: { description: "The scores (text/csv).", csv: true },
      404: { description: "An id in `ids` is not a session of this project." },
    },
    handler: getSessionsExport,
  },
  {
    method: "GET",
    path: "/api/v1/sessions/{id}/export",
    scope: "read",
    summary:
      "Download a session as JSON (re-importable, with its review), Markdown (with its review) or its scores as CSV",
    idDescription: SESSION_ID,
    query: ZExportQuery,
    responses: { 200: { description: "The export.", schema: ZSessionExport, markdown: true, csv: true } },
    handler: getSessionExport,
  },
  {
    method: "GET",
    path: "/api/v1/sessions/{id}",
    scope: "read",
    summary: "A session with its thoughts and branches",
    idDescription: SESSION_ID,
    responses: { 200: { description: "The session graph.", schema: ZSessionGraph }, 404: { description: NO_SESSION } },
    handler: getSession,
  },
  {
    method: "GET",
    path: "/api/v1/openapi.json",
    scope: "public",
    summary: "This document",
    responses: { 200: { description: "The OpenAPI 3 document.", schema: ZOpenApiDocument } },
    handler: getOpenApi,
  },
  {
    method: "POST",
    path: "/api/v1/think",
    scope: "write",
    summary: "The `think` tool: append one thought to the session log",
    description:
      "Without `sessionId` the agent's most recent active session continues (or a new one starts). `step` comes " +
      "from a per-session counter that keeps counting past the 100-thought window; `context_size` is bounded by it.",
    lenient: true,
    parameters: [clientHeader, agentHeader],
    body: ZThinkInput,
    bodyCheckedBy: "service",
    responses: { 201: { description: "Recorded.", schema: ZThinkResult } },
    handler: postThink,
  },
  {
    method: "POST",
    path: "/api/v1/thoughts/{id}/revise",
    scope: "write",
    summary: "The `revise_thought` tool: edit a thought, keeping its previous version",
    description:
      "`id` is the thought's id, or its thought number within the session named by `sessionId` in the body " +
      "(default: the agent's most recent active session). Send only the fields to change (snake_case or camelCase).",
    idDescription: "Thought id or thought number.",
    lenient: true,
    parameters: [clientHeader],
    body: ZReviseChanges,
    bodyCheckedBy: "service",
    responses: {
      200: { description: "The thought's new state.", schema: ZReviseResult },
      404: { description: "No such thought in this project." },
    },
    handler: postRevise,
  },
  {
    method: "GET",
    path: "/api/v1/sessions/{id}/context",
    scope: "read",
    summary: "A session's latest thoughts, as compact history or formatted context",
    idDescription: CURRENT_SESSION_ID,
    lenient: true,
    query: ZSessionContextQuery,
    parameters: [clientHeader],
    responses: {
      200: { description: "The session's thoughts.", schema: ZGetSessionResult },
      404: { description: NO_SESSION },
    },
    handler: getSessionContext,
  },
  {
    method: "POST",
    path: "/api/v1/sessions/{id}/clear",
    scope: "write",
    summary: "Close a session as `cleared`; the agent's next thought starts a new one",
    idDescription: CURRENT_SESSION_ID,
    parameters: [clientHeader],
    responses: {
      200: { description: "Cleared (kept for review).", schema: ZClearSessionResult },
      404: { description: NO_SESSION },
    },
    handler: postSessionClear,
  },
  {
    method: "GET",
    path: "/api/v1/score-configs",
    scope: "read",
    summary: "The project's score configs (scoring rubrics)",
    query: ZListScoreConfigsQuery,
    responses: { 200: { description: "The configs.", schema: ZScoreConfigList } },
    handler: getScoreConfigs,
  },
  {
    method: "POST",
    path: "/api/v1/score-configs",
    scope: "write",
    summary: "Create a score config: numeric (min, max, step), categorical (labels), boolean or text",
    description:
      "A config that scores use is never edited in place: archive it and create a new version. Names are " +
      "unique among the project's active configs.",
    body: ZScoreConfigInput,
    example: 'Send e.g. {"name": "correctness", "type": "numeric", "min": 1, "max": 5, "step": 1}.',
    responses: {
      201: { description: "Created.", schema: ZScoreConfigView },
      409: { description: "An active config already has this name." },
    },
    handler: postScoreConfig,
  },
  {
    method: "POST",
    path: "/api/v1/scores",
    scope: "write",
    summary: "Score a thought or a whole session against a score config",
    description:
      "Send exactly one of `thoughtId` and `sessionId` (our id or the agent's key), and the config's `name` " +
      "(or `configId`). One score per config, target and API key: posting again updates it (200).",
    body: ZScoreInput,
    example: 'Send e.g. {"thoughtId": "…", "name": "correctness", "value": 4, "comment": "…"}.',
    responses: {
      201: { description: "Recorded.", schema: ZScoreView },
      200: { description: "This key's earlier score of the same target and config, updated.", schema: ZScoreView },
      404: { description: "No active config with this name, or no such thought or session in this project." },
      409: { description: "The config (by configId) is archived." },
    },
    handler: postScore,
  },
  {
    method: "GET",
    path: "/api/v1/search",
    scope: "read",
    summary: "Search every thought of the project (all versions), ranked, with highlight ranges",
    description:
      'q takes words (implicit AND), AND, OR, NOT, parentheses and "phrases". Highlights are ranges into a plain-text ' +
      "snippet, never markup.",
    query: ZThoughtSearchQuery,
    responses: { 200: { description: "One page of matching thoughts.", schema: ZThoughtSearchResult } },
    handler: getSearch,
  },
  otlpRoute({
    signal: "traces",
    summary: "OTLP/HTTP traces: an OpenTelemetry exporter's spans, as reasoning graphs",
    description:
      "Point an OTLP exporter at …/api/v1/otel (traces go to /v1/traces) with the API key as a header. Takes " +
      "application/x-protobuf or application/json, optionally gzip; answers in the request's encoding. Spans of " +
      "the GenAI conventions, the AI SDK and OpenInference become thoughts; replaying an export writes nothing new.",
    body: ZOtlpTracesRequest,
    refused: "spans",
    response: ZOtlpTracesResponse,
    handler: postOtelTraces,
  }),
  otlpRoute({
    signal: "logs",
    summary: "OTLP/HTTP logs: GenAI events (gen_ai.client.inference.operation.details and per-message events)",
    description:
      "The logs exporter of the same base URL. Log records that are GenAI events become thoughts of their span's " +
      "session; other records are taken and ignored.",
    body: ZOtlpLogsRequest,
    refused: "records",
    response: ZOtlpLogsResponse,
    handler: postOtelLogs,
  }),
  {
    method: "GET",
    path: "/api/health",
    scope: "public",
    summary: "200 when the database is reachable",
    responses: { 200: { description: "OK", schema: ZHealth }, 503: { description: "Unreachable.", schema: ZHealth } },
    handler: getHealth,
  },
  ...thoughtMcpRoutes(clientHeader),
  ...judgeRoutes(),
];

// ---- dispatch ----

interface CompiledPath {
  pattern: RegExp;
  byMethod: Map<string, RouteDeclaration>;
  allowed: string;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `/api/v1/sessions/{id}` → /^\/api\/v1\/sessions\/([^/]+)$/ */
export function pathPattern(path: string): RegExp {
  const parts = path.split(/\{[a-z]+\}/i).map(escapeRegExp);
  return new RegExp(`^${parts.join("([^/]+)")}$`);
}

function compile(routes: readonly RouteDeclaration[]): CompiledPath[] {
  const byPath = new Map<string, RouteDeclaration[]>();
  for (const r of routes) byPath.set(r.path, [...(byPath.get(r.path) ?? []), r]);
  const paths = [...byPath].map(([path, rs]) => ({
    path,
    pattern: pathPattern(path),
    byMethod: new Map(rs.map((r) => [r.method, r])),
    allowed: rs.map((r) => r.method).join(", "),
  }));
  // Literal paths before templated ones, as Next's file routing does: GET /api/v1/sessions/import is a 405, not
  // the session "import".
  return paths.sort((a, b) => Number(a.path.includes("{")) - Number(b.path.includes("{")));
}

const COMPILED = compile(ROUTES);

export type RouteLookup =
  { kind: "match"; route: RouteDeclaration; id: string } | { kind: "wrong-method"; allowed: string } | { kind: "none" };

/** The route for a method and a (still percent-encoded) pathname; the caller has checked the escapes decode. */
export function findRoute(method: string | undefined, pathname: string): RouteLookup {
  for (const p of COMPILED) {
    const m = p.pattern.exec(pathname);
    if (!m) continue;
    const route = method === undefined ? undefined : p.byMethod.get(method);
    if (!route) return { kind: "wrong-method", allowed: p.allowed };
    return { kind: "match", route, id: decodeURIComponent(m[1] ?? "") };
  }
  return { kind: "none" };
}

/** Runs a route for both doors: its API key, its declared query and body, then its handler (see the file header).
 *  Any error becomes its JSON answer (respond.ts, errorAnswer). */
export async function runRoute(route: RouteDeclaration, req: DoorRequest, id: string): Promise<DoorResponse> {
  try {
    const principal = route.scope === "public" ? null : await authenticate(req, route.scope);
    const query = route.query ? parseQuery(route.query, req) : undefined;
    if (!route.body || route.bodyCheckedBy === "service") {
      return await route.handler(req, { id, principal, query, body: undefined });
    }
    // Read once; a handler that reads the body again gets the same bytes.
    const bytes = await req.readBody(currentLimits().maxBodyBytes);
    const door: DoorRequest = {
      method: req.method,
      url: req.url,
      header: (name) => req.header(name),
      readBody: () => Promise.resolve(bytes),
    };
    const parsed = parseArguments(route.body, (await readJsonText(door, Infinity)).value, route.example);
    if (!parsed.ok) throw new ValidationError(parsed.problem);
    return await route.handler(door, { id, principal, query, body: parsed.value });
  } catch (error) {
    return errorAnswer(error, req.method);
  }
}

export const malformedPath: DoorHandler = async (req) =>
  errorResponse(
    {
      code: "validation_error",
      field: "path",
      message: `The path ${req.url.split("?")[0]} has a malformed percent-escape.`,
      suggestion: "Percent-encode ids with encodeURIComponent.",
    },
    400,
  );

/** The fallback behind Next (app/api/v1/[...rest], app/api/health): the route, a JSON 405 or a JSON 404. */
export async function dispatchRoute(req: DoorRequest): Promise<DoorResponse> {
  const q = req.url.indexOf("?");
  const pathname = q === -1 ? req.url : req.url.slice(0, q);
  try {
    decodeURIComponent(pathname);
  } catch {
    return malformedPath(req, { id: "" });
  }
  const found = findRoute(req.method, pathname);
  if (found.kind === "match") return runRoute(found.route, req, found.id);
  if (found.kind === "wrong-method") return methodNotAllowed(found.allowed)(req, { id: "" });
  return notFound(req, { id: "" });
}

/** dispatchRoute as a Next route handler. */
export const nextDispatch = async (req: Request): Promise<Response> => toFetch(await dispatchRoute(fromFetch(req)));
