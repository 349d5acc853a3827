// GET /api/v1/sessions — handler in server/http/routes/sessions-list.ts (the production server also serves it directly).
import { nextRoute } from "@/server/http/door";
import { getSessions } from "@/server/http/routes/sessions-list";

export const GET = nextRoute(getSessions);
