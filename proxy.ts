// Runs before every dashboard page and the dashboard's own API routes (auth, tRPC, downloads):
// - refuses a Host outside the allowlist /api/mcp uses (server/mcp/guards.ts: loopback names by default,
//   THOUGHTGRAPH_ALLOWED_HOSTS otherwise) with 403 JSON. After DNS rebinding a page on evil.example reaches a local
//   thoughtgraph under `Host: evil.example` with a matching Origin, which passes the CSRF check; on a fresh install
//   (/setup: the first visitor becomes owner) and in single-user mode that would be a takeover;
// - so also guards the OAuth authorization server's doors (/.well-known/*, /oauth/*, /api/oauth/*): a token or consent
//   under a foreign Host would name a resource or issuer the clients never asked for;
// - hands the path to server components (the dashboard layout sends a signed-out visitor to /login?next=<path>).
// Authentication itself happens in the layout and the API doors, against the database. The agent doors (/api/v1,
// /api/mcp, /api/health) are not matched: they authenticate every request by key, and /api/mcp checks Host itself.
import { NextResponse, type NextRequest } from "next/server";
import { allowedHostsFromEnv, checkHost } from "@/server/mcp/guards";

let allowedHosts: ReturnType<typeof allowedHostsFromEnv> | undefined;

export function proxy(request: NextRequest) {
  const path = request.nextUrl.pathname;
  allowedHosts ??= allowedHostsFromEnv();
  const refused = checkHost(request, allowedHosts);
  if (refused) {
    return NextResponse.json(
      { error: { code: refused.code, message: refused.message, field: "Host", suggestion: refused.suggestion } },
      { status: refused.status, headers: { "cache-control": "no-store" } },
    );
  }
  const headers = new Headers(request.headers);
  headers.set("x-thoughtgraph-path", path + request.nextUrl.search);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: ["/((?!api/v1|api/mcp|api/health|_next/|icon.svg|favicon.ico).*)"],
};
