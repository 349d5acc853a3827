// GET /api/v1/openapi.json — handler in server/http/routes/openapi.ts (the production server also serves it directly).
import { nextRoute } from "@/server/http/door";
import { getOpenApi } from "@/server/http/routes/openapi";

export const GET = nextRoute(getOpenApi);
