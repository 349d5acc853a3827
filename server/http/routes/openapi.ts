// GET /api/v1/openapi.json — public, generated from the zod contracts (built once per process).
import type { DoorHandler } from "@/server/http/door";
import { openApiDocument } from "@/server/http/openapi";
import { json } from "@/server/http/respond";

let document: ReturnType<typeof openApiDocument> | undefined;

export const getOpenApi: DoorHandler = async () => {
  document ??= openApiDocument();
  return json(document);
};
