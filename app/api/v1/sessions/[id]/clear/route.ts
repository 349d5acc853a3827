// POST /api/v1/sessions/{id}/clear — handler in server/http/routes/session-clear.ts (the production server also serves it directly).
import { nextRoute } from "@/server/http/door";
import { methodNotAllowed } from "@/server/http/routes/not-found";
import { postSessionClear } from "@/server/http/routes/session-clear";

export const POST = nextRoute(postSessionClear);

const wrongMethod = nextRoute(methodNotAllowed("POST"));
export { wrongMethod as GET, wrongMethod as PUT, wrongMethod as PATCH, wrongMethod as DELETE };
