import { describe, expect, it } from "vitest";
import { costOf, MODEL_PRICES, priceOf } from "./prices";

describe("model prices", () => {
  it("matches dated snapshots and provider prefixes, the longest model id first", () => {
    expect(priceOf("claude-sonnet-4-5-20250929", "2026-01-01")?.model).toBe("claude-sonnet-4-5");
    expect(priceOf("anthropic/claude-sonnet-4-5", "2026-01-01")?.model).toBe("claude-sonnet-4-5");
    expect(priceOf("gpt-4o-mini-2024-07-18", "2026-01-01")?.model).toBe("gpt-4o-mini");
    expect(priceOf("gpt-4o-2024-08-06", "2026-01-01")?.model).toBe("gpt-4o");
    expect(priceOf("gpt-4", "2026-01-01")).toBeUndefined();
    expect(priceOf("my-own-model", "2026-01-01")).toBeUndefined();
  });

  it("uses the price in force on the call's day", () => {
    expect(priceOf("o3", "2025-05-01")).toMatchObject({ input: 10, output: 40 });
    expect(priceOf("o3", "2025-06-10T00:00:00Z")).toMatchObject({ input: 2, output: 8 });
    expect(priceOf("o3", "2025-04-01")).toBeUndefined();
  });

  it("prices input, cached input and output tokens", () => {
    // 1,000 input tokens of which 400 cached, 500 output: 600 × 3 + 400 × 0.3 + 500 × 15 per million.
    expect(costOf("claude-sonnet-4-5", { input: 1_000, cachedInput: 400, output: 500 }, "2026-01-01")).toBeCloseTo(
      (600 * 3 + 400 * 0.3 + 500 * 15) / 1e6,
      12,
    );
    expect(costOf("claude-sonnet-4-5", {}, "2026-01-01")).toBeUndefined();
    expect(costOf(undefined, { input: 5 })).toBeUndefined();
  });

  it("keeps the table well formed: dates, positive prices, no model twice on one day", () => {
    const seen = new Set<string>();
    for (const p of MODEL_PRICES) {
      expect(p.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(p.input).toBeGreaterThan(0);
      expect(p.output).toBeGreaterThan(0);
      expect(seen.has(`${p.model}@${p.from}`)).toBe(false);
      seen.add(`${p.model}@${p.from}`);
    }
  });
});
