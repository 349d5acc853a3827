// The agent API's fast path. Next's request pipeline costs ~1.5 ms of CPU per request on this 2-core machine
// (measured: ~600 req/s for a route that only answers 404, against ~7,400 req/s for a bare node:http server), which
// alone would cap single-thought POSTs far below the 3,000/s target. The production server (scripts/start.ts)
// therefore hands the agent routes straight to the same door handlers the Next route files wrap; pages, tRPC and
// anything unmatched still go through Next. `THOUGHTGRAPH_FAST_API=0` turns this off.
import type { IncomingMessage, ServerResponse } from "node:http";
import { fromNode, sendNode, type DoorHandler } from "./door";
import { domainErrorResponse, errorResponse, unexpectedErrorResponse } from "./respond";
import { asDomainError } from "@/server/errors";
import { getHealth } from "./routes/health";
import { postIngest } from "./routes/ingest";
import { getOpenApi } from "./routes/openapi";
import { postRevise } from "./routes/revise";
import { getScoreConfigs, postScoreConfig } from "./routes/score-configs";
import { postScore } from "./routes/scores";
import { postSessionClear } from "./routes/session-clear";
import { getSessionContext } from "./routes/session-context";
import { getSessionExport } from "./routes/session-export";
import { getSession } from "./routes/session-get";
import { postSessionImport } from "./routes/session-import";
import { getSessions } from "./routes/sessions-list";
import { postThink } from "./routes/think";
import { postThought } from "./routes/thoughts";

interface Route {
  method: string;
  pattern: RegExp;
  handler: DoorHandler;
}

const ROUTES: Route[] = [
  { method: "POST", pattern: /^\/api\/v1\/thoughts$/, handler: postThought },
  { method: "POST", pattern: /^\/api\/v1\/ingest$/, handler: postIngest },
  { method: "GET", pattern: /^\/api\/v1\/sessions$/, handler: getSessions },
  { method: "POST", pattern: /^\/api\/v1\/sessions\/import$/, handler: postSessionImport },
  { method: "GET", pattern: /^\/api\/v1\/sessions\/([^/]+)\/export$/, handler: getSessionExport },
  { method: "GET", pattern: /^\/api\/v1\/sessions\/([^/]+)$/, handler: getSession },
  { method: "GET", pattern: /^\/api\/v1\/openapi\.json$/, handler: getOpenApi },
  { method: "POST", pattern: /^\/api\/v1\/think$/, handler: postThink },
  { method: "POST", pattern: /^\/api\/v1\/thoughts\/([^/]+)\/revise$/, handler: postRevise },
  { method: "GET", pattern: /^\/api\/v1\/sessions\/([^/]+)\/context$/, handler: getSessionContext },
  { method: "POST", pattern: /^\/api\/v1\/sessions\/([^/]+)\/clear$/, handler: postSessionClear },
  { method: "GET", pattern: /^\/api\/v1\/score-configs$/, handler: getScoreConfigs },
  { method: "POST", pattern: /^\/api\/v1\/score-configs$/, handler: postScoreConfig },
  { method: "POST", pattern: /^\/api\/v1\/scores$/, handler: postScore },
  { method: "GET", pattern: /^\/api\/health$/, handler: getHealth },
];

export interface AgentRouteMatch {
  handler: DoorHandler;
  id: string;
}

export function matchAgentRoute(method: string | undefined, url: string | undefined): AgentRouteMatch | null {
  if (!url?.startsWith("/api/")) return null;
  const q = url.indexOf("?");
  const pathname = q === -1 ? url : url.slice(0, q);
  try {
    decodeURIComponent(pathname);
  } catch {
    return { handler: malformedPath, id: "" }; // Next would answer a bare 500 for a malformed escape
  }
  for (const r of ROUTES) {
    if (r.method !== method) continue;
    const m = r.pattern.exec(pathname);
    if (m) return { handler: r.handler, id: decodeURIComponent(m[1] ?? "") };
  }
  return null;
}

const malformedPath: DoorHandler = async (req) =>
  errorResponse(
    {
      code: "validation_error",
      field: "path",
      message: `The path ${req.url.split("?")[0]} has a malformed percent-escape.`,
      suggestion: "Percent-encode ids with encodeURIComponent.",
    },
    400,
  );

export async function serveAgentRoute(req: IncomingMessage, res: ServerResponse, match: AgentRouteMatch) {
  try {
    sendNode(res, await match.handler(fromNode(req), { id: match.id }));
  } catch (error) {
    const known = asDomainError(error);
    if (!known) console.error("[thoughtgraph] agent route failed", error);
    sendNode(res, known ? domainErrorResponse(known) : unexpectedErrorResponse());
  }
}
