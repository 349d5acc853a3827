// The one error shape every door answers with: REST bodies, MCP tool errors and tRPC errors carry the same fields.
import { z } from "zod";

export const ERROR_CODES = [
  "validation_error",
  "unauthorized",
  "forbidden",
  "not_found",
  "conflict",
  "idempotency_key_reused",
  "request_too_large",
  "limit_exceeded",
  "rate_limited",
  "unsupported_media_type",
  "method_not_allowed",
  "unexpected_error",
  "database_unavailable",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ZApiError = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  field: z.string().optional(),
  suggestion: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof ZApiError>;

export const ZErrorResponse = z.object({ error: ZApiError });

/** The first problem with an input, phrased for the agent that sent it. */
export interface FieldProblem {
  field: string;
  message: string;
  suggestion?: string;
}

/** Turns a zod failure into the first problem, naming the field by its dotted path. */
export function firstProblem(error: z.ZodError): FieldProblem {
  const issue = error.issues[0];
  if (!issue) return { field: "body", message: "The request body is invalid." };
  const field = issue.path.length > 0 ? issue.path.map(String).join(".") : "body";
  if (issue.code === "unrecognized_keys") {
    const keys = issue.keys.join(", ");
    return {
      field: issue.path.length > 0 ? `${field}.${issue.keys[0]}` : (issue.keys[0] ?? field),
      message: `Unknown field(s): ${keys}.`,
      suggestion: "Remove the unknown fields or check their spelling against GET /api/v1/openapi.json.",
    };
  }
  // Our schemas put "message | suggestion" into custom messages; zod's own messages carry no suggestion.
  const [message, suggestion] = issue.message.split(" | ");
  const text = message ?? issue.message;
  return { field, message: text.startsWith(field) ? text : `${field}: ${text}`, suggestion };
}
