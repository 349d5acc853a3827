// The judges' outbound fetch against real loopback HTTP servers: private addresses refused unless allowed, redirects
// followed within one origin only, answers limited in size and time, idle keep-alive sockets let go before the server
// closes them.
import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guardedFetch, isPrivateAddress, OutboundRefusal } from "./outbound-fetch";

let server: http.Server;
let origin = "";
let otherOrigin = "";
let other: http.Server;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === "/same") return res.writeHead(302, { location: "/ok" }).end();
    if (req.url === "/away") return res.writeHead(307, { location: `${otherOrigin}/ok` }).end();
    if (req.url === "/big") return res.writeHead(200).end(Buffer.alloc(2048, 97));
    if (req.url === "/slow") return setTimeout(() => res.writeHead(200).end("late"), 2_000);
    if (req.url === "/echo") {
      return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(req.headers));
    }
    res.writeHead(200, { "content-type": "text/plain" }).end("ok");
  });
  other = http.createServer((_req, res) => res.writeHead(200).end("other"));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  await new Promise<void>((r) => other.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  otherOrigin = `http://localhost:${(other.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  other.closeAllConnections();
  server.close();
  other.close();
});

const allowed = guardedFetch({ allowPrivateNetwork: true, timeoutMs: 1_000, maxResponseBytes: 1_024 });
const strict = guardedFetch({ allowPrivateNetwork: false, timeoutMs: 1_000 });

describe("outbound fetch", () => {
  it("knows private, loopback and special addresses from public ones", () => {
    for (const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ["::1", "fd00::1", "fe80::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "::"]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) {
      expect(isPrivateAddress(a), a).toBe(false);
    }
  });

  it("refuses a private address (literal or by name) unless the connection allows it", async () => {
    await expect(strict(`${origin}/ok`)).rejects.toThrow(/is a private or local address \(127\.0\.0\.1\)/);
    await expect(strict(`${otherOrigin}/ok`)).rejects.toThrow(OutboundRefusal);
    expect(await (await allowed(`${origin}/ok`)).text()).toBe("ok");
  });

  it("follows a redirect within the origin, never to another host", async () => {
    expect(await (await allowed(`${origin}/same`)).text()).toBe("ok");
    await expect(allowed(`${origin}/away`)).rejects.toThrow(/redirected to http:\/\/localhost:\d+, another host/);
  });

  it("cuts off an answer past its size and a call past its time", async () => {
    const big = await allowed(`${origin}/big`);
    await expect(big.text()).rejects.toThrow(/answered more than 1024 bytes/);
    await expect(allowed(`${origin}/slow`)).rejects.toThrow(/timeout|aborted/i);
  });

  it("lets an idle socket go before the server closes it, so a call after a pause is not written into a closing one", async () => {
    // The server in a process of its own, so it closes the socket on its own clock while this one is held up. Node
    // closes an idle socket a second after its keep-alive timeout (2 s here) and announces "timeout=2".
    const child = spawn(
      process.execPath,
      [
        "-e",
        `const s = require("node:http").createServer((q, r) => { q.resume(); q.on("end", () => r.end("ok")); });
         s.keepAliveTimeout = 2000;
         s.listen(0, "127.0.0.1", () => console.log(s.address().port));`,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    try {
      const port = await new Promise<string>((resolve) =>
        child.stdout.once("data", (d: Buffer) => resolve(String(d).trim())),
      );
      const call = async () => (await allowed(`http://127.0.0.1:${port}/`, { method: "POST", body: "{}" })).text();
      expect(await call()).toBe("ok");
      await new Promise((r) => setTimeout(r, 2_700));
      // The event loop held up across the server's close at ~3 s, as under load: the close is not seen in time.
      const until = Date.now() + 600;
      while (Date.now() < until);
      expect(await call()).toBe("ok");
    } finally {
      child.kill();
    }
  }, 15_000);

  it("drops an empty key's header rather than sending it", async () => {
    const res = await allowed(`${origin}/echo`, {
      headers: { authorization: "Bearer ", "x-api-key": "", "x-keep": "1" },
    });
    const headers = (await res.json()) as Record<string, string>;
    expect(headers.authorization).toBeUndefined();
    expect(headers["x-api-key"]).toBeUndefined();
    expect(headers["x-keep"]).toBe("1");
  });
});
