import { describe, expect, it } from "vitest";
import { formatTokens, formatUsd } from "./usage-text";

describe("usage text", () => {
  it("shortens token counts", () => {
    expect([0, 950, 1_000, 1_250, 12_345, 999_999, 4_100_000].map(formatTokens)).toEqual([
      "0",
      "950",
      "1k",
      "1.3k",
      "12k",
      "1M",
      "4.1M",
    ]);
  });

  it("writes dollars to a useful precision", () => {
    expect([null, 0, 0.00042, 0.0421, 1.266, 1234.5].map(formatUsd)).toEqual([
      "—",
      "$0",
      "$0.00042",
      "$0.042",
      "$1.27",
      "$1,235",
    ]);
  });
});
