// The fetch judges call models with (passed to the AI SDK providers as their `fetch`): node:http underneath, so that
//   - every address a host name resolves to is checked when the socket connects (not before, which DNS rebinding
//     would get around): private, loopback, link-local and other special ranges are refused unless the connection's
//     admin allowed a private network (a local model server);
//   - a redirect is followed only within the same origin (at most MAX_REDIRECTS), never to another host;
//   - the answer may be at most MAX_RESPONSE_BYTES, and the whole exchange takes at most the connection's timeout.
// Refusals are OutboundRefusal errors whose message says what was refused and how to allow it.
import "@/server/server-only";
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { Readable } from "node:stream";

/** An answer larger than this is cut off: a judge's answer is a few KB, a model list ~100 KB (OpenAI's, 2026). */
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
export const MAX_REDIRECTS = 3;

export type RefusalKind = "private_address" | "redirect" | "too_large" | "protocol";

export class OutboundRefusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
  ) {
    super(message);
    this.name = "OutboundRefusal";
  }
}

export interface OutboundPolicy {
  allowPrivateNetwork: boolean;
  timeoutMs: number;
  maxResponseBytes?: number;
}

// Addresses no public endpoint has: "this network", private, shared (CGNAT), loopback, link-local, documentation
// and benchmarking ranges, multicast and reserved; IPv6 loopback, unspecified, unique-local, link-local, multicast,
// and IPv4-mapped/NAT64 forms of the IPv4 ranges (checked through the embedded address).
const PRIVATE = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 3],
] as const) {
  PRIVATE.addSubnet(address, prefix, "ipv4");
}
for (const [address, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32],
] as const) {
  PRIVATE.addSubnet(address, prefix, "ipv6");
}

/** Whether an IP address is private, loopback or otherwise not a public endpoint's. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return PRIVATE.check(address, "ipv4");
  if (family !== 6) return true; // not an address at all: refuse rather than guess
  const lower = address.toLowerCase();
  const embedded = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower)?.[1];
  if (embedded) return PRIVATE.check(embedded, "ipv4");
  return PRIVATE.check(lower, "ipv6");
}

const privateRefusal = (host: string, address: string) =>
  new OutboundRefusal(
    "private_address",
    `${host} is a private or local address (${address}); this connection may not call one.`,
  );

/** dns.lookup, refusing any private address among the answers unless allowed. */
function guardedLookup(allowPrivateNetwork: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 4);
      const list = addresses;
      const bad = allowPrivateNetwork ? undefined : list.find((a) => isPrivateAddress(a.address));
      if (bad) return callback(privateRefusal(hostname, bad.address), "", 4);
      if (options.all) return callback(null, list, 4);
      const first = list[0];
      if (!first) return callback(new Error(`${hostname} has no address`), "", 4);
      callback(null, first.address, first.family);
    });
  };
}

/**
 * How long an idle keep-alive socket is kept (shorter still when the server's Keep-Alive header says it closes sooner:
 * Node then closes it a second before the server would). A server closes an idle socket on its own clock; a request
 * written to it just then fails with "socket hang up" before the server reads it (with the event loop held up 200 ms
 * across a Node server's close, 1 reuse of 4 failed). 4 s is undici's (fetch's) default; reconnecting to a model
 * costs a handshake next to a call of seconds.
 */
const IDLE_SOCKET_MS = 4_000;

// One keep-alive pool per protocol and policy: a socket connected under "private allowed" must never serve a
// connection that does not allow it. The agent's timeout applies to idle sockets only (Node destroys a timed-out
// socket only while it is free); a call's own time limit is the policy's.
const agents = new Map<string, http.Agent>();
function agentFor(protocol: "http:" | "https:", allowPrivateNetwork: boolean): http.Agent {
  const key = `${protocol}${allowPrivateNetwork}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = { keepAlive: true, timeout: IDLE_SOCKET_MS, lookup: guardedLookup(allowPrivateNetwork) };
    agent = protocol === "https:" ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
  }
  return agent;
}

/** Checks a URL before any socket: scheme, and an IP literal's range (an IP literal never goes through lookup). */
export function checkUrl(url: URL, allowPrivateNetwork: boolean): void {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new OutboundRefusal("protocol", `Only http and https URLs can be called, not ${url.protocol}`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!allowPrivateNetwork && net.isIP(host) !== 0 && isPrivateAddress(host)) throw privateRefusal(url.host, host);
  if (!allowPrivateNetwork && (host === "localhost" || host.endsWith(".localhost"))) {
    throw privateRefusal(url.host, "loopback");
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NO_BODY = new Set([101, 204, 205, 304]);

interface Sent {
  status: number;
  statusText: string;
  headers: Headers;
  body: http.IncomingMessage;
}

function send(
  url: URL,
  method: string,
  headers: Headers,
  body: Buffer | undefined,
  policy: OutboundPolicy,
  signal: AbortSignal,
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const outgoing: Record<string, string> = {};
    headers.forEach((value, name) => {
      if (name === "host" || name === "content-length" || name === "connection") return;
      // A connection without a key: the providers still send an empty one.
      if ((name === "authorization" || name === "x-api-key") && /^(Bearer)?\s*$/i.test(value)) return;
      outgoing[name] = value;
    });
    if (body) outgoing["content-length"] = String(body.length);
    const protocol = url.protocol as "http:" | "https:";
    const request = (protocol === "https:" ? https : http).request(url, {
      method,
      headers: outgoing,
      agent: agentFor(protocol, policy.allowPrivateNetwork),
      signal,
    });
    request.on("error", reject);
    request.on("response", (res) => {
      const answer = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        if (value === undefined) continue;
        for (const v of Array.isArray(value) ? value : [value]) answer.append(name, v);
      }
      resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? "", headers: answer, body: res });
    });
    request.end(body);
  });
}

/** The body as a web stream of at most `limit` bytes; past it the stream fails with an OutboundRefusal. */
function limitedStream(body: http.IncomingMessage, limit: number, url: URL): ReadableStream<Uint8Array> {
  let size = 0;
  const counted = body.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit) {
      body.destroy(
        new OutboundRefusal("too_large", `${url.host} answered more than ${limit} bytes; the answer was cut off.`),
      );
    }
  });
  return Readable.toWeb(counted) as ReadableStream<Uint8Array>;
}

/** A fetch under `policy` (see the file header). */
export function guardedFetch(policy: OutboundPolicy): typeof fetch {
  const limit = policy.maxResponseBytes ?? MAX_RESPONSE_BYTES;
  return async (input, init) => {
    const request = new Request(input, init);
    const timeout = AbortSignal.timeout(policy.timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    let url = new URL(request.url);
    let method = request.method;
    let body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers = new Headers(request.headers);
    for (let hop = 0; ; hop++) {
      checkUrl(url, policy.allowPrivateNetwork);
      const sent = await send(url, method, headers, body, policy, signal);
      const location = sent.headers.get("location");
      if (REDIRECTS.has(sent.status) && location !== null) {
        sent.body.resume();
        const next = new URL(location, url);
        if (next.origin !== url.origin) {
          throw new OutboundRefusal(
            "redirect",
            `${url.host} redirected to ${next.origin}, another host; redirects are followed only within the same host.`,
          );
        }
        if (hop >= MAX_REDIRECTS) {
          throw new OutboundRefusal("redirect", `${url.host} redirected more than ${MAX_REDIRECTS} times.`);
        }
        if (sent.status === 303) {
          method = "GET";
          body = undefined;
          headers.delete("content-type");
        }
        url = next;
        continue;
      }
      const stream = NO_BODY.has(sent.status) || method === "HEAD" ? null : limitedStream(sent.body, limit, url);
      if (stream === null) sent.body.resume();
      return new Response(stream, { status: sent.status, statusText: sent.statusText, headers: sent.headers });
    }
  };
}
