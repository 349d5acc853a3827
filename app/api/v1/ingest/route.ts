// POST /api/v1/ingest — handler in server/http/routes/ingest.ts (the production server also serves it directly).
import { nextRoute } from "@/server/http/door";
import { methodNotAllowed } from "@/server/http/routes/not-found";
import { postIngest } from "@/server/http/routes/ingest";

export const POST = nextRoute(postIngest);

const wrongMethod = nextRoute(methodNotAllowed("POST"));
export { wrongMethod as GET, wrongMethod as PUT, wrongMethod as PATCH, wrongMethod as DELETE };
