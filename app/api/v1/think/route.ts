// POST /api/v1/think — handler in server/http/routes/think.ts (the production server also serves it directly).
import { nextRoute } from "@/server/http/door";
import { methodNotAllowed } from "@/server/http/routes/not-found";
import { postThink } from "@/server/http/routes/think";

export const POST = nextRoute(postThink);

const wrongMethod = nextRoute(methodNotAllowed("POST"));
export { wrongMethod as GET, wrongMethod as PUT, wrongMethod as PATCH, wrongMethod as DELETE };
