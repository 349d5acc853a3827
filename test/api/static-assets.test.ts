// The build's hashed assets as the production server serves them (server/http/static-assets.ts): the file's exact
// bytes, gzipped for a client that accepts it, cacheable for a year, revalidated by ETag, and nothing outside the
// assets folder, however the path is spelled. The app icon: cached for good at the hashed URL pages link to.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSqliteServer, type SqliteServer } from "@/test/support/api-client";

let tg: SqliteServer;
const chunks = path.resolve(".next/static/chunks");

beforeAll(async () => {
  tg = await startSqliteServer("static-assets");
});

afterAll(async () => {
  await tg?.server.stop();
});

/** A raw request (fetch would normalise "..", and decompress). */
function get(
  rawPath: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const url = new URL(tg.server.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: rawPath, method, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (b: Buffer) => parts.push(b));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }));
    });
    req.on("error", reject);
    req.end();
  });
}

const largestOf = (ext: string) =>
  fs
    .readdirSync(chunks)
    .filter((f) => f.endsWith(ext))
    .sort((a, b) => fs.statSync(path.join(chunks, b)).size - fs.statSync(path.join(chunks, a)).size)[0]!;

describe("/_next/static assets", () => {
  it("answers the file's bytes, gzipped when accepted, cacheable for a year, with its type", async () => {
    for (const [file, type] of [
      [largestOf(".js"), "application/javascript; charset=UTF-8"],
      [largestOf(".css"), "text/css; charset=UTF-8"],
    ] as const) {
      const onDisk = fs.readFileSync(path.join(chunks, file));
      const zipped = await get(`/_next/static/chunks/${file}`, { "accept-encoding": "gzip, deflate, br" });
      expect(zipped.status).toBe(200);
      expect(zipped.headers["content-type"]).toBe(type);
      expect(zipped.headers["content-encoding"]).toBe("gzip");
      expect(zipped.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(zipped.headers.vary).toBe("Accept-Encoding");
      expect(zipped.headers["x-content-type-options"]).toBe("nosniff");
      expect(Number(zipped.headers["content-length"])).toBe(zipped.body.length);
      expect(zlib.gunzipSync(zipped.body).equals(onDisk)).toBe(true);

      const plain = await get(`/_next/static/chunks/${file}`);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body.equals(onDisk)).toBe(true);
      expect(plain.headers.etag).toBe(zipped.headers.etag);
    }
  });

  it("answers 304 to a matching ETag, and HEAD without a body", async () => {
    const route = `/_next/static/chunks/${largestOf(".js")}`;
    const first = await get(route);
    const again = await get(route, { "if-none-match": first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get(route, {}, "HEAD");
    expect(head.status).toBe(200);
    expect(Number(head.headers["content-length"])).toBe(first.body.length);
    expect(head.body.length).toBe(0);
  });

  it("serves nothing outside the assets folder, and leaves a missing asset to Next's 404", async () => {
    const secret = fs.readFileSync("package.json");
    for (const route of [
      "/_next/static/../../package.json",
      "/_next/static/%2e%2e/%2e%2e/package.json",
      "/_next/static/chunks/..%2f..%2f..%2fpackage.json",
      "/_next/static/%2e%2e%2f%2e%2e%2fpackage.json",
    ]) {
      const answer = await get(route);
      expect(answer.body.includes(secret.subarray(0, 40)), route).toBe(false);
      expect(answer.status, route).not.toBe(200);
    }
    const missing = await get("/_next/static/chunks/not-a-chunk-0000.js");
    expect(missing.status).toBe(404);
    expect(missing.headers["cache-control"]).not.toBe("public, max-age=31536000, immutable");
  });
});

describe("the app icon", () => {
  it("is cached for good at the hashed URL a page links to, and revalidated by ETag at its bare URL", async () => {
    const page = await get("/login");
    const href = /<link rel="icon" href="([^"]+)"/.exec(page.body.toString())?.[1];
    expect(href).toMatch(/^\/icon\.svg\?./);
    const icon = fs.readFileSync(".next/server/app/icon.svg.body");

    const hashed = await get(href!);
    expect(hashed.status).toBe(200);
    expect(hashed.headers["content-type"]).toBe("image/svg+xml");
    expect(hashed.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(hashed.body.equals(icon)).toBe(true);

    const bare = await get("/icon.svg");
    expect(bare.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(bare.body.equals(icon)).toBe(true);
    const again = await get("/icon.svg", { "if-none-match": bare.headers.etag! });
    expect(again.status).toBe(304);
  });
});
