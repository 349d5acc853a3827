// RFC 9728 Protected Resource Metadata: the root document and the path-inserted one of each MCP endpoint
// (/.well-known/oauth-protected-resource/api/mcp, …/api/mcp/thoughtmcp). Handler in server/http/routes/oauth.ts.
import { anyOriginPreflight } from "@/server/http/cors";
import { nextRoute } from "@/server/http/door";
import { getProtectedResourceMetadata } from "@/server/http/routes/oauth";

export const dynamic = "force-dynamic";
export const GET = nextRoute(getProtectedResourceMetadata);
export const OPTIONS = nextRoute(anyOriginPreflight("GET"));
