// /api/v1 itself: a JSON 404 pointing at the route list, like every other unknown /api/v1 path.
import { nextRoute } from "@/server/http/door";
import { notFound } from "@/server/http/routes/not-found";

const handler = nextRoute(notFound);
export { handler as GET, handler as POST, handler as PUT, handler as PATCH, handler as DELETE };
