// POST /api/auth/password-reset — handler in server/http/routes/password-reset.ts.
import { nextRoute } from "@/server/http/door";
import { postPasswordReset } from "@/server/http/routes/password-reset";
import { methodNotAllowed } from "@/server/http/routes/not-found";

export const dynamic = "force-dynamic";
export const POST = nextRoute(postPasswordReset);

const wrongMethod = nextRoute(methodNotAllowed("POST"));
export { wrongMethod as GET, wrongMethod as PUT, wrongMethod as PATCH, wrongMethod as DELETE };
