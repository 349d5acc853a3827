// Every path under /api that no route serves (/api/mcp/no-such, /api/auth/no-such, /api/no-such), in every method:
// a JSON 404 like the agent API's, never Next's HTML page. /api/v1 has its own catch-all (the route table's dispatch).
import { nextRoute } from "@/server/http/door";
import { notFound } from "@/server/http/routes/not-found";

export const dynamic = "force-dynamic";

const answer = nextRoute(notFound);
export { answer as GET, answer as POST, answer as PUT, answer as PATCH, answer as DELETE };
