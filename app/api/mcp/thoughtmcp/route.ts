// ThoughtMCP's tool set over Streamable HTTP: same key, Host/Origin checks and transports as /api/mcp
// (server/mcp/http.ts); the tools are in server/thoughtmcp/.
import { nextRoute } from "@/server/http/door";
import { methodNotAllowed } from "@/server/http/routes/not-found";
import { serveThoughtMcp } from "@/server/mcp/http";

export const dynamic = "force-dynamic";

export { serveThoughtMcp as GET, serveThoughtMcp as POST, serveThoughtMcp as DELETE, serveThoughtMcp as OPTIONS };

const wrongMethod = nextRoute(methodNotAllowed("GET, POST, DELETE"));
export { wrongMethod as PUT, wrongMethod as PATCH };
