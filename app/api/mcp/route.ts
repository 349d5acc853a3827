// MCP over Streamable HTTP: handler and checks in server/mcp/http.ts. Served by Next (not the agent fast path):
// responses may stream as Server-Sent Events, and the endpoint is not on the hot write path.
import { nextRoute } from "@/server/http/door";
import { methodNotAllowed } from "@/server/http/routes/not-found";
import { serveMcp } from "@/server/mcp/http";

export const dynamic = "force-dynamic";

export { serveMcp as GET, serveMcp as POST, serveMcp as DELETE, serveMcp as OPTIONS };

// Without these Next answers 405 with an empty body: every door answers the JSON error shape.
const wrongMethod = nextRoute(methodNotAllowed("GET, POST, DELETE"));
export { wrongMethod as PUT, wrongMethod as PATCH };
