// GET /api/health — handler in server/http/routes/health.ts (the production server also serves it directly).
import { nextRoute } from "@/server/http/door";
import { getHealth } from "@/server/http/routes/health";
import { methodNotAllowed } from "@/server/http/routes/not-found";

export const GET = nextRoute(getHealth);
export const dynamic = "force-dynamic";

const wrongMethod = nextRoute(methodNotAllowed("GET"));
export { wrongMethod as POST, wrongMethod as PUT, wrongMethod as PATCH, wrongMethod as DELETE };
