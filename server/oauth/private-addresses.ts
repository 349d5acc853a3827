// Addresses an outbound fetch of a client's metadata must never reach: loopback, private, link-local, shared,
// documentation and other special-use ranges (IANA IPv4/IPv6 special-purpose registries), so a client_id URL cannot
// make the server probe its own network (server-side request forgery). Node's BlockList does the matching.
import { BlockList, isIP } from "node:net";

const SPECIAL_IPV4: [string, number][] = [
  ["0.0.0.0", 8], // this network
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // shared (carrier-grade NAT)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata services
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];

const SPECIAL_IPV6: [string, number][] = [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b::", 96], // IPv4/IPv6 translation (could reach any IPv4 address)
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4 (embeds an IPv4 address)
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
];

const blocked = new BlockList();
for (const [net, prefix] of SPECIAL_IPV4) blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of SPECIAL_IPV6) blocked.addSubnet(net, prefix, "ipv6");

/** True when `address` (an IP literal) is not a public unicast address. IPv4-mapped IPv6 is judged as IPv4. */
export function isSpecialUseAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return blocked.check(mapped, "ipv4");
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? "ipv4" : "ipv6");
}
