// GET /api/v1/openapi.json — public, generated from the zod contracts.
import { openApiDocument } from "@/server/http/openapi";

export function GET(): Response {
  return Response.json(openApiDocument());
}
