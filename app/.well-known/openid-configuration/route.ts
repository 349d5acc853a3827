// The same Authorization Server Metadata at the OpenID discovery path, which MCP clients try when the RFC 8414 path
// fails (no OpenID Connect is offered: no ID tokens). Handler in server/http/routes/oauth.ts.
import { nextRoute } from "@/server/http/door";
import { getAuthorizationServerMetadata } from "@/server/http/routes/oauth";

export const dynamic = "force-dynamic";
export const GET = nextRoute(getAuthorizationServerMetadata);
