// POST /api/v1/sessions/import — handler in server/http/routes/session-import.ts (the production server also serves it directly).
import { nextRoute } from "@/server/http/door";
import { methodNotAllowed } from "@/server/http/routes/not-found";
import { postSessionImport } from "@/server/http/routes/session-import";

export const POST = nextRoute(postSessionImport);

const wrongMethod = nextRoute(methodNotAllowed("POST"));
export { wrongMethod as GET, wrongMethod as PUT, wrongMethod as PATCH, wrongMethod as DELETE };
