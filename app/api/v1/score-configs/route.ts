// GET/POST /api/v1/score-configs — handlers in server/http/routes/score-configs.ts (the production server also serves them directly).
import { nextRoute } from "@/server/http/door";
import { methodNotAllowed } from "@/server/http/routes/not-found";
import { getScoreConfigs, postScoreConfig } from "@/server/http/routes/score-configs";

export const GET = nextRoute(getScoreConfigs);
export const POST = nextRoute(postScoreConfig);

const wrongMethod = nextRoute(methodNotAllowed("GET, POST"));
export { wrongMethod as PUT, wrongMethod as PATCH, wrongMethod as DELETE };
