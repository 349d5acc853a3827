// RFC 8414 Authorization Server Metadata. Handler in server/http/routes/oauth.ts.
import { anyOriginPreflight } from "@/server/http/cors";
import { nextRoute } from "@/server/http/door";
import { getAuthorizationServerMetadata } from "@/server/http/routes/oauth";

export const dynamic = "force-dynamic";
export const GET = nextRoute(getAuthorizationServerMetadata);
export const OPTIONS = nextRoute(anyOriginPreflight("GET"));
