// The address a request came from, for per-address limits (Dynamic Client Registration). scripts/start.ts writes the
// socket's peer address into PEER_ADDRESS_HEADER on every request, replacing any value a client sent, so it cannot be
// made up. Behind a reverse proxy the peer is the proxy: when it is one of THOUGHTGRAPH_TRUSTED_PROXIES, the address
// is the nearest X-Forwarded-For entry that is not a trusted proxy (proxy-addr, as Express resolves it). Without
// trusted proxies a client's own X-Forwarded-For is ignored: anyone could write any address there.
import "@/server/server-only";
import ipaddr from "ipaddr.js";
import proxyaddr from "proxy-addr";

export const PEER_ADDRESS_HEADER = "x-thoughtgraph-peer";

let compiled: { list: string; trust: (addr: string, i: number) => boolean } | undefined;

function trustOf(trusted: readonly string[]): (addr: string, i: number) => boolean {
  const list = trusted.join(",");
  if (compiled?.list !== list) compiled = { list, trust: proxyaddr.compile([...trusted]) };
  return compiled.trust;
}

/** The client's address, or null when the request did not come through scripts/start.ts's server. */
export function clientAddress(header: (name: string) => string | null, trusted: readonly string[]): string | null {
  const peer = header(PEER_ADDRESS_HEADER)?.trim();
  if (!peer) return null;
  if (trusted.length === 0) return peer;
  const forwardedFor = header("x-forwarded-for");
  const req = {
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
    socket: { remoteAddress: peer },
    connection: { remoteAddress: peer },
  };
  return proxyaddr(req as unknown as Parameters<typeof proxyaddr>[0], trustOf(trusted));
}

/**
 * The key an address is limited under: an IPv4 address as it is (also when written IPv4-mapped, ::ffff:a.b.c.d), an
 * IPv6 address by its /64, the smallest block a network hands one site (RFC 6177): a host given a /64 has 2^64
 * addresses to spread its requests over. What cannot be parsed is its own key.
 */
export function limitKeyOf(address: string | null): string {
  if (!address) return "unknown";
  if (!ipaddr.isValid(address)) return address.slice(0, 100);
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(":")}::/64`;
}
