import { describe, expect, it } from "vitest";
import { backoffMs, MAX_ATTEMPTS, nextStep, parseRetryAfter } from "./retry";

describe("judge retries", () => {
  it("reads Retry-After as seconds or an HTTP date, capped at 10 minutes", () => {
    const now = Date.parse("2026-11-27T10:00:00Z");
    expect(parseRetryAfter("3", now)).toBe(3_000);
    expect(parseRetryAfter("0.5", now)).toBe(500);
    expect(parseRetryAfter("Fri, 27 Nov 2026 10:00:07 GMT", now)).toBe(7_000);
    expect(parseRetryAfter("Fri, 27 Nov 2026 09:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("86400", now)).toBe(600_000);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it("backs off 1, 2, 4, … seconds up to a minute", () => {
    expect([1, 2, 3, 4, 7, 8].map(backoffMs)).toEqual([1_000, 2_000, 4_000, 8_000, 60_000, 60_000]);
  });

  it("retries 429, 5xx, timeouts and network errors up to the last attempt; nothing else", () => {
    expect(nextStep("rate_limited", 1, 2_500)).toEqual({ retry: true, delayMs: 2_500 });
    expect(nextStep("server_error", 2, null)).toEqual({ retry: true, delayMs: 2_000 });
    expect(nextStep("timeout", 1, null)).toEqual({ retry: true, delayMs: 1_000 });
    expect(nextStep("network", MAX_ATTEMPTS, null)).toEqual({ retry: false });
    expect(nextStep("refused", 1, null)).toEqual({ retry: false });
    expect(nextStep("bad_answer", 1, null)).toEqual({ retry: false });
    expect(nextStep("blocked", 1, null)).toEqual({ retry: false });
  });
});
