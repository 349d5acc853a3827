// GET /api/v1/sessions/{id} — handler in server/http/routes/session-get.ts (the production server also serves it directly).
import { nextRoute } from "@/server/http/door";
import { getSession } from "@/server/http/routes/session-get";

export const GET = nextRoute(getSession);
