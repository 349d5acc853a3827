// /api itself: the JSON 404 of every unknown /api path (app/api/[...rest]).
import { nextRoute } from "@/server/http/door";
import { notFound } from "@/server/http/routes/not-found";

export const dynamic = "force-dynamic";

const answer = nextRoute(notFound);
export { answer as GET, answer as POST, answer as PUT, answer as PATCH, answer as DELETE };
