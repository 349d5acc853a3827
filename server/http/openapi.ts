// The OpenAPI document: its paths are generated from the route table (route-table.ts), its schemas from the same
// zod contracts the routes parse with (zod 4's own JSON Schema generator; no second copy of a shape).
import { z } from "zod";
import { ZErrorResponse } from "@/lib/contracts/errors";
import { ZIngestEvent, ZIngestRequest, ZIngestResponse } from "@/lib/contracts/ingest";
import { ZScoreConfigInput, ZScoreConfigList, ZScoreConfigView, ZScoreInput, ZScoreView } from "@/lib/contracts/scores";
import { ZSessionExport, ZSessionGraph, ZSessionPage } from "@/lib/contracts/session";
import { ZThoughtInput, ZThoughtResult } from "@/lib/contracts/thought";
import {
  ZClearSessionResult,
  ZGetSessionResult,
  ZReviseChanges,
  ZReviseResult,
  ZThinkInput,
  ZThinkResult,
} from "@/lib/contracts/tools";
import type { RouteDeclaration } from "./route-table";

const schema = (s: z.ZodType) => z.toJSONSchema(s, { io: "output", unrepresentable: "any", target: "openapi-3.0" });
const inputSchema = (s: z.ZodType) => z.toJSONSchema(s, { io: "input", unrepresentable: "any", target: "openapi-3.0" });

/** The schemas documented once under components and referenced by name (input schemas in their input form). */
const COMPONENTS: [string, z.ZodType, (s: z.ZodType) => unknown][] = [
  // The thought input accepts strings for numbers/booleans and snake_case names too; the schema documents the
  // canonical camelCase form.
  ["ThoughtInput", ZThoughtInput, schema],
  ["ThoughtResult", ZThoughtResult, schema],
  [
    "IngestRequest",
    ZIngestRequest,
    () => ({
      type: "object",
      required: ["events"],
      properties: { events: { type: "array", maxItems: 1000, items: inputSchema(ZIngestEvent) } },
    }),
  ],
  ["IngestResponse", ZIngestResponse, schema],
  ["SessionPage", ZSessionPage, schema],
  ["SessionGraph", ZSessionGraph, schema],
  ["SessionExport", ZSessionExport, schema],
  ["ThinkInput", ZThinkInput, schema],
  ["ThinkResult", ZThinkResult, schema],
  ["ReviseChanges", ZReviseChanges, schema],
  ["ReviseResult", ZReviseResult, schema],
  ["SessionContext", ZGetSessionResult, schema],
  ["ClearSessionResult", ZClearSessionResult, schema],
  ["ScoreConfigInput", ZScoreConfigInput, inputSchema],
  ["ScoreConfig", ZScoreConfigView, schema],
  ["ScoreConfigList", ZScoreConfigList, schema],
  ["ScoreInput", ZScoreInput, inputSchema],
  ["Score", ZScoreView, schema],
  ["Error", ZErrorResponse, schema],
];

const names = new Map(COMPONENTS.map(([name, s]) => [s, name]));

function content(s: z.ZodType, io: "input" | "output") {
  const name = names.get(s);
  return {
    "application/json": {
      schema: name ? { $ref: `#/components/schemas/${name}` } : io === "input" ? inputSchema(s) : schema(s),
    },
  };
}

const errorContent = () => content(ZErrorResponse, "output");

/** Every route may answer these (the public ones only 400/413 in principle; documented alike, as before). */
const commonErrors = {
  "400": "Invalid input; `error.field` names the field.",
  "401": "Missing or invalid API key.",
  "413": "Body over the limit.",
};

/** A query schema's properties as OpenAPI query parameters. */
function queryParameters(query: z.ZodObject) {
  const json = inputSchema(query) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: "query",
    ...(json.required?.includes(name) ? { required: true } : {}),
    schema: s,
  }));
}

function operation(route: RouteDeclaration) {
  const parameters = [
    ...(route.path.includes("{id}")
      ? [{ name: "id", in: "path", required: true, description: route.idDescription, schema: { type: "string" } }]
      : []),
    ...(route.query ? queryParameters(route.query) : []),
    ...(route.parameters ?? []),
  ];
  const responses: Record<string, unknown> = {};
  for (const [status, r] of Object.entries(route.responses)) {
    const json = r.schema ? content(r.schema, "output") : Number(status) >= 400 ? errorContent() : undefined;
    const markdown = r.markdown ? { "text/markdown": { schema: { type: "string" } } } : {};
    const csv = r.csv ? { "text/csv": { schema: { type: "string" } } } : {};
    responses[status] = {
      description: r.description,
      ...(json || r.markdown || r.csv ? { content: { ...json, ...markdown, ...csv } } : {}),
    };
  }
  if (route.scope !== "public") {
    for (const [status, description] of Object.entries(commonErrors))
      responses[status] = { description, content: errorContent() };
  }
  return {
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    ...(route.scope === "public" ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(route.body ? { requestBody: { required: true, content: content(route.body, "input") } } : {}),
    responses,
  };
}

function paths(routes: readonly RouteDeclaration[]) {
  const out: Record<string, Record<string, unknown>> = {};
  for (const route of routes) (out[route.path] ??= {})[route.method.toLowerCase()] = operation(route);
  return out;
}

/** The document for a route table (route-table.ts passes its ROUTES; taking them as an argument avoids a cycle). */
export function openApiDocument(routes: readonly RouteDeclaration[]) {
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
      schemas: Object.fromEntries(COMPONENTS.map(([name, s, toJson]) => [name, toJson(s)])),
    },
    security: [{ bearer: [] }, { apiKey: [] }],
    paths: paths(routes),
  };
}
