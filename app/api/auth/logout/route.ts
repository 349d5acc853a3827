// POST /api/auth/logout — handler in server/http/routes/auth.ts.
import { nextRoute } from "@/server/http/door";
import { postLogout } from "@/server/http/routes/auth";
import { methodNotAllowed } from "@/server/http/routes/not-found";

export const dynamic = "force-dynamic";
export const POST = nextRoute(postLogout);

const wrongMethod = nextRoute(methodNotAllowed("POST"));
export { wrongMethod as GET, wrongMethod as PUT, wrongMethod as PATCH, wrongMethod as DELETE };
