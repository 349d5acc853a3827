// POST /api/auth/project — handler in server/http/routes/auth.ts.
import { nextRoute } from "@/server/http/door";
import { postSwitchProject } from "@/server/http/routes/auth";
import { methodNotAllowed } from "@/server/http/routes/not-found";

export const dynamic = "force-dynamic";
export const POST = nextRoute(postSwitchProject);

const wrongMethod = nextRoute(methodNotAllowed("POST"));
export { wrongMethod as GET, wrongMethod as PUT, wrongMethod as PATCH, wrongMethod as DELETE };
