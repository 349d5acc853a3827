// POST /api/v1/thoughts — handler in server/http/routes/thoughts.ts (the production server also serves it directly).
import { nextRoute } from "@/server/http/door";
import { methodNotAllowed } from "@/server/http/routes/not-found";
import { postThought } from "@/server/http/routes/thoughts";

export const POST = nextRoute(postThought);

const wrongMethod = nextRoute(methodNotAllowed("POST"));
export { wrongMethod as GET, wrongMethod as PUT, wrongMethod as PATCH, wrongMethod as DELETE };
