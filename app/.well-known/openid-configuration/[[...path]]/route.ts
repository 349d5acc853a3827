// The same Authorization Server Metadata at the OpenID discovery path, which MCP clients try when the RFC 8414 path
// fails (no OpenID Connect is offered: no ID tokens). Optional catch-all, as for the RFC 8414 path: a path-inserted
// form (…/openid-configuration/api/mcp) is answered by the handler with a JSON 404, not the dashboard's HTML page.
// Handler in server/http/routes/oauth.ts.
import { anyOriginPreflight } from "@/server/http/cors";
import { nextRoute } from "@/server/http/door";
import { getAuthorizationServerMetadata } from "@/server/http/routes/oauth";

export const dynamic = "force-dynamic";
export const GET = nextRoute(getAuthorizationServerMetadata);
export const OPTIONS = nextRoute(anyOriginPreflight("GET"));
