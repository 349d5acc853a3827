// GET /api/v1/sessions/{id}/context — handler in server/http/routes/session-context.ts (the production server also serves it directly).
import { nextRoute } from "@/server/http/door";
import { methodNotAllowed } from "@/server/http/routes/not-found";
import { getSessionContext } from "@/server/http/routes/session-context";

export const GET = nextRoute(getSessionContext);

const wrongMethod = nextRoute(methodNotAllowed("GET"));
export { wrongMethod as POST, wrongMethod as PUT, wrongMethod as PATCH, wrongMethod as DELETE };
