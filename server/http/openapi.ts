// The OpenAPI document, generated from the same zod contracts the routes parse with (no second copy of a shape).
import { z } from "zod";
import { ZErrorResponse } from "@/lib/contracts/errors";
import { ZIngestEvent, ZIngestResponse } from "@/lib/contracts/ingest";
import { ZScoreConfigInput, ZScoreConfigList, ZScoreConfigView, ZScoreInput, ZScoreView } from "@/lib/contracts/scores";
import { ZSessionExport, ZSessionGraph, ZSessionPage } from "@/lib/contracts/session";
import { ZThoughtInput, ZThoughtResult } from "@/lib/contracts/thought";
import {
  ZClearSessionResult,
  ZGetSessionResult,
  ZReviseInput,
  ZReviseResult,
  ZThinkInput,
  ZThinkResult,
} from "@/lib/contracts/tools";

const schema = (s: z.ZodType) => z.toJSONSchema(s, { io: "output", unrepresentable: "any", target: "openapi-3.0" });
const inputSchema = (s: z.ZodType) => z.toJSONSchema(s, { io: "input", unrepresentable: "any", target: "openapi-3.0" });

const errors = {
  "400": { description: "Invalid input; `error.field` names the field.", content: ref("Error") },
  "401": { description: "Missing or invalid API key.", content: ref("Error") },
  "413": { description: "Body over the limit.", content: ref("Error") },
};

function ref(name: string) {
  return { "application/json": { schema: { $ref: `#/components/schemas/${name}` } } };
}

const idParam = {
  name: "id",
  in: "path",
  required: true,
  description: "The session id, or the agent's own session key.",
  schema: { type: "string" },
};

const currentIdParam = {
  ...idParam,
  description: "The session id, the agent's own session key, or `current` for the agent's most recent active session.",
};

const clientHeader = {
  name: "X-Thoughtgraph-Client",
  in: "header",
  required: false,
  description: "The agent's client name; `current` and sessions without an id are looked up per API key and client.",
  schema: { type: "string", maxLength: 200 },
};

export function openApiDocument() {
  // The thought input accepts strings for numbers/booleans and snake_case names too; the schema documents the
  // canonical camelCase form.
  const thoughtInput = schema(ZThoughtInput);
  return {
    openapi: "3.0.3",
    info: {
      title: "thoughtgraph agent API",
      version: "1",
      description:
        "Record agents' sequential thoughts. Authenticate with `Authorization: Bearer <key>` or `x-api-key`. " +
        "Errors are `{ error: { code, message, field?, suggestion? } }`.",
    },
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer" },
        apiKey: { type: "apiKey", in: "header", name: "x-api-key" },
      },
      schemas: {
        ThoughtInput: thoughtInput,
        ThoughtResult: schema(ZThoughtResult),
        IngestRequest: {
          type: "object",
          required: ["events"],
          properties: { events: { type: "array", maxItems: 1000, items: inputSchema(ZIngestEvent) } },
        },
        IngestResponse: schema(ZIngestResponse),
        SessionPage: schema(ZSessionPage),
        SessionGraph: schema(ZSessionGraph),
        SessionExport: schema(ZSessionExport),
        ThinkInput: schema(ZThinkInput),
        ThinkResult: schema(ZThinkResult),
        ReviseChanges: schema(ZReviseInput.omit({ thoughtId: true })),
        ReviseResult: schema(ZReviseResult),
        SessionContext: schema(ZGetSessionResult),
        ClearSessionResult: schema(ZClearSessionResult),
        ScoreConfigInput: inputSchema(ZScoreConfigInput),
        ScoreConfig: schema(ZScoreConfigView),
        ScoreConfigList: schema(ZScoreConfigList),
        ScoreInput: inputSchema(ZScoreInput),
        Score: schema(ZScoreView),
        Error: schema(ZErrorResponse),
      },
    },
    security: [{ bearer: [] }, { apiKey: [] }],
    paths: {
      "/api/v1/thoughts": {
        post: {
          summary: "Record one thought",
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
          requestBody: { required: true, content: ref("ThoughtInput") },
          responses: {
            "201": { description: "Recorded.", content: ref("ThoughtResult") },
            "200": { description: "Repeated Idempotency-Key: the first result.", content: ref("ThoughtResult") },
            "409": { description: "Idempotency-Key reused with a different body.", content: ref("Error") },
            "422": { description: "The session is full.", content: ref("Error") },
            ...errors,
          },
        },
      },
      "/api/v1/ingest": {
        post: {
          summary: "Record a batch of events, each standing alone",
          requestBody: { required: true, content: ref("IngestRequest") },
          responses: {
            "207": {
              description: "One status per event (201, 200 repeat, 4xx rejected).",
              content: ref("IngestResponse"),
            },
            ...errors,
          },
        },
      },
      "/api/v1/sessions": {
        get: {
          summary: "List sessions, newest activity first",
          parameters: [
            { name: "status", in: "query", schema: { type: "string", enum: ["active", "completed", "cleared"] } },
            { name: "updatedSince", in: "query", schema: { type: "string", format: "date-time" } },
            { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 200, default: 50 } },
            { name: "cursor", in: "query", schema: { type: "string" } },
          ],
          responses: { "200": { description: "A page.", content: ref("SessionPage") }, ...errors },
        },
      },
      "/api/v1/sessions/{id}": {
        get: {
          summary: "A session with its thoughts and branches",
          parameters: [idParam],
          responses: {
            "200": { description: "The session graph.", content: ref("SessionGraph") },
            "404": { description: "No such session in this project.", content: ref("Error") },
            ...errors,
          },
        },
      },
      "/api/v1/sessions/{id}/export": {
        get: {
          summary: "Download a session as JSON (re-importable) or Markdown",
          parameters: [
            idParam,
            { name: "format", in: "query", schema: { type: "string", enum: ["json", "markdown"], default: "json" } },
          ],
          responses: {
            "200": {
              description: "The export.",
              content: { ...ref("SessionExport"), "text/markdown": { schema: { type: "string" } } },
            },
            ...errors,
          },
        },
      },
      "/api/v1/sessions/import": {
        post: {
          summary: "Import a JSON export as a new session",
          requestBody: { required: true, content: ref("SessionExport") },
          responses: {
            "201": {
              description: "Imported.",
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: { sessionId: { type: "string" }, thoughts: { type: "integer" } },
                  },
                },
              },
            },
            ...errors,
          },
        },
      },
      "/api/v1/think": {
        post: {
          summary: "The `think` tool: append one thought to the session log",
          description:
            "Without `sessionId` the agent's most recent active session continues (or a new one starts). `step` comes " +
            "from a per-session counter that keeps counting past the 100-thought window; `context_size` is bounded by it.",
          parameters: [clientHeader],
          requestBody: { required: true, content: ref("ThinkInput") },
          responses: { "201": { description: "Recorded.", content: ref("ThinkResult") }, ...errors },
        },
      },
      "/api/v1/thoughts/{id}/revise": {
        post: {
          summary: "The `revise_thought` tool: edit a thought, keeping its previous version",
          description:
            "`id` is the thought's id, or its thought number within the session named by `sessionId` in the body " +
            "(default: the agent's most recent active session). Send only the fields to change (snake_case or camelCase).",
          parameters: [
            {
              name: "id",
              in: "path",
              required: true,
              description: "Thought id or thought number.",
              schema: { type: "string" },
            },
            clientHeader,
          ],
          requestBody: { required: true, content: ref("ReviseChanges") },
          responses: {
            "200": { description: "The thought's new state.", content: ref("ReviseResult") },
            "404": { description: "No such thought in this project.", content: ref("Error") },
            ...errors,
          },
        },
      },
      "/api/v1/sessions/{id}/context": {
        get: {
          summary: "A session's latest thoughts, as compact history or formatted context",
          parameters: [
            currentIdParam,
            {
              name: "format",
              in: "query",
              schema: { type: "string", enum: ["history", "context"], default: "history" },
            },
            { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 1000, default: 100 } },
            clientHeader,
          ],
          responses: {
            "200": { description: "The session's thoughts.", content: ref("SessionContext") },
            "404": { description: "No such session in this project.", content: ref("Error") },
            ...errors,
          },
        },
      },
      "/api/v1/sessions/{id}/clear": {
        post: {
          summary: "Close a session as `cleared`; the agent's next thought starts a new one",
          parameters: [currentIdParam, clientHeader],
          responses: {
            "200": { description: "Cleared (kept for review).", content: ref("ClearSessionResult") },
            "404": { description: "No such session in this project.", content: ref("Error") },
            ...errors,
          },
        },
      },
      "/api/v1/score-configs": {
        get: {
          summary: "The project's score configs (scoring rubrics)",
          parameters: [
            {
              name: "includeArchived",
              in: "query",
              description: "Also list archived configs (their scores stay readable).",
              schema: { type: "boolean", default: false },
            },
          ],
          responses: { "200": { description: "The configs.", content: ref("ScoreConfigList") }, ...errors },
        },
        post: {
          summary: "Create a score config: numeric (min, max, step), categorical (labels), boolean or text",
          description:
            "A config that scores use is never edited in place: archive it and create a new version. Names are " +
            "unique among the project's active configs.",
          requestBody: { required: true, content: ref("ScoreConfigInput") },
          responses: {
            "201": { description: "Created.", content: ref("ScoreConfig") },
            "409": { description: "An active config already has this name.", content: ref("Error") },
            ...errors,
          },
        },
      },
      "/api/v1/scores": {
        post: {
          summary: "Score a thought or a whole session against a score config",
          description:
            "Send exactly one of `thoughtId` and `sessionId` (our id or the agent's key), and the config's `name` " +
            "(or `configId`). One score per config, target and API key: posting again updates it (200).",
          requestBody: { required: true, content: ref("ScoreInput") },
          responses: {
            "201": { description: "Recorded.", content: ref("Score") },
            "200": {
              description: "This key's earlier score of the same target and config, updated.",
              content: ref("Score"),
            },
            "404": {
              description: "No active config with this name, or no such thought or session in this project.",
              content: ref("Error"),
            },
            "409": { description: "The config (by configId) is archived.", content: ref("Error") },
            ...errors,
          },
        },
      },
      "/api/health": {
        get: {
          summary: "200 when the database is reachable",
          security: [],
          responses: { "200": { description: "OK" } },
        },
      },
    },
  };
}
