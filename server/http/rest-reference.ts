// The REST reference of docs/agents.md, generated from the route table (route-table.ts) through the OpenAPI document
// (openapi.ts), so it lists exactly the routes the servers dispatch, with their parameters, bodies and answers.
// `npm run docs` writes it into the page (scripts/lib/generated-docs.ts); scripts/docs.test.ts fails while the page
// is out of date.
import { openApiDocument } from "./openapi";
import type { RouteDeclaration } from "./route-table";

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  format?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: { $ref?: string } }> }>;
}

const SCOPES = {
  public: "none",
  read: "any key",
  write: "a key with write scope",
  admin: "a key with admin scope",
} as const;

/** `#/components/schemas/ThoughtResult` → `ThoughtResult`; an inline schema has no name. */
const schemaName = (content: Record<string, { schema: { $ref?: string } }> | undefined) => {
  const ref = content?.["application/json"]?.schema.$ref;
  return ref ? ref.slice(ref.lastIndexOf("/") + 1) : null;
};

function typeOf(s: JsonSchema): string {
  if (s.enum) return s.enum.map((v) => `\`${String(v)}\``).join(" \\| ");
  if (s.format === "date-time") return "ISO 8601 time";
  const range =
    s.minimum !== undefined && s.maximum !== undefined
      ? ` ${s.minimum}–${s.maximum}`
      : s.maxLength
        ? ` ≤ ${s.maxLength}`
        : "";
  return `${s.type ?? "any"}${range}`;
}

/** Markdown-safe on one line: a description may hold line breaks. */
const oneLine = (text: string) => text.replace(/\s*\n\s*/g, " ").trim();

function routeSection(route: RouteDeclaration, op: Operation): string[] {
  const lines = [`### \`${route.method} ${route.path}\``, "", `${oneLine(route.summary)}.`];
  if (route.description) lines.push("", oneLine(route.description));
  lines.push("", `- API key: ${SCOPES[route.scope]}.`);
  for (const p of op.parameters ?? []) {
    const need = p.in === "path" || p.required ? "required" : "optional";
    const what = p.description ? `: ${oneLine(p.description)}` : "";
    lines.push(`- \`${p.name}\` (${p.in}, ${typeOf(p.schema)}, ${need})${what}`);
  }
  if (op.requestBody) {
    const name = schemaName(op.requestBody.content);
    const lenient = route.lenient ? " (camelCase or snake_case names; numbers and booleans also as strings)" : "";
    lines.push(`- Body: ${name ? `\`${name}\`` : "JSON, see the OpenAPI document"}${lenient}.`);
  }
  // The errors every keyed route may answer (400, 401, 413) are said once, above the index.
  const declared = Object.entries(op.responses).filter(([status]) => status in route.responses);
  const answers = declared.map(([status, r]) => {
    const name = schemaName(r.content);
    const markdown = r.content?.["text/markdown"] ? " or Markdown" : "";
    return `${status} ${oneLine(r.description).replace(/\.$/, "")}${name ? ` (\`${name}\`${markdown})` : ""}`;
  });
  lines.push(`- Answers: ${answers.join("; ")}.`);
  return lines;
}

/** The reference as Markdown: an index of every route, then one section per route, in the table's order. */
export function restReference(routes: readonly RouteDeclaration[]): string {
  const paths = openApiDocument(routes).paths as Record<string, Record<string, Operation>>;
  const index = [
    "Every route that takes an API key may also answer 400 (invalid input, `error.field` names the field), 401 (no",
    "valid key) and 413 (body over the limit), and any route 503 while the database is unreachable; every error is",
    "the JSON error shape. `GET /api/v1/openapi.json` has the schemas named below.",
    "",
    "| Method | Path | API key | What it does |",
    "| ------ | ---- | ------- | ------------ |",
    ...routes.map((r) => `| ${r.method} | \`${r.path}\` | ${r.scope} | ${oneLine(r.summary)} |`),
  ];
  const sections = routes.flatMap((r) => ["", ...routeSection(r, paths[r.path]![r.method.toLowerCase()]!)]);
  return [...index, ...sections].join("\n");
}
