// The OpenAPI document, generated from the same zod contracts the routes parse with (no second copy of a shape).
import { z } from "zod";
import { ZErrorResponse } from "@/lib/contracts/errors";
import { ZIngestEvent, ZIngestResponse } from "@/lib/contracts/ingest";
import { ZSessionExport, ZSessionGraph, ZSessionPage } from "@/lib/contracts/session";
import { ZThoughtInput, ZThoughtResult } from "@/lib/contracts/thought";

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
              description: "A repeat with the same key answers the first result (200) and writes nothing.",
              schema: { type: "string", maxLength: 200 },
            },
          ],
          requestBody: { required: true, content: ref("ThoughtInput") },
          responses: {
            "201": { description: "Recorded.", content: ref("ThoughtResult") },
            "200": { description: "Repeated Idempotency-Key: the first result.", content: ref("ThoughtResult") },
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
