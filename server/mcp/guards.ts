// Host and Origin allowlists for /api/mcp (DNS-rebinding protection). A web page on another site must not be able
// to reach a thoughtgraph on localhost through a browser: its requests carry that site's Origin, or, after DNS
// rebinding, a Host naming that site.
//
// THOUGHTGRAPH_ALLOWED_HOSTS and THOUGHTGRAPH_ALLOWED_ORIGINS are comma-separated hostnames (any port; IPv6 in
// brackets, e.g. [::1]); an origin may also be written as a URL (https://app.example.com). `*` turns a check off
// (e.g. behind a reverse proxy that checks them). Default for both: localhost, 127.0.0.1 and [::1].
// Requests without an Origin header (every non-browser MCP client) pass the Origin check.
import {
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  validateHostHeader,
  validateOriginHeader,
} from "@modelcontextprotocol/server";
import { setting } from "@/server/config";

export interface Refusal {
  status: 401 | 403;
  code: "unauthorized" | "forbidden";
  message: string;
  suggestion?: string;
}

function parseList(items: string[] | undefined, fallback: string[]): string[] | "*" {
  if (items === undefined) return fallback;
  if (items.includes("*")) return "*";
  return items.map(hostnameOf);
}

/** "https://App.Example.com:8443" → "app.example.com"; "example.com:3000" → "example.com"; "[::1]" stays. */
function hostnameOf(item: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(item) ? item : `http://${item}`;
  try {
    return new URL(withScheme).hostname;
  } catch {
    return item.toLowerCase();
  }
}

export const allowedHostsFromEnv = () => parseList(setting("THOUGHTGRAPH_ALLOWED_HOSTS"), localhostAllowedHostnames());
export const allowedOriginsFromEnv = () =>
  parseList(setting("THOUGHTGRAPH_ALLOWED_ORIGINS"), localhostAllowedOrigins());

function refusal(result: { ok: boolean; message?: string }, allowed: string[], suggestion: string): Refusal | null {
  if (result.ok) return null;
  return { status: 403, code: "forbidden", message: `${result.message} (allowed: ${allowed.join(", ")}).`, suggestion };
}

export function checkHost(req: Request, allowed: string[] | "*"): Refusal | null {
  if (allowed === "*") return null;
  return refusal(
    validateHostHeader(req.headers.get("host"), allowed),
    allowed,
    "Reach the server by an allowed name, or add this host name to THOUGHTGRAPH_ALLOWED_HOSTS (comma-separated) " +
      "where the server runs.",
  );
}

export function checkOrigin(req: Request, allowed: string[] | "*"): Refusal | null {
  if (allowed === "*") return null;
  return refusal(
    validateOriginHeader(req.headers.get("origin"), allowed),
    allowed,
    "Browser pages may call /api/mcp only from an allowed origin; add it to THOUGHTGRAPH_ALLOWED_ORIGINS " +
      "(comma-separated) where the server runs. Non-browser clients send no Origin header and are not affected.",
  );
}
