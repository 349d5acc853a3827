// Cross-origin answers for the doors that browser-based MCP clients call from their own page (the MCP Inspector's
// OAuth flow, a connector directory's admin page, a web agent): without them the browser hides every answer and the
// client sees only a network error. The OAuth discovery documents and the token, registration and revocation
// endpoints answer any origin; /api/mcp answers the origins its allowlist admits (server/mcp/guards.ts). None of these
// doors reads a cookie and none sends Access-Control-Allow-Credentials, so a page learns nothing it could not learn by
// calling from outside a browser. The consent form and the dashboard stay same-site only.
import type { DoorHandler, DoorResponse } from "./door";

/** Request headers a client may send: credentials, bodies, and the MCP transport's own headers. */
const ALLOWED_REQUEST_HEADERS =
  "authorization, content-type, x-api-key, mcp-protocol-version, mcp-session-id, last-event-id";
/** Response headers a page may read: the MCP session and protocol, and the 401 challenge that starts OAuth. */
const EXPOSED_RESPONSE_HEADERS = "mcp-session-id, mcp-protocol-version, www-authenticate, retry-after";
/** Seconds a browser may reuse a preflight's answer (Chromium caps it at 7,200). */
const PREFLIGHT_MAX_AGE_S = 600;

/** The headers that let a page on `origin` (or any, "*") read an answer. */
export function corsHeaders(origin: string): Record<string, string> {
  return {
    "access-control-allow-origin": origin,
    "access-control-expose-headers": EXPOSED_RESPONSE_HEADERS,
    ...(origin === "*" ? {} : { vary: "origin" }),
  };
}

/** The answer to OPTIONS: a CORS preflight (or any client asking what the door takes). */
export function preflight(methods: string, origin: string): DoorResponse {
  return {
    status: 204,
    headers: {
      ...corsHeaders(origin),
      allow: `${methods}, OPTIONS`,
      "access-control-allow-methods": methods,
      "access-control-allow-headers": ALLOWED_REQUEST_HEADERS,
      "access-control-max-age": String(PREFLIGHT_MAX_AGE_S),
    },
    body: "",
  };
}

/** A door whose every answer, errors included, any origin may read. */
export function anyOrigin(handler: DoorHandler): DoorHandler {
  return async (req, params) => {
    const res = await handler(req, params);
    return { ...res, headers: { ...res.headers, ...corsHeaders("*") } };
  };
}

/** OPTIONS on a door open to any origin. */
export const anyOriginPreflight =
  (methods: string): DoorHandler =>
  async () =>
    preflight(methods, "*");
