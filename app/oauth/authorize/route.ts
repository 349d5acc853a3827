// GET /oauth/authorize: the authorization endpoint. Handler in server/http/routes/oauth.ts.
import { nextRoute } from "@/server/http/door";
import { getAuthorize } from "@/server/http/routes/oauth";

export const dynamic = "force-dynamic";
export const GET = nextRoute(getAuthorize);
