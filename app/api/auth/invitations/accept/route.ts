// POST /api/auth/invitations/accept — handler in server/http/routes/invitations.ts.
import { nextRoute } from "@/server/http/door";
import { postAcceptInvitation } from "@/server/http/routes/invitations";
import { methodNotAllowed } from "@/server/http/routes/not-found";

export const dynamic = "force-dynamic";
export const POST = nextRoute(postAcceptInvitation);

const wrongMethod = nextRoute(methodNotAllowed("POST"));
export { wrongMethod as GET, wrongMethod as PUT, wrongMethod as PATCH, wrongMethod as DELETE };
