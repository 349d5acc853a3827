// Next's answers as the production server compresses them (server/http/compress.ts, in place of Next's own
// compression): a tRPC answer in brotli for a browser, gzip for a client that accepts only that, the same JSON either
// way; an SSE subscription passes through untouched (tRPC marks it no-transform), each event readable as it is sent.
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { record, startSqliteServer, thought, unique, type SqliteServer } from "@/test/support/api-client";
import { signIn } from "@/test/support/dashboard-client";
import { trpcSubscriptionUrl } from "@/test/support/sse";

const ADMIN = { email: "gzip-admin@team.test", password: "gzip-admin-password" };
let tg: SqliteServer;
let cookie: string;

beforeAll(async () => {
  tg = await startSqliteServer("compression", {
    THOUGHTGRAPH_INIT_ADMIN_EMAIL: ADMIN.email,
    THOUGHTGRAPH_INIT_ADMIN_PASSWORD: ADMIN.password,
  });
  cookie = await signIn(tg.server, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await tg?.server.stop();
});

/** A raw GET (fetch would decompress), answering once the head has arrived; the body is read by the caller. */
function open(url: string, headers: Record<string, string>): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { cookie, ...headers } }, resolve);
    req.on("error", reject);
  });
}

async function body(res: http.IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of res) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

describe("compression of Next's answers", () => {
  it("compresses a tRPC answer: brotli for a browser, gzip for a client with only that, the same JSON as unencoded", async () => {
    const key = unique("gzip");
    // Enough text that the answer is worth compressing (the middleware leaves answers under 1 KB alone).
    for (let n = 1; n <= 5; n++)
      await record(tg.server, thought(n, 5, { sessionId: key, thought: `step ${n} `.repeat(60) }));
    const url = `${tg.server.url}/api/trpc/sessions.outline?input=${encodeURIComponent(JSON.stringify({ id: key }))}`;

    const plain = await open(url, { "accept-encoding": "identity" });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const json = (await body(plain)).toString();
    const outline = JSON.parse(json) as { result: { data: { thoughts: { seq: number }[] } } };
    expect(outline.result.data.thoughts.map((t) => t.seq)).toEqual([1, 2, 3, 4, 5]);

    const browser = await open(url, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(browser.headers["content-encoding"]).toBe("br");
    expect(browser.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zlib.brotliDecompressSync(await body(browser)).toString()).toBe(json);

    const gzipOnly = await open(url, { "accept-encoding": "gzip" });
    expect(gzipOnly.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(await body(gzipOnly)).toString()).toBe(json);
  });

  it("passes an SSE subscription through as it is, each event sent as it happens", async () => {
    const key = unique("gzip-live");
    const first = await record(tg.server, thought(1, 3, { sessionId: key }));
    const res = await open(trpcSubscriptionUrl(tg.server.url, "sessions.onThought", { sessionId: first.sessionId }), {
      accept: "text/event-stream",
      "accept-encoding": "gzip, deflate, br, zstd",
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(res.headers["content-encoding"]).toBeUndefined();
    // One listener for the whole stream: a flowing stream keeps emitting without listeners, so an event that arrived
    // between two waits (thought 2's, before its POST's answer) was lost when each wait had its own.
    let text = "";
    const waiting = new Set<() => void>();
    res.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      for (const check of waiting) check();
    });
    const waitFor = (needle: string) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no "${needle}" in the stream within 5 s: ${text}`));
        }, 5_000);
        const check = () => {
          if (!text.includes(needle)) return;
          clearTimeout(timer);
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
      });
    try {
      await waitFor("thought 1 of 3");
      // The stream stays open: a thought written now reaches the reader while the response is still going.
      await record(tg.server, thought(2, 3, { sessionId: key }));
      await waitFor("thought 2 of 3");
    } finally {
      res.destroy();
    }
  });
});
