// POST /api/auth/login — handler in server/http/routes/auth.ts.
import { nextRoute } from "@/server/http/door";
import { postLogin } from "@/server/http/routes/auth";
import { methodNotAllowed } from "@/server/http/routes/not-found";

export const dynamic = "force-dynamic";
export const POST = nextRoute(postLogin);

const wrongMethod = nextRoute(methodNotAllowed("POST"));
export { wrongMethod as GET, wrongMethod as PUT, wrongMethod as PATCH, wrongMethod as DELETE };
