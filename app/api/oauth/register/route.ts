// POST /api/oauth/register. Handler in server/http/routes/oauth.ts.
import { anyOriginPreflight } from "@/server/http/cors";
import { nextRoute } from "@/server/http/door";
import { methodNotAllowed } from "@/server/http/routes/not-found";
import { postRegister } from "@/server/http/routes/oauth";

export const dynamic = "force-dynamic";
export const POST = nextRoute(postRegister);

const wrongMethod = nextRoute(methodNotAllowed("POST"));
export { wrongMethod as GET, wrongMethod as PUT, wrongMethod as PATCH, wrongMethod as DELETE };
export const OPTIONS = nextRoute(anyOriginPreflight("POST"));
