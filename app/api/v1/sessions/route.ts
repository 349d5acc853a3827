// GET /api/v1/sessions — handler in server/http/routes/sessions-list.ts (the production server also serves it directly).
import { nextRoute } from "@/server/http/door";
import { methodNotAllowed } from "@/server/http/routes/not-found";
import { getSessions } from "@/server/http/routes/sessions-list";

export const GET = nextRoute(getSessions);

const wrongMethod = nextRoute(methodNotAllowed("GET"));
export { wrongMethod as POST, wrongMethod as PUT, wrongMethod as PATCH, wrongMethod as DELETE };
