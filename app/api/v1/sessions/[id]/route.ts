// GET /api/v1/sessions/{id} — handler in server/http/routes/session-get.ts (the production server also serves it directly).
import { nextRoute } from "@/server/http/door";
import { methodNotAllowed } from "@/server/http/routes/not-found";
import { getSession } from "@/server/http/routes/session-get";

export const GET = nextRoute(getSession);

const wrongMethod = nextRoute(methodNotAllowed("GET"));
export { wrongMethod as POST, wrongMethod as PUT, wrongMethod as PATCH, wrongMethod as DELETE };
