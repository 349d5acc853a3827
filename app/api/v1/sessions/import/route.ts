// POST /api/v1/sessions/import — handler in server/http/routes/session-import.ts (the production server also serves it directly).
import { nextRoute } from "@/server/http/door";
import { postSessionImport } from "@/server/http/routes/session-import";

export const POST = nextRoute(postSessionImport);
