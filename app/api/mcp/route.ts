// MCP over Streamable HTTP: handler and checks in server/mcp/http.ts. Served by Next (not the agent fast path):
// responses may stream as Server-Sent Events, and the endpoint is not on the hot write path.
import { serveMcp } from "@/server/mcp/http";

export const dynamic = "force-dynamic";

export { serveMcp as GET, serveMcp as POST, serveMcp as DELETE };
