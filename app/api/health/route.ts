// GET /api/health — handler in server/http/routes/health.ts (the production server also serves it directly).
import { nextRoute } from "@/server/http/door";
import { getHealth } from "@/server/http/routes/health";

export const GET = nextRoute(getHealth);
export const dynamic = "force-dynamic";
