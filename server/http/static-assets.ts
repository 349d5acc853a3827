// The production build's hashed assets (/_next/static/…), served from memory, compressed once. Next serves them
// through its whole request pipeline and gzips each response as it goes: 3–5 ms of the server's one thread for a
// 14 KB chunk and ~11 ms for the largest (229 KB), so a page's ~25 chunks reached the browser 74–386 ms after they
// were asked for on an idle loopback (bench:ui trace of the empty session page), and behind any slow request. Here a
// chunk costs a map lookup. Their names carry their content hash, so they never change while the server runs.
//
// The app icon too (/icon.svg, app/icon.svg as the build wrote it). Next answered it with `max-age=0,
// must-revalidate` and no validator, and Chromium asks for a page's icon again on every same-document navigation:
// each j/k in the session view (history.replaceState) sent a full request through Next (3 per bench:ui load). Its
// link carries the content's hash in the query (`/icon.svg?icon.<hash>.svg`), so that URL is cached for good.
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import zlib from "node:zlib";

const PREFIX = "/_next/static/";
const ICON = "/icon.svg";

const TYPES: Record<string, string> = {
  ".js": "application/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
  ".json": "application/json; charset=UTF-8",
  ".map": "application/json; charset=UTF-8",
  ".txt": "text/plain; charset=UTF-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
};

/** Worth compressing: text, and only when it saves something. */
const COMPRESSIBLE = new Set([".js", ".css", ".json", ".map", ".txt", ".svg"]);

interface Asset {
  type: string;
  etag: string;
  body: Buffer;
  /** null when gzip would not make it smaller. */
  gzip: Buffer | null;
}

export interface StaticAssets {
  /** Answers a GET or HEAD of a file under /_next/static/ or of the app icon; false (nothing sent) for anything else,
   *  and for a file the build does not have, which Next then answers. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** Reads and compresses every asset ahead of its first request, one file per turn of the event loop. */
  warm(): void;
}

/** A file as an asset, by its extension's type (or `ext`'s); null when it cannot be read or has no known type. */
function read(file: string, ext = path.extname(file)): Asset | null {
  const type = TYPES[ext];
  if (!type) return null;
  let body: Buffer;
  let mtimeMs: number;
  try {
    mtimeMs = fs.statSync(file).mtimeMs;
    body = fs.readFileSync(file);
  } catch {
    return null;
  }
  const packed = COMPRESSIBLE.has(ext) ? zlib.gzipSync(body, { level: 9 }) : null;
  const etag = `"${body.length.toString(16)}-${mtimeMs.toString(16)}"`;
  return { type, etag, body, gzip: packed && packed.length < body.length ? packed : null };
}

export function staticAssets(buildDir: string): StaticAssets {
  const root = path.join(buildDir, "static");
  const cache = new Map<string, Asset>();

  const load = (relative: string): Asset | null => {
    const file = path.join(root, relative);
    // A path that leaves the folder ("..", encoded or not) is not an asset.
    return file.startsWith(root + path.sep) ? read(file) : null;
  };

  const iconFile = path.join(buildDir, "server", "app", "icon.svg.body");
  let icon: Asset | null = null;
  const loadIcon = () => (icon ??= read(iconFile, ".svg"));
  /** A file under /_next/static/ by its URL path (null for any other path). */
  const chunk = (pathname: string): Asset | null => {
    if (!pathname.startsWith(PREFIX)) return null;
    let relative: string;
    try {
      relative = decodeURIComponent(pathname.slice(PREFIX.length));
    } catch {
      return null;
    }
    return relative.includes("\0") ? null : remember(relative);
  };

  const remember = (relative: string): Asset | null => {
    const asset = cache.get(relative) ?? load(relative);
    // Only files that exist are remembered: a miss is Next's to answer, and must not grow the map.
    if (asset) cache.set(relative, asset);
    return asset;
  };

  return {
    warm() {
      let files: string[];
      try {
        files = fs.readdirSync(root, { recursive: true, encoding: "utf8" });
      } catch {
        return; // no build output: Next answers (and says why)
      }
      const next = () => {
        const relative = files.pop();
        if (relative === undefined) return;
        if (TYPES[path.extname(relative)]) remember(relative.split(path.sep).join("/"));
        setImmediate(next);
      };
      setImmediate(next);
    },

    serve(req, res) {
      if ((req.method !== "GET" && req.method !== "HEAD") || !req.url) return false;
      const [pathname, query] = req.url.split("?", 2) as [string, string | undefined];
      const asset = pathname === ICON ? loadIcon() : chunk(pathname);
      if (!asset) return false;
      // The hashed chunks, and the icon at its hashed URL, never change; the icon's bare URL is revalidated.
      const immutable = pathname !== ICON || Boolean(query);
      const gzip = asset.gzip && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? "")) ? asset.gzip : null;
      res.setHeader(
        "Cache-Control",
        immutable ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
      );
      res.setHeader("Content-Type", asset.type);
      res.setHeader("ETag", asset.etag);
      res.setHeader("X-Content-Type-Options", "nosniff");
      if (asset.gzip) res.setHeader("Vary", "Accept-Encoding");
      if (req.headers["if-none-match"] === asset.etag) {
        res.statusCode = 304;
        res.end();
        return true;
      }
      const body = gzip ?? asset.body;
      if (gzip) res.setHeader("Content-Encoding", "gzip");
      res.setHeader("Content-Length", body.length);
      res.statusCode = 200;
      res.end(req.method === "HEAD" ? undefined : body);
      return true;
    },
  };
}
