// The agent API's fast path. Next's request pipeline costs ~1.5 ms of CPU per request on this 2-core machine
// (measured: ~600 req/s for a route that only answers 404, against ~7,400 req/s for a bare node:http server), which
// alone would cap single-thought POSTs far below the 3,000/s target. The production server (scripts/start.ts)
// therefore hands the agent routes of the route table (route-table.ts) straight to their door handlers; pages, tRPC and
// anything unmatched still go through Next. `THOUGHTGRAPH_FAST_API=0` turns this off.
import type { IncomingMessage, ServerResponse } from "node:http";
import { fromNode, sendNode } from "./door";
import { domainErrorResponse, unexpectedErrorResponse } from "./respond";
import { asDomainError } from "@/server/errors";
import { findRoute, malformedPath, runRoute, type RouteDeclaration } from "./route-table";

export interface AgentRouteMatch {
  /** The route; null for a path with a malformed percent-escape (answered 400). */
  route: RouteDeclaration | null;
  id: string;
}

export function matchAgentRoute(method: string | undefined, url: string | undefined): AgentRouteMatch | null {
  if (!url?.startsWith("/api/")) return null;
  const q = url.indexOf("?");
  const pathname = q === -1 ? url : url.slice(0, q);
  if (pathname.includes("%")) {
    try {
      decodeURIComponent(pathname);
    } catch {
      return { route: null, id: "" }; // Next would answer a bare 500 for a malformed escape
    }
  }
  // A known path with another method falls through to Next, which answers the 405 (route-table.ts, dispatchRoute).
  const found = findRoute(method, pathname);
  return found.kind === "match" ? { route: found.route, id: found.id } : null;
}

/** `expectsContinue`: the request asked for "100 Continue" before its body (door.ts fromNode says when it is sent). */
export async function serveAgentRoute(
  req: IncomingMessage,
  res: ServerResponse,
  match: AgentRouteMatch,
  expectsContinue = false,
) {
  // Answered without asking for the body, the client does not send it (or sends it late): the connection closes
  // after the answer rather than read those bytes as the next request. Taking the body removes this (door.ts).
  if (expectsContinue) res.setHeader("connection", "close");
  try {
    const door = fromNode(req, expectsContinue ? res : undefined);
    sendNode(res, await (match.route ? runRoute(match.route, door, match.id) : malformedPath(door, { id: "" })));
  } catch (error) {
    const known = asDomainError(error);
    if (!known) console.error("[thoughtgraph] agent route failed", error);
    sendNode(res, known ? domainErrorResponse(known) : unexpectedErrorResponse());
  }
}
