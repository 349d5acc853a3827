// GET /api/v1/openapi.json — handler in server/http/routes/openapi.ts (the production server also serves it directly).
import { nextRoute } from "@/server/http/door";
import { methodNotAllowed } from "@/server/http/routes/not-found";
import { getOpenApi } from "@/server/http/routes/openapi";

export const GET = nextRoute(getOpenApi);

const wrongMethod = nextRoute(methodNotAllowed("GET"));
export { wrongMethod as POST, wrongMethod as PUT, wrongMethod as PATCH, wrongMethod as DELETE };
