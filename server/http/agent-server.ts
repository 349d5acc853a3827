// The agent API's fast path. Next's request pipeline costs ~1.5 ms of CPU per request on this 2-core machine
// (measured: ~600 req/s for a route that only answers 404, against ~7,400 req/s for a bare node:http server), which
// alone would cap single-thought POSTs far below the 3,000/s target. The production server (scripts/start.ts)
// therefore hands the agent routes straight to the same handlers the Next route files export; pages, tRPC and
// anything unmatched still go through Next. `THOUGHTGRAPH_FAST_API=0` turns this off.
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { GET as health } from "./routes/health";
import { POST as ingest } from "./routes/ingest";
import { GET as openapi } from "./routes/openapi";
import { GET as sessionExport } from "./routes/session-export";
import { GET as sessionGet } from "./routes/session-get";
import { POST as sessionImport } from "./routes/session-import";
import { GET as sessionsList } from "./routes/sessions-list";
import { POST as thoughts } from "./routes/thoughts";

type Handler = (req: Request, ctx: { params: Promise<{ id: string }> }) => Promise<Response> | Response;

interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
}

const ROUTES: Route[] = [
  { method: "POST", pattern: /^\/api\/v1\/thoughts$/, handler: thoughts },
  { method: "POST", pattern: /^\/api\/v1\/ingest$/, handler: ingest },
  { method: "GET", pattern: /^\/api\/v1\/sessions$/, handler: sessionsList },
  { method: "POST", pattern: /^\/api\/v1\/sessions\/import$/, handler: sessionImport },
  { method: "GET", pattern: /^\/api\/v1\/sessions\/([^/]+)\/export$/, handler: sessionExport },
  { method: "GET", pattern: /^\/api\/v1\/sessions\/([^/]+)$/, handler: sessionGet },
  { method: "GET", pattern: /^\/api\/v1\/openapi\.json$/, handler: openapi },
  { method: "GET", pattern: /^\/api\/health$/, handler: health },
];

export interface AgentRouteMatch {
  handler: Handler;
  id: string;
}

export function matchAgentRoute(method: string | undefined, url: string | undefined): AgentRouteMatch | null {
  if (!url?.startsWith("/api/")) return null;
  const q = url.indexOf("?");
  const pathname = q === -1 ? url : url.slice(0, q);
  for (const r of ROUTES) {
    if (r.method !== method) continue;
    const m = r.pattern.exec(pathname);
    if (!m) continue;
    let id = "";
    try {
      id = decodeURIComponent(m[1] ?? "");
    } catch {
      return null; // malformed escape: let Next answer it
    }
    return { handler: r.handler, id };
  }
  return null;
}

export async function serveAgentRoute(req: IncomingMessage, res: ServerResponse, match: AgentRouteMatch) {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const request = new Request(`http://${req.headers.host ?? "localhost"}${req.url}`, {
    method: req.method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: "half" } : {}),
  } as RequestInit);
  let response: Response;
  try {
    response = await match.handler(request, { params: Promise.resolve({ id: match.id }) });
  } catch (error) {
    console.error("[thoughtgraph] agent route failed", error);
    response = Response.json({ error: { code: "unexpected_error", message: "The server failed." } }, { status: 500 });
  }
  const out: Record<string, string> = {};
  response.headers.forEach((value, key) => (out[key] = value));
  const body = Buffer.from(await response.arrayBuffer());
  out["content-length"] = String(body.length);
  res.writeHead(response.status, out);
  res.end(body);
}
