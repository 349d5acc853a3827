// POST /api/v1/scores — handler in server/http/routes/scores.ts (the production server also serves it directly).
import { nextRoute } from "@/server/http/door";
import { methodNotAllowed } from "@/server/http/routes/not-found";
import { postScore } from "@/server/http/routes/scores";

export const POST = nextRoute(postScore);

const wrongMethod = nextRoute(methodNotAllowed("POST"));
export { wrongMethod as GET, wrongMethod as PUT, wrongMethod as PATCH, wrongMethod as DELETE };
