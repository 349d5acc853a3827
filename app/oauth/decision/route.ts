// POST /oauth/decision: the consent page's approve or deny. Handler in server/http/routes/oauth.ts.
import { nextRoute } from "@/server/http/door";
import { postDecision } from "@/server/http/routes/oauth";

export const dynamic = "force-dynamic";
export const POST = nextRoute(postDecision);
