// The random values OAuth hands out (client ids, codes, access and refresh tokens) and what is stored of them: only
// the SHA-256, as for API keys (server/auth/api-keys.ts says why a fast hash is right for 256 random bits).
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export const CODE_PREFIX = "tgo_";
export const ACCESS_TOKEN_PREFIX = "tga_";
export const REFRESH_TOKEN_PREFIX = "tgr_";
export const CLIENT_ID_PREFIX = "tgc_";

export function newSecret(prefix: string): string {
  return prefix + randomBytes(32).toString("base64url");
}

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** RFC 7636 §4.1: 43–128 characters of [A-Z a-z 0-9 - . _ ~]. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 challenge: the base64url SHA-256 of a verifier, 43 characters. */
export const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** Whether `verifier` is the one whose S256 challenge is `challenge` (RFC 7636 §4.6), compared in constant time. */
export function pkceVerifierMatches(verifier: string, challenge: string): boolean {
  if (!VERIFIER.test(verifier)) return false;
  const computed = Buffer.from(createHash("sha256").update(verifier).digest("base64url"));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

export function isPkceVerifier(value: string): boolean {
  return VERIFIER.test(value);
}
