// Compression of everything Next answers (pages, RSC payloads, tRPC answers), at the fastest levels: brotli quality 1
// for browsers (they all accept it), gzip level 1 for other clients. Next's own compression (next.config.ts
// `compress`, turned off) is gzip at level 6, where a 20,000-thought session's outline (10 MB of JSON) cost the server's
// one thread 108 ms against 23 ms with brotli 1 (1.41 MB sent against 1.51 MB) or 34 ms with gzip 1 (1.64 MB); the
// browser waited 200-340 ms for that body after its first byte. An answer made per request is compressed per request,
// so speed counts for more than the last few per cent of bytes (gzip level 1 is also nginx's default). The build's
// static files are compressed once, at gzip level 9 (static-assets.ts); the agent API's fast path (agent-server.ts)
// answers without compression, as before.
//
// Streams stay streams: Next flushes the middleware after every chunk it writes (its pipeToNodeResponse calls
// `res.flush()`). tRPC's SSE answers say `Cache-Control: no-transform` and are sent as they are.
import type { IncomingMessage, ServerResponse } from "node:http";
import zlib from "node:zlib";
import compression from "compression";

const compress = compression({ level: 1, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } } });

/** Sets `res` up to compress what is written to it (when the request accepts brotli or gzip and the type is worth it),
 *  then calls `next`. */
export function compressed(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  // The middleware is typed for Express's request and response; it uses only Node's.
  compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], next);
}
