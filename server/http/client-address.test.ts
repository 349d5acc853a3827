// The address a per-address limit counts by: the peer written by the server, or behind a trusted proxy the nearest
// X-Forwarded-For entry that is not one; IPv4 as it is (also IPv4-mapped), IPv6 by its /64.
import { describe, expect, it } from "vitest";
import { clientAddress, limitKeyOf, PEER_ADDRESS_HEADER } from "./client-address";

const headers = (h: Record<string, string>) => (name: string) => h[name] ?? null;

describe("client address", () => {
  it("takes the peer, and X-Forwarded-For only through trusted proxies", () => {
    const req = headers({ [PEER_ADDRESS_HEADER]: "10.0.0.5", "x-forwarded-for": "198.51.100.9, 203.0.113.4" });
    expect(clientAddress(req, [])).toBe("10.0.0.5");
    expect(clientAddress(req, ["uniquelocal"])).toBe("203.0.113.4");
    expect(clientAddress(req, ["uniquelocal", "203.0.113.0/24"])).toBe("198.51.100.9");
    expect(clientAddress(headers({ "x-forwarded-for": "198.51.100.9" }), ["uniquelocal"])).toBeNull();
  });

  it("keys IPv4 by itself and IPv6 by its /64", () => {
    expect(limitKeyOf("::ffff:203.0.113.4")).toBe("203.0.113.4");
    expect(limitKeyOf("2001:db8:aa:bb:1:2:3:4")).toBe("2001:db8:aa:bb::/64");
    expect(limitKeyOf("2001:db8:aa:bb::9")).toBe("2001:db8:aa:bb::/64");
    expect(limitKeyOf(null)).toBe("unknown");
    expect(limitKeyOf("not-an-address")).toBe("not-an-address");
  });
});
