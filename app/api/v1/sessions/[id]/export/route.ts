// GET /api/v1/sessions/{id}/export — handler in server/http/routes/session-export.ts (the production server also serves it directly).
import { nextRoute } from "@/server/http/door";
import { getSessionExport } from "@/server/http/routes/session-export";

export const GET = nextRoute(getSessionExport);
