// GET /api/v1/sessions/{id}/export — handler in server/http/routes/session-export.ts (the production server also serves it directly).
import { nextRoute } from "@/server/http/door";
import { methodNotAllowed } from "@/server/http/routes/not-found";
import { getSessionExport } from "@/server/http/routes/session-export";

export const GET = nextRoute(getSessionExport);

const wrongMethod = nextRoute(methodNotAllowed("GET"));
export { wrongMethod as POST, wrongMethod as PUT, wrongMethod as PATCH, wrongMethod as DELETE };
