// POST /api/v1/thoughts/{id}/revise — handler in server/http/routes/revise.ts (the production server also serves it directly).
import { nextRoute } from "@/server/http/door";
import { methodNotAllowed } from "@/server/http/routes/not-found";
import { postRevise } from "@/server/http/routes/revise";

export const POST = nextRoute(postRevise);

const wrongMethod = nextRoute(methodNotAllowed("POST"));
export { wrongMethod as GET, wrongMethod as PUT, wrongMethod as PATCH, wrongMethod as DELETE };
