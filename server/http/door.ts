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
  return new NodeDoorRequest(req, continueOnRead);
}

/** A class, so a request's methods are not closures made per request. */
class NodeDoorRequest implements DoorRequest {
  readonly method: string;
  readonly url: string;

  constructor(
    private readonly req: IncomingMessage,
    private readonly continueOnRead: ServerResponse | undefined,
  ) {
    this.method = req.method ?? "GET";
    this.url = req.url ?? "/";
  }

  header(name: string): string | null {
    const v = this.req.headers[name.toLowerCase()];
    return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
  }

  readBody(limitBytes: number): Promise<Buffer> {
    return readStreamedBody(this.req, limitBytes, this.continueOnRead);
  }
}

function readStreamedBody(req: IncomingMessage, limitBytes: number, continueOnRead?: ServerResponse): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const body = new StreamedBody(req, limitBytes, resolve, reject);
    if (body.declared > limitBytes) {
      if (continueOnRead) return reject(new TooLargeError(limitBytes)); // nothing was sent: nothing to drain
      body.refuse();
    }
    if (continueOnRead) {
      continueOnRead.writeContinue();
      continueOnRead.removeHeader("connection"); // the body comes: the connection can serve the next request
    }
    req.on("data", (chunk: Buffer) => body.take(chunk));
    req.on("end", () => body.end());
    req.on("error", reject);
  });
}

/** A body as it streams in (readStreamedBody). A class, so no named closure is made per request: under tsx (esbuild's
 *  keepNames) each one costs a call that defines its name. */
class StreamedBody {
  readonly declared: number;
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private tooLarge = false;

  constructor(
    private readonly req: IncomingMessage,
    private readonly limitBytes: number,
    private readonly resolve: (body: Buffer) => void,
    private readonly reject: (error: Error) => void,
  ) {
    const declared = Number(req.headers["content-length"] ?? "NaN");
    this.declared = Number.isFinite(declared) ? declared : -1;
  }

  take(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.tooLarge) {
      if (this.size > DRAIN_CAP) this.refuse();
      return;
    }
    if (this.size > this.limitBytes) this.refuse();
    else this.chunks.push(chunk);
  }

  end(): void {
    if (this.tooLarge) this.reject(new TooLargeError(this.limitBytes));
    else this.resolve(this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks));
  }

  refuse(): void {
    this.tooLarge = true;
    this.chunks.length = 0;
    // Read the rest and drop it before answering: a client still sending its body (Node's fetch does) only sees the
    // 413 if we do not close on it mid-upload. Past DRAIN_CAP bytes, give up and close instead.
    if (this.size > DRAIN_CAP || this.declared > DRAIN_CAP) {
      this.req.removeAllListeners("data");
      this.req.pause();
      this.reject(new TooLargeError(this.limitBytes));
    }
  }
}

/** Bytes of an over-limit body read and discarded so the client can read the 413 (see readBody). */
const DRAIN_CAP = 64 * 1024 * 1024;

/**
 * Writes the answer: its headers in one flat list with the length (no object to copy and walk), and a text body as it
 * is: Node joins the status line, headers and text into one string, so no Buffer is made for the text.
 */
export function sendNode(res: ServerResponse, out: DoorResponse): void {
  const { body } = out;
  const headers: string[] = [];
  for (const name in out.headers) headers.push(name, out.headers[name]!);
  headers.push("content-length", String(typeof body === "string" ? Buffer.byteLength(body) : body.byteLength));
  // A body we may have stopped reading (413) must not be parsed as the next request on a kept-alive connection.
  if (out.status === 413) headers.push("connection", "close");
  res.writeHead(out.status, headers);
  res.end(body);
}
