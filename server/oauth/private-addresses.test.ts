import { describe, expect, it } from "vitest";
import { isSpecialUseAddress } from "./private-addresses";

describe("isSpecialUseAddress", () => {
  it("refuses loopback, private, link-local and metadata-service addresses", () => {
    for (const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "0.0.0.0",
      "100.64.0.1",
    ]) {
      expect(isSpecialUseAddress(a), a).toBe(true);
    }
    for (const a of ["::1", "::", "fe80::1", "fd12:3456::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "64:ff9b::a00:1"]) {
      expect(isSpecialUseAddress(a), a).toBe(true);
    }
  });

  it("lets public addresses through, and treats what is not an address as refused", () => {
    for (const a of ["1.1.1.1", "8.8.8.8", "93.184.216.34", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) {
      expect(isSpecialUseAddress(a), a).toBe(false);
    }
    expect(isSpecialUseAddress("example.com")).toBe(true);
  });
});
