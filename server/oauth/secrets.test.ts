import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newSecret, pkceVerifierMatches, S256_CHALLENGE } from "./secrets";

describe("PKCE S256", () => {
  // RFC 7636 Appendix B's example.
  const verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
  const challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

  it("matches the RFC's example verifier and challenge", () => {
    expect(S256_CHALLENGE.test(challenge)).toBe(true);
    expect(pkceVerifierMatches(verifier, challenge)).toBe(true);
  });

  it("refuses a wrong verifier, the challenge itself (plain) and a malformed verifier", () => {
    expect(pkceVerifierMatches(verifier.replace("d", "e"), challenge)).toBe(false);
    expect(pkceVerifierMatches(challenge, challenge)).toBe(false);
    expect(pkceVerifierMatches("short", createHash("sha256").update("short").digest("base64url"))).toBe(false);
  });

  it("makes distinct prefixed secrets", () => {
    const a = newSecret("tga_");
    expect(a).toMatch(/^tga_[A-Za-z0-9_-]{43}$/);
    expect(newSecret("tga_")).not.toBe(a);
  });
});
