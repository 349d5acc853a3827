// POST /api/v1/thoughtmcp/{tool}: each ThoughtMCP tool as a REST route (the stdio bridge's `--toolset thoughtmcp`
// forwards to these). The body is the tool's arguments and the answer is seed 003's envelope, with the HTTP status
// taken from the envelope's `code` so plain HTTP clients can branch on it. One route-table entry per tool, generated
// from THOUGHTMCP_TOOLS, so a new tool needs no route of its own.
import { z } from "zod";
import type { ErrorCode } from "@/lib/contracts/errors";
import { ZAnyEnvelope } from "@/lib/thoughtmcp/envelope";
import { THOUGHTMCP_TOOLS } from "@/sdk/src/mcp/thoughtmcp/definitions";
import { callThoughtMcpTool } from "@/server/thoughtmcp/handlers";
import { currentLimits } from "@/server/config";
import type { RouteHandler } from "../door";
import { agentWriter } from "../agent-writer";
import { json, readJson } from "../respond";
import type { RouteDeclaration, RouteParameter } from "../route-table";

const STATUS: Partial<Record<ErrorCode, number>> = {
  validation_error: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  request_too_large: 413,
  limit_exceeded: 422,
  rate_limited: 429,
  database_unavailable: 503,
};

const toolHandler =
  (tool: string): RouteHandler =>
  async (req, { principal }) => {
    if (!principal) throw new Error("a ThoughtMCP route ran without a verified key");
    const body = await readJson(req, currentLimits().maxBodyBytes);
    const envelope = await callThoughtMcpTool(principal, agentWriter(principal, req).client ?? null, tool, body);
    const status = envelope.success ? 200 : (STATUS[envelope.code ?? "validation_error"] ?? 500);
    return json(envelope, status);
  };

export function thoughtMcpRoutes(clientHeader: RouteParameter): RouteDeclaration[] {
  return THOUGHTMCP_TOOLS.map((tool) => ({
    method: "POST",
    path: `/api/v1/thoughtmcp/${tool.name}`,
    // Any key reaches the tool, so a read-only key calling a tool that writes gets the envelope's 403, as over MCP.
    scope: "read",
    summary: `ThoughtMCP's \`${tool.name}\` tool: ${tool.title.toLowerCase()}`,
    description:
      `${tool.description}\n\nThe answer is ThoughtMCP's envelope on success and on failure; the status is 200 on ` +
      "success, else 400/403/404/409/503 from the envelope's `code`.",
    lenient: true,
    // The tool's contract parses the body, so that every failure is ThoughtMCP's envelope.
    bodyCheckedBy: "service",
    parameters: [clientHeader],
    // The advertised schema, for the document; the handler parses with the tool's own (lenient) contract.
    body: z.fromJSONSchema(tool.inputSchema as z.core.JSONSchema.JSONSchema).meta({ examples: [tool.example] }),
    responses: {
      200: { description: "The tool's answer.", schema: ZAnyEnvelope },
      400: { description: "A bad argument: the envelope names the field and how to fix it.", schema: ZAnyEnvelope },
      403: { description: "A key with read scope called a tool that writes.", schema: ZAnyEnvelope },
      404: { description: "What the arguments name does not exist in this project.", schema: ZAnyEnvelope },
    },
    handler: toolHandler(tool.name),
  }));
}
