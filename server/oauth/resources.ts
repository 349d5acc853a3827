// Where this server is, as clients see it, and the two protected resources (RFC 8707 resource indicators): the MCP
// endpoints /api/mcp and /api/mcp/thoughtmcp. The issuer is the origin; each endpoint's canonical URL is the origin
// plus its path, and a token is good for exactly the one it was issued for.
import "@/server/server-only";
import { currentOAuthSettings } from "@/server/config";

export const MCP_PATHS = ["/api/mcp", "/api/mcp/thoughtmcp"] as const;
export type McpPath = (typeof MCP_PATHS)[number];

type HeaderSource = { get(name: string): string | null };

/**
 * The origin clients use: THOUGHTGRAPH_PUBLIC_URL, else the request's Host (already checked against
 * THOUGHTGRAPH_ALLOWED_HOSTS) with the scheme a proxy reports in X-Forwarded-Proto (Caddy sets it), else http.
 */
export function publicOrigin(headers: HeaderSource): string {
  const configured = currentOAuthSettings().publicUrl;
  if (configured) return configured;
  const proto = headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase() === "https" ? "https" : "http";
  const host = headers.get("host") || "localhost";
  return new URL(`${proto}://${host}`).origin;
}

export function resourceUrl(origin: string, path: McpPath): string {
  return origin + path;
}

/** A resource indicator as sent, in the form tokens are bound to: scheme and host lowercased, no trailing slash. */
export function canonicalResource(value: string): string | null {
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  if (url.hash !== "" || value.includes("#") || url.search !== "") return null;
  return (url.origin + url.pathname).replace(/\/$/, "");
}

/** The MCP endpoint a resource indicator names on this server, or null when it names something else. */
export function mcpPathOf(origin: string, resource: string): McpPath | null {
  const canonical = canonicalResource(resource);
  return MCP_PATHS.find((p) => canonical === resourceUrl(origin, p)) ?? null;
}
