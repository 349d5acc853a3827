// The REST door's request/response model, independent of the transport. Route handlers (server/http/routes/*) take
// a DoorRequest and return a DoorResponse; the same handler runs behind Next (the route table's catch-all, or
// nextRoute) and behind the production server's fast path (server/http/agent-server.ts, straight from node:http,
// skipping the cost of Fetch API objects and Next's pipeline on every agent request).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ApiPrincipal } from "@/server/auth/api-keys";
import { TooLargeError } from "@/server/errors";

export interface DoorRequest {
  method: string;
  /** Path and query, e.g. /api/v1/sessions?limit=5 */
  url: string;
  header(name: string): string | null;
  /** The whole body; throws TooLargeError past `limitBytes` without reading further. */
  readBody(limitBytes: number): Promise<Buffer>;
}

export interface DoorResponse {
  status: number;
  headers: Record<string, string>;
  /** Text (JSON, Markdown), or bytes for a binary answer (an OTLP protobuf response). */
  body: string | Uint8Array;
}

export type DoorHandler = (req: DoorRequest, params: { id: string }) => Promise<DoorResponse>;

/** What the route table's dispatch (route-table.ts, runRoute) hands a route's handler: the path's id, the API key,
 *  and the query and body parsed by the route's declared schemas (undefined where none is declared, or where the
 *  service checks the body). */
export interface RouteInput<Q = unknown, B = unknown> {
  id: string;
  /** The verified API key: set on every route whose scope is not `public`. */
  principal: ApiPrincipal | null;
  query: Q;
  body: B;
}

/** A route's handler, typed by what its declared schemas parse to, e.g. `RouteHandler<ListSessionsQuery>`. */
export type RouteHandler<Q = unknown, B = unknown> = (
  req: DoorRequest,
  input: RouteInput<Q, B>,
) => Promise<DoorResponse>;

// ---- Fetch (Next route handlers) ----

export function fromFetch(req: Request): DoorRequest {
  const url = new URL(req.url);
  return {
    method: req.method,
    url: url.pathname + url.search,
    header: (name) => req.headers.get(name),
    async readBody(limitBytes) {
      const declared = Number(req.headers.get("content-length") ?? "NaN");
      if (Number.isFinite(declared) && declared > limitBytes) throw new TooLargeError(limitBytes);
      const chunks: Uint8Array[] = [];
      let size = 0;
      if (req.body) {
        const reader = req.body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          size += value.byteLength;
          if (size > limitBytes) {
            await reader.cancel().catch(() => undefined);
            throw new TooLargeError(limitBytes);
          }
          chunks.push(value);
        }
      }
      return Buffer.concat(chunks);
    },
  };
}

export function toFetch(res: DoorResponse): Response {
  // A 204 or 304 must have no body at all: `new Response("", { status: 204 })` throws.
  const bodiless = res.status === 204 || res.status === 304;
  return new Response(bodiless ? null : typeof res.body === "string" ? res.body : new Uint8Array(res.body), {
    status: res.status,
    headers: res.headers,
  });
}

/** Wraps a door handler as a Next route handler. */
export function nextRoute(handler: DoorHandler) {
  return async (req: Request, ctx?: { params?: Promise<{ id?: string }> }): Promise<Response> => {
    const params = ctx?.params ? await ctx.params : {};
    return toFetch(await handler(fromFetch(req), { id: params.id ?? "" }));
  };
}

// ---- node:http (the production server's fast path) ----

/**
 * `continueOnRead`: the client sent `Expect: 100-continue` (curl does for bodies over 1 MiB) and waits for "100
 * Continue" before sending its body. It is sent only when the body is within the route's limit, so a body that is
 * too large is refused with a 413 before a byte of it travels.
 */
export function fromNode(req: IncomingMessage, continueOnRead?: ServerResponse): DoorRequest {
  return {
    method: req.method ?? "GET",
    url: req.url ?? "/",
    header(name) {
      const v = req.headers[name.toLowerCase()];
      return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
    },
    readBody(limitBytes) {
      return new Promise((resolve, reject) => {
        const declared = Number(req.headers["content-length"] ?? "NaN");
        const chunks: Buffer[] = [];
        let size = 0;
        let tooLarge = false;
        const refuse = () => {
          tooLarge = true;
          chunks.length = 0;
          // Read the rest and drop it before answering: a client still sending its body (Node's fetch does) only
          // sees the 413 if we do not close on it mid-upload. Past DRAIN_CAP bytes, give up and close instead.
          if (size > DRAIN_CAP || (Number.isFinite(declared) && declared > DRAIN_CAP)) {
            req.removeAllListeners("data");
            req.pause();
            reject(new TooLargeError(limitBytes));
          }
        };
        if (Number.isFinite(declared) && declared > limitBytes) {
          if (continueOnRead) return reject(new TooLargeError(limitBytes)); // nothing was sent: nothing to drain
          refuse();
        }
        if (continueOnRead) {
          continueOnRead.writeContinue();
          continueOnRead.removeHeader("connection"); // the body comes: the connection can serve the next request
        }
        req.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (tooLarge) {
            if (size > DRAIN_CAP) refuse();
            return;
          }
          if (size > limitBytes) refuse();
          else chunks.push(chunk);
        });
        req.on("end", () => {
          if (tooLarge) reject(new TooLargeError(limitBytes));
          else resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
        });
        req.on("error", reject);
      });
    },
  };
}

/** Bytes of an over-limit body read and discarded so the client can read the 413 (see readBody). */
const DRAIN_CAP = 64 * 1024 * 1024;

export function sendNode(res: ServerResponse, out: DoorResponse): void {
  const body = Buffer.from(out.body);
  const headers: Record<string, string> = { ...out.headers, "content-length": String(body.length) };
  // A body we may have stopped reading (413) must not be parsed as the next request on a kept-alive connection.
  if (out.status === 413) headers.connection = "close";
  res.writeHead(out.status, headers);
  res.end(body);
}
